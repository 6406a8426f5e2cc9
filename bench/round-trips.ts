import { benchUser, bigEnvName } from './generate';
import { bigListBody, deepCursor, load, type Measured, post } from './scenarios';
import { bareUrl, pgTransport, prepareTarget, startBare, startServer, stopServer, url } from './server-process';

/**
 * `npm run round-trips -w @kontor/bench` (PostgreSQL): what the tenant transaction's round trips
 * cost, beside the product in the same run. The deep list page on the bare route sent three ways
 * (bare-server.ts, BARE_SHAPE): the statement alone; BEGIN with the tenant setting, the
 * statement and COMMIT as three round trips (the product's shape without its guard read); the same
 * three joined into one simple-protocol query. Each shape twice, interleaved, against the noise.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const target = await prepareTarget('postgres');
Object.assign(process.env, target.env);

const server = await startServer(target);
const { token } = await post<{ token: string }>(url, '/api/users/login', null, benchUser);
const envs = (await post<{ data: Array<{ url_slug: string; name: string }> }>(url, '/api/environments/list', token, {}))
  .data;
const big = envs.find((e) => e.name === bigEnvName)?.url_slug;
if (!big) throw new Error('bench environment missing: run `npm run lists -w @kontor/bench` once');
const deep = [bigListBody(big, await deepCursor(url, token, big, 200))];
const lines: string[] = [];
const line = (label: string, m: Measured) =>
  lines.push(
    `| ${label} | ${m.requestsPerSecond.toFixed(0)} | ${m.p99} | ${m.nodeCpuMs.toFixed(2)} | ${m.pgCpuMs.toFixed(2)} |`,
  );
await load(url, '/api/simpletable/data', token, deep, { connections: 10, seconds: 3 }); // warm-up
line(
  'product',
  await load(url, '/api/simpletable/data', token, deep, { connections: 10, seconds, serverPid: server.pid }),
);
await stopServer(server);

for (const shape of ['one', 'three', 'joined', 'one', 'three', 'joined']) {
  process.env.BARE_SHAPE = shape;
  const bare = await startBare(target);
  try {
    await load(bareUrl, '/bare/list', null, deep, { connections: 10, seconds: 3 }); // warm-up
    line(
      `bare, ${shape}`,
      await load(bareUrl, '/bare/list', null, deep, { connections: 10, seconds, serverPid: bare.pid }),
    );
  } finally {
    await stopServer(bare);
  }
}
console.log(
  [
    `\n### Round trips: deep list page, PostgreSQL (${pgTransport()}), ${seconds} s each, 10 connections`,
    '',
    '| route | requests/s | p99 ms | Node CPU ms/req | PostgreSQL CPU ms/req |',
    '|---|---:|---:|---:|---:|',
    ...lines,
  ].join('\n'),
);
