import * as authApi from '@kontor/contract/api/auth';
import * as envApi from '@kontor/contract/api/environments';
import * as filesApi from '@kontor/contract/api/files';
import { sql } from 'drizzle-orm';
import { trustedEnvId } from '../apps/server/src/db/env-scope';
import { linkIn, startTestApp } from '../apps/server/test/harness';

/**
 * `npm run files -w @kontor/bench`: the file manager's listing of one folder holding 10,000 files
 * (item 6 of issue 9: p99 ≤ 50 ms). An in-process app on PGlite (or TEST_DATABASE_URL's
 * PostgreSQL); every page of the folder is asked for in turn, BENCH_LISTINGS times (default 500),
 * and the time of each whole call (guard, tenant transaction, queries, JSON) is measured.
 */

const listings = Number(process.env.BENCH_LISTINGS ?? 500);
const entries = 10_000;
const password = 'Sicher!2026-bench';

const t = await startTestApp();
try {
  const email = `bench.files.${Date.now()}@example.de`;
  await t.call(authApi.register, { firstname: 'B', name: 'Bench', email, password, password2: password });
  const activation = (await t.newMails()).find((m) => m.to === email);
  if (!activation) throw new Error('no activation mail');
  const [, , user = '', token = ''] = linkIn(activation).split('/');
  await t.call(authApi.activate, { user, token });
  const login = await t.call(authApi.login, { email, password });
  const bearer = login.body.token as string;
  const created = await t.call(envApi.createEnvironment, { name: 'Bench Dateien GmbH', preset: 'none' }, bearer);
  const env = created.body.data?.environment.url_slug as string;
  const details = await t.call(envApi.environmentDetails, { _env: env }, bearer);
  const envId = details.body.data?.environment._id as string;
  const main = details.body.data?.filemanagerDir as string;
  const folder = (await t.call(filesApi.createDirectory, { _env: env, name: 'Belege', location: main }, bearer)).body
    .data?.directory._id as string;
  await t.deps.database.inEnv(trustedEnvId(envId), null, (scope) =>
    scope.tx.execute(sql`
      insert into files (env_id, id, directory_id, name, size, content_type, status)
      select ${envId}, gen_random_uuid(), ${folder}, 'Beleg ' || lpad(n::text, 5, '0') || '.pdf', 1000 + n, 'application/pdf', 'ready'
      from generate_series(1, ${entries}) n`),
  );
  if (t.deps.database.kind === 'pglite') await t.deps.database.analyze();

  const pages = Math.ceil(entries / filesApi.directoryPageSize);
  for (let page = 1; page <= pages; page++) {
    await t.call(filesApi.directoryListing, { _env: env, id: folder, page }, bearer); // warm-up
  }
  const times: number[] = [];
  for (let i = 0; i < listings; i++) {
    const page = (i % pages) + 1;
    const started = process.hrtime.bigint();
    const res = await t.post(filesApi.directoryListing.path, { _env: env, id: folder, page }, bearer);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.statusCode !== 200) throw new Error(`listing answered ${res.statusCode}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
  console.log(
    `\nfolder of ${entries} files, ${listings} listings of ${filesApi.directoryPageSize} entries (${t.deps.database.kind}):` +
      `\n  p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   p99 ${at(0.99)} ms   max ${at(1)} ms   goal: p99 ≤ 50 ms`,
  );
} finally {
  await t.close();
}
