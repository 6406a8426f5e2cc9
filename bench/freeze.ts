import * as records from '@kontor/contract/api/records';
import { stageChange } from '@kontor/contract/api/stages';
import { userWithEnvironment } from '../apps/server/test/fixtures';
import { startTestApp } from '../apps/server/test/harness';
import { samplePositions } from '../apps/server/test/pdf-samples';

/**
 * `npm run freeze -w @kontor/bench`: freezing an invoice with 20 positions (number + PDF + audit
 * in one transaction, through the API) FREEZE_RUNS times in a row (default 50), median against
 * the target of 250 ms; then 100 freezes from 10 parallel clients in a fresh environment, whose
 * numbers must be 1…100 with no gap and no duplicate. PGlite by default; with TEST_DATABASE_URL
 * on PostgreSQL (where the parallel clients really run in parallel).
 */
const runs = Number(process.env.FREEZE_RUNS ?? 50);
const target = 250;
const log = (line: string) => console.log(line);
// The sample lines with the units of the invoice type's options.
const positions = samplePositions(20).map((p) => ({ ...p, unit: p.unit === 'Std.' ? 'std' : 'stk' }));

const t = await startTestApp();
try {
  const draftsOf = async (who: Awaited<ReturnType<typeof userWithEnvironment>>, count: number) => {
    const customers = await t.call(
      records.simpleTableData,
      { _env: who.env, model: 'DynamicRecord', type: 'customers' },
      who.token,
    );
    const customer = customers.body.data?.rows[0]?._id ?? '';
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await t.call(
        records.saveRecord,
        {
          _env: who.env,
          type: 'invoices',
          id: 'new',
          data: { customer, date: '2026-03-02', subject: `Rechnung ${i + 1}`, positions },
        },
        who.token,
      );
      if (res.statusCode !== 200) throw new Error(`draft failed: ${JSON.stringify(res.body)}`);
      ids.push(res.body.data?.key ?? '');
    }
    return ids;
  };
  const freeze = (who: Awaited<ReturnType<typeof userWithEnvironment>>, id: string) =>
    t.call(stageChange, { _env: who.env, type: 'invoices', stage: 'sent', id }, who.token);

  // Sequential: the latency of one freeze.
  const solo = await userWithEnvironment(t, 'Bench Einzeln GmbH', 'craftsman');
  const soloIds = await draftsOf(solo, runs + 5);
  for (const id of soloIds.slice(0, 5)) await freeze(solo, id); // warm-up
  const times: number[] = [];
  for (const id of soloIds.slice(5)) {
    const started = performance.now();
    const res = await freeze(solo, id);
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`freeze failed: ${JSON.stringify(res.body)}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;

  // Parallel: 100 freezes from 10 clients, each client freezing its 10 invoices in turn.
  const crowd = await userWithEnvironment(t, 'Bench Parallel GmbH', 'craftsman');
  const crowdIds = await draftsOf(crowd, 100);
  const numbers: string[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async (_, client) => {
      for (const id of crowdIds.slice(client * 10, client * 10 + 10)) {
        const res = await freeze(crowd, id);
        if (res.statusCode !== 200) throw new Error(`freeze failed: ${JSON.stringify(res.body)}`);
        numbers.push(res.body.data?.frozen?.number ?? '');
      }
    }),
  );
  const elapsed = performance.now() - started;
  const values = numbers.map((n) => Number(n.slice(-4))).sort((a, b) => a - b);
  const gapless = values.length === 100 && values.every((v, i) => v === i + 1);

  log(`Festschreiben einer Rechnung mit 20 Positionen (Nummer + PDF + Prüfkette), ${runs} Durchläufe`);
  log(`  Median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms`);
  log(`  Ziel Median ≤ ${target} ms: ${at(0.5) <= target ? 'erreicht' : 'verfehlt'}`);
  log(`100 Festschreibungen von 10 parallelen Clients in ${(elapsed / 1000).toFixed(1)} s`);
  log(
    `  Nummern ${values[0]}…${values.at(-1)}, ${new Set(values).size} verschieden: ${gapless ? 'lückenlos, ohne Doppelte' : 'FEHLER'}`,
  );
  if (!gapless) process.exitCode = 1;
} finally {
  await t.close();
}
