import fs from 'node:fs';
import path from 'node:path';
import { benchUser, bigEnvName, generate, smallEnvCount, smallEnvName } from './generate';
import { cities, positions, searchTerms, seededRandom } from './german-data';
import { bigListBody, deepCursor, load, type Measured, post, sequential } from './scenarios';
import {
  bareUrl,
  out,
  pgTransport,
  prepareTarget,
  startBare,
  startServer,
  stopServer,
  type Target,
  url,
} from './server-process';

/**
 * `npm run bench`: generates the data set (once per database), starts the real server as a child
 * process and measures the list, form and save calls over HTTP. BENCH_TARGETS=pglite,postgres
 * (default both), BENCH_SECONDS (default 30); the servers' settings in server-process.ts.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((s) => s.trim());
const log = (line: string) => console.log(line);

type Env = { url_slug: string; name: string };
type ListData = { rows: Array<{ _id: string }>; nextCursor: string | null; total: number };

const measureTarget = async (target: Target) => {
  log(`\n== ${target.name} ==`);
  const started = Date.now();
  Object.assign(process.env, target.env, { DEMO: '0', LOG_LEVEL: 'silent' });
  await generate(log);
  log(`  Daten bereit nach ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const server = await startServer(target);
  try {
    const login = await post<{ token: string }>(url, '/api/users/login', null, benchUser);
    const token = login.token;
    const envs = (await post<{ data: Env[] }>(url, '/api/environments/list', token, {})).data;
    const small = envs.filter((e) => Array.from({ length: smallEnvCount }, (_, i) => smallEnvName(i)).includes(e.name));
    const big = envs.find((e) => e.name === bigEnvName);
    if (small.length !== smallEnvCount || !big) throw new Error('bench environments missing');

    const random = seededRandom(7);
    const anyEnv = () => small[Math.floor(random() * small.length)]?.url_slug;
    // The headline scenario: a field filter (the list's `filter`), sorted, a page of 50.
    const listBody = () => ({
      _env: anyEnv(),
      model: 'DynamicRecord',
      type: 'customers',
      filter: { city: cities[Math.floor(random() * cities.length)]?.[1] ?? 'Berlin' },
      sort: { field: 'name', dir: 'asc' },
      pageSize: 50,
    });
    // The search box: substring over the list's searchable cells.
    const searchBody = () => ({
      _env: anyEnv(),
      model: 'DynamicRecord',
      type: 'customers',
      search: searchTerms[Math.floor(random() * searchTerms.length)],
      sort: { field: 'name', dir: 'asc' },
      pageSize: 50,
    });
    const many = (make: () => object) => Array.from({ length: 500 }, make);
    const listBodies = many(listBody);
    const searchBodies = many(searchBody);
    const serverPid = server.pid;
    const shortSeconds = Math.max(5, Math.round(seconds / 3));
    await load(url, '/api/simpletable/data', token, listBodies, { connections: 10, seconds: 5 }); // warm-up
    const list = await load(url, '/api/simpletable/data', token, listBodies, { connections: 10, seconds, serverPid });
    const search = await load(url, '/api/simpletable/data', token, searchBodies, {
      connections: 10,
      seconds: shortSeconds,
      serverPid,
    });

    // Page 1 against the page at depth 10,000 of the 100,000-record environment (keyset cursor).
    const pageBody = (cursor?: string) => bigListBody(big.url_slug, cursor);
    const deep10k = await deepCursor(url, token, big.url_slug, 200);
    const depthSeconds = Math.max(5, Math.round(seconds / 3));
    const page1 = await load(url, '/api/simpletable/data', token, [pageBody()], {
      connections: 10,
      seconds: depthSeconds,
      serverPid,
    });
    const deep = await load(url, '/api/simpletable/data', token, [pageBody(deep10k)], {
      connections: 10,
      seconds: depthSeconds,
      serverPid,
    });

    // The same four at a fixed rate, half of what the product reached: its latency when it is not
    // the queue (at full speed, 10 connections wait 10 / throughput on average, whatever the code).
    const scenarioBodies = {
      list: listBodies,
      search: searchBodies,
      page1: [pageBody()],
      deep: [pageBody(deep10k)],
    };
    const rates = {
      list: Math.max(1, Math.round(list.requestsPerSecond / 2)),
      search: Math.max(1, Math.round(search.requestsPerSecond / 2)),
      page1: Math.max(1, Math.round(page1.requestsPerSecond / 2)),
      deep: Math.max(1, Math.round(deep.requestsPerSecond / 2)),
    };
    const steadyRuns = async (base: string, urlPath: string, bearer: string | null, pid: number | undefined) => {
      const runs = {} as Record<keyof typeof rates, Measured>;
      for (const key of Object.keys(rates) as Array<keyof typeof rates>) {
        runs[key] = await load(base, urlPath, bearer, scenarioBodies[key], {
          connections: 10,
          seconds: depthSeconds,
          serverPid: pid,
          rate: rates[key],
          paced: true,
        });
      }
      return runs;
    };
    const steady = await steadyRuns(url, '/api/simpletable/data', token, serverPid);

    // Form load of random records.
    const ids: Array<{ env: string; id: string }> = [];
    for (const e of small.slice(0, 5)) {
      const data = (
        await post<{ data: ListData }>(url, '/api/simpletable/data', token, {
          _env: e.url_slug,
          model: 'DynamicRecord',
          type: 'customers',
          pageSize: 100,
        })
      ).data;
      ids.push(...data.rows.map((r) => ({ env: e.url_slug, id: r._id })));
    }
    const form = await load(
      url,
      '/api/dynamic-records/form',
      token,
      many(() => {
        const pickId = ids[Math.floor(random() * ids.length)];
        return { _env: pickId?.env, type: 'customers', id: pickId?.id };
      }),
      { connections: 10, seconds: depthSeconds, serverPid },
    );

    // Saving an invoice with 20 positions, one request at a time.
    const saveEnv = small[0]?.url_slug as string;
    const customerId = ids.find((x) => x.env === saveEnv)?.id;
    const runId = Date.now().toString(36);
    const save = await sequential(300, async (i) => {
      await post(url, '/api/dynamic-records/save', token, {
        _env: saveEnv,
        type: 'invoices',
        id: 'new',
        data: {
          number: `B-${runId}-${i}`,
          customer: customerId,
          date: '2026-11-22',
          subject: 'Benchmark',
          positions: positions(random, 20),
        },
      });
    });
    await stopServer(server);

    // The same bodies against the bare route, with the product server stopped (PGlite has one owner).
    const bare = await startBare(target);
    try {
      const barePid = bare.pid;
      const bareList = '/bare/list';
      await load(bareUrl, bareList, null, listBodies, { connections: 10, seconds: 5 }); // warm-up
      const baseline = {
        list: await load(bareUrl, bareList, null, listBodies, { connections: 10, seconds, serverPid: barePid }),
        search: await load(bareUrl, bareList, null, searchBodies, {
          connections: 10,
          seconds: shortSeconds,
          serverPid: barePid,
        }),
        page1: await load(bareUrl, bareList, null, [pageBody()], {
          connections: 10,
          seconds: depthSeconds,
          serverPid: barePid,
        }),
        deep: await load(bareUrl, bareList, null, [pageBody(deep10k)], {
          connections: 10,
          seconds: depthSeconds,
          serverPid: barePid,
        }),
      };
      const bareSteady = await steadyRuns(bareUrl, bareList, null, barePid);
      return { list, search, page1, deep, form, save, baseline, rates, steady, bareSteady };
    } finally {
      await stopServer(bare);
    }
  } finally {
    if (server.exitCode === null) await stopServer(server);
  }
};

const fmt = (n: number, digits = 1) =>
  n.toLocaleString('de-DE', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const row = (label: string, m: Measured, bare?: Measured) =>
  `| ${label} | ${fmt(m.requestsPerSecond, 0)} | ${fmt(m.p50)} | ${fmt(m.p99)} | ${bare ? fmt(bare.requestsPerSecond, 0) : '–'} | ${bare ? fmt(bare.p99) : '–'} | ${bare ? `${fmt((100 * m.requestsPerSecond) / bare.requestsPerSecond, 0)} %` : '–'} | ${fmt(m.nodeCpuMs, 2)} / ${bare ? fmt(bare.nodeCpuMs, 2) : '–'} | ${fmt(m.pgCpuMs, 2)} / ${bare ? fmt(bare.pgCpuMs, 2) : '–'} | ${m.errors + m.non2xx} |`;

const steadyRow = (label: string, rate: number, m: Measured, bare: Measured) =>
  `| ${label} | ${fmt(rate, 0)} | ${fmt(m.p50)} | ${fmt(m.p99)} | ${fmt(bare.p50)} | ${fmt(bare.p99)} | ${fmt(m.p99 / Math.max(1, bare.p99), 2)}× |`;

/** The mean latency that 10 busy connections cannot go below at the throughput measured, in ms. */
const queueFloors = (r: Record<'list' | 'search' | 'page1' | 'deep', Measured>) =>
  [r.list, r.search, r.page1, r.deep].map((m) => `${fmt(10_000 / Math.max(1, m.requestsPerSecond))} ms`).join(' / ');

