import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The bench's processes: the product server (main.ts in production mode, through tsx) and the
 * bare route, on PGlite or PostgreSQL. BENCH_PG (admin URL, default local PostgreSQL), BENCH_DB
 * (database on that server, default kontor_bench), BENCH_PORT (default 3999).
 */
export const root = path.resolve(import.meta.dirname, '..');
export const out = path.join(import.meta.dirname, 'out');
/**
 * PostgreSQL on this machine through its Unix socket where there is one, as a server beside its
 * database should connect: a query's round trip over loopback TCP costs the server far more CPU in
 * `writev` (README, Performance). The product and the bare route use the same connection string.
 */
const localSocket = '/var/run/postgresql';
export const pgAdmin =
  process.env.BENCH_PG ??
  (fs.existsSync(`${localSocket}/.s.PGSQL.5432`)
    ? `postgres://postgres@localhost:5432/postgres?host=${localSocket}`
    : 'postgres://postgres@127.0.0.1:5432/postgres');
/** How the bench reaches PostgreSQL, for its header. */
export const pgTransport = () => (new URL(pgAdmin).searchParams.get('host')?.startsWith('/') ? 'Unix socket' : 'TCP');
const pgDatabase = process.env.BENCH_DB ?? 'kontor_bench';
export const port = Number(process.env.BENCH_PORT ?? 3999);
export const url = `http://127.0.0.1:${port}`;

/** Connections to PostgreSQL, the product's and the bare route's alike (BENCH_POOL_SIZE). */
export const benchPoolSize = process.env.BENCH_POOL_SIZE ?? '10';

export type Target = { name: 'pglite' | 'postgres'; env: Record<string, string> };

export const prepareTarget = async (name: string): Promise<Target> => {
  if (name === 'pglite') return { name, env: { DATA_DIR: path.join(out, 'pglite') } };
  const admin = new pg.Client({ connectionString: pgAdmin });
  await admin.connect();
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(pgDatabase)) throw new Error(`BENCH_DB must be a plain name: ${pgDatabase}`);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [pgDatabase]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${pgDatabase}`);
  await admin.end();
  const dbUrl = new URL(pgAdmin);
  dbUrl.pathname = `/${pgDatabase}`;
  return { name: 'postgres', env: { DATABASE_URL: dbUrl.toString(), DATABASE_POOL_SIZE: benchPoolSize } };
};

const withEnv = (extra: Record<string, string>) => ({
  ...process.env,
  ...extra,
  DEMO: '0',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  // Production refuses to start without a mail transport; the scenarios send no mail.
  SMTP_URL: process.env.SMTP_URL ?? 'smtp://127.0.0.1:9',
  // …nor without a key for signed file URLs.
  FILE_URL_SECRET: process.env.FILE_URL_SECRET ?? 'bench-file-url-secret-not-for-real-use',
});

export const barePort = port - 1;
export const bareUrl = `http://127.0.0.1:${barePort}`;

/** Starts a Node process and waits until `ready` answers. */
const startProcess = async (args: string[], env: NodeJS.ProcessEnv, ready: string): Promise<ChildProcess> => {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500));
    if (
      await fetch(ready, { method: ready.endsWith('/healthz') ? 'GET' : 'POST' })
        .then((r) => r.status < 500 || ready.includes('/bare/'))
        .catch(() => false)
    )
      return child;
  }
  child.kill();
  throw new Error(`${args.join(' ')} did not start`);
};

export const startServer = (target: Target) =>
  startProcess(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    withEnv({ ...target.env, PORT: String(port), HOST: '127.0.0.1' }),
    `${url}/healthz`,
  );

export const startBare = (target: Target) =>
  startProcess(
    ['--import', 'tsx', 'bench/bare-server.ts'],
    withEnv({ ...target.env, BARE_PORT: String(barePort) }),
    `${bareUrl}/bare/list`,
  );

export const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
