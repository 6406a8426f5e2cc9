import fs from 'node:fs';
import { benchUser, generate, smallEnvName } from './generate';
import { cities, seededRandom } from './german-data';
import { load, type Measured, post } from './scenarios';
import { prepareTarget, startServer, stopServer, url } from './server-process';

/**
 * The soak (issue 19 item 4, `npm run bench -- --long`): first the list's maximum throughput, then
 * SOAK_SECONDS (default 600) at 70 % of it, 80 % list reads and 20 % saves, in windows of
 * SOAK_WINDOW seconds (default 60). Each window's p99 and the server's RSS are printed; the drift
 * compares the first windows with the last (goals: 0 errors, RSS ≤ +10 %, p99 ≤ +20 %).
 * SOAK_TARGET=postgres (default) or pglite.
 */
const soakSeconds = Number(process.env.SOAK_SECONDS ?? 600);
const windowSeconds = Number(process.env.SOAK_WINDOW ?? 60);
const targetName = process.env.SOAK_TARGET ?? 'postgres';
const log = (line: string) => console.log(line);

const rssMb = (pid: number): number => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
};

type Env = { url_slug: string; name: string };
type Row = { _id: string };
type FormData = { values: Record<string, unknown> };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percent = (from: number, to: number) => (from > 0 ? (100 * (to - from)) / from : 0);

const main = async () => {
  const target = await prepareTarget(targetName);
  Object.assign(process.env, target.env, { DEMO: '0', LOG_LEVEL: 'silent' });
  await generate(log);
  const server = await startServer(target);
  const pid = server.pid ?? 0;
  try {
    const { token } = await post<{ token: string }>(url, '/api/users/login', null, benchUser);
    const envs = (await post<{ data: Env[] }>(url, '/api/environments/list', token, {})).data;
    const env = envs.find((e) => e.name === smallEnvName(0))?.url_slug;
    if (!env) throw new Error('bench environment missing');

    const random = seededRandom(11);
    const reads = Array.from({ length: 500 }, () => ({
      _env: env,
      model: 'DynamicRecord',
      type: 'customers',
      filter: { city: cities[Math.floor(random() * cities.length)]?.[1] ?? 'Berlin' },
      sort: { field: 'name', dir: 'asc' },
      pageSize: 50,
    }));
    // The saves rewrite existing customers (their own values, a new note), so the data set keeps
    // its size and a drift cannot come from a growing table.
    const rows = (
      await post<{ data: { rows: Row[] } }>(url, '/api/simpletable/data', token, {
        _env: env,
        model: 'DynamicRecord',
        type: 'customers',
        pageSize: 100,
      })
    ).data.rows;
    const writes: object[] = [];
    for (const [i, row] of rows.entries()) {
      const form = await post<{ data: FormData }>(url, '/api/dynamic-records/form', token, {
        _env: env,
        type: 'customers',
        id: row._id,
      });
      const { _id, ...values } = form.data.values;
      writes.push({ _env: env, type: 'customers', id: row._id, data: { ...values, notes: `Soak ${i}` } });
    }

    await load(url, '/api/simpletable/data', token, reads, { connections: 10, seconds: 10 }); // warm-up
    const max = await load(url, '/api/simpletable/data', token, reads, {
      connections: 10,
      seconds: 20,
      serverPid: pid,
    });
    const rate = Math.max(10, Math.round(0.7 * max.requestsPerSecond));
    log(`list maximum ${max.requestsPerSecond.toFixed(0)} req/s (p99 ${max.p99} ms) → soak at ${rate} req/s, 80/20`);
    log('| window | reads req/s | reads p99 ms | writes req/s | writes p99 ms | errors | RSS MB |');
    log('|---:|---:|---:|---:|---:|---:|---:|');

    const windows: Array<{ reads: Measured; writes: Measured; rss: number }> = [];
    for (let w = 0; w < Math.max(1, Math.round(soakSeconds / windowSeconds)); w++) {
      const [r, wr] = await Promise.all([
        load(url, '/api/simpletable/data', token, reads, { connections: 8, seconds: windowSeconds, rate: rate * 0.8 }),
        load(url, '/api/dynamic-records/save', token, writes, {
          connections: 2,
          seconds: windowSeconds,
          rate: rate * 0.2,
        }),
      ]);
      const rss = rssMb(pid);
      windows.push({ reads: r, writes: wr, rss });
      log(
        `| ${w + 1} | ${r.requestsPerSecond.toFixed(0)} | ${r.p99} | ${wr.requestsPerSecond.toFixed(0)} | ${wr.p99} | ${r.errors + r.non2xx + wr.errors + wr.non2xx} | ${rss.toFixed(0)} |`,
      );
    }

    // The first window warms caches and the JIT; the drift compares the next ones with the last.
    const settled = windows.length > 3 ? windows.slice(1) : windows;
    const head = settled.slice(0, Math.max(1, Math.floor(settled.length / 3)));
    const tail = settled.slice(-head.length);
    const errors = windows.reduce((n, w) => n + w.reads.errors + w.reads.non2xx + w.writes.errors + w.writes.non2xx, 0);
    const rssDrift = percent(median(head.map((w) => w.rss)), median(tail.map((w) => w.rss)));
    const p99Drift = percent(median(head.map((w) => w.reads.p99)), median(tail.map((w) => w.reads.p99)));
    log(`\nsoak ${targetName}, ${soakSeconds} s at ${rate} req/s (70 % of the list maximum):`);
    log(`- errors: ${errors} (goal 0) ${errors === 0 ? 'ok' : 'FAILED'}`);
    log(`- RSS drift: ${rssDrift.toFixed(1)} % (goal ≤ 10 %) ${rssDrift <= 10 ? 'ok' : 'FAILED'}`);
    log(`- read p99 drift: ${p99Drift.toFixed(1)} % (goal ≤ 20 %) ${p99Drift <= 20 ? 'ok' : 'FAILED'}`);
    if (errors > 0 || rssDrift > 10 || p99Drift > 20) process.exitCode = 1;
  } finally {
    await stopServer(server);
  }
};

await main();