const main = async () => {
  fs.mkdirSync(out, { recursive: true });
  const lines: string[] = [];
  for (const name of targets) {
    const target = await prepareTarget(name);
    const r = await measureTarget(target);
    const ratio = r.deep.mean / r.page1.mean;
    lines.push(
      `\n### ${name === 'pglite' ? 'PGlite (embedded)' : `PostgreSQL (${pgTransport()})`} — ${seconds} s, 10 connections`,
      '',
      '| scenario | requests/s | p50 ms | p99 ms | bare route req/s | bare p99 ms | of bare | Node CPU ms/req (product / bare) | PostgreSQL CPU ms/req (product / bare) | errors |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      row('list: filter + sort + page of 50 (20 environments × 5,000)', r.list, r.baseline.list),
      row('list: search box + sort + page of 50', r.search, r.baseline.search),
      row('list page 1 (100,000 records, sorted)', r.page1, r.baseline.page1),
      row('list page at depth 10,000 (keyset cursor)', r.deep, r.baseline.deep),
      row('form load', r.form),
      '',
      `At a fixed rate, half the product's maximum above, requests evenly spaced (the same rate for the bare route; ${Math.max(5, Math.round(seconds / 3))} s each, at most 10 connections):`,
      '',
      '| scenario | rate req/s | p50 ms | p99 ms | bare p50 ms | bare p99 ms | p99 of bare |',
      '|---|---:|---:|---:|---:|---:|---:|',
      steadyRow('list: filter + sort + page of 50', r.rates.list, r.steady.list, r.bareSteady.list),
      steadyRow('list: search box + sort + page of 50', r.rates.search, r.steady.search, r.bareSteady.search),
      steadyRow('list page 1 (100,000 records, sorted)', r.rates.page1, r.steady.page1, r.bareSteady.page1),
      steadyRow('list page at depth 10,000 (keyset cursor)', r.rates.deep, r.steady.deep, r.bareSteady.deep),
      '',
      `- at full speed, 10 connections wait on average 10 / throughput (Little's law), a floor under every p99: bare route ${queueFloors(r.baseline)}, product ${queueFloors(r)} (filter, search, page 1, deep page)`,
      `- depth 10,000 / page 1 mean latency: ${fmt(ratio, 2)}×`,
      '- bare route: the same SQL (recordListPlan + recordListStatement) on a bare Fastify route without session, membership, RLS transaction, envelope or answer schema; load from a separate process pinned to its own core where `taskset` exists',
      `- save invoice with 20 positions (sequential, 300×): median ${fmt(r.save.median)} ms, p90 ${fmt(r.save.p90)} ms, p99 ${fmt(r.save.p99)} ms`,
    );
    fs.writeFileSync(path.join(out, `results-${name}.json`), JSON.stringify(r, null, 2));
  }
  console.log(lines.join('\n'));
};

await main();
