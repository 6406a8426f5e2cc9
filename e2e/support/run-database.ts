import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Which database the app server of a run uses (global-setup.ts). PostgreSQL whenever one is
 * reachable, so the specs that change the server's data behind its back (a module switched off,
 * an environment blocked through the admin CLI) can reach the same database; PGlite otherwise,
 * and those specs are skipped with the reason.
 *
 * 1. `E2E_DATABASE_URL` names the database: it is used as it is (and never dropped).
 * 2. `E2E_DB=pglite` forces the embedded PGlite.
 * 3. Otherwise `E2E_POSTGRES_URL` (default postgres://postgres@127.0.0.1:5432/postgres, trust auth)
 *    is asked to create a fresh database `kontor_e2e_<pid>_<random>` for this run; the teardown
 *    drops it. Not reachable, or not allowed to create a database: PGlite.
 */

export type RunDatabase =
  | Readonly<{ kind: 'pglite'; reason: string }>
  | Readonly<{ kind: 'postgres'; url: string; created?: Readonly<{ adminUrl: string; name: string }> }>;

export const defaultAdminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

const connectTimeoutMs = 3_000;
const runDatabasePattern = /^kontor_e2e_(\d+)_[0-9a-f]{6}$/;

/** The address without a password, for log lines. */
const redact = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
};

const isLocal = (url: string): boolean => {
  try {
    return ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
};

const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

const dropDatabase = async (client: pg.Client, name: string): Promise<void> => {
  // WITH (FORCE) (PostgreSQL 13+) ends connections a killed server may have left behind.
  await client
    .query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)
    .catch(() => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`));
};

/** Databases of earlier runs on this machine whose runner is gone (killed before its teardown). */
const dropStaleDatabases = async (client: pg.Client): Promise<void> => {
  const { rows } = await client.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'kontor\\_e2e\\_%'",
  );
  for (const { datname } of rows) {
    const pid = Number(runDatabasePattern.exec(datname)?.[1] ?? Number.NaN);
    if (Number.isInteger(pid) && pid !== process.pid && !processAlive(pid)) {
      await dropDatabase(client, datname).catch(() => undefined);
    }
  }
};

export const chooseRunDatabase = async (): Promise<RunDatabase> => {
  const given = process.env.E2E_DATABASE_URL;
  if (given) return { kind: 'postgres', url: given };
  if (process.env.E2E_DB === 'pglite') return { kind: 'pglite', reason: 'E2E_DB=pglite' };

  const adminUrl = process.env.E2E_POSTGRES_URL || defaultAdminUrl;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: connectTimeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    return { kind: 'pglite', reason: `no PostgreSQL at ${redact(adminUrl)} (${(error as Error).message})` };
  }
  try {
    // Only on this machine's server can a runner's process id tell whether that run still lives.
    if (isLocal(adminUrl)) await dropStaleDatabases(client);
    const name = `kontor_e2e_${process.pid}_${randomBytes(3).toString('hex')}`;
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { kind: 'postgres', url: url.toString(), created: { adminUrl, name } };
  } catch (error) {
    return {
      kind: 'pglite',
      reason: `PostgreSQL at ${redact(adminUrl)} refused a database for the run (${(error as Error).message})`,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
};

/** Drops the database `chooseRunDatabase` created (after the server has stopped). */
export const dropRunDatabase = async (db: RunDatabase): Promise<void> => {
  if (db.kind !== 'postgres' || !db.created) return;
  const client = new pg.Client({ connectionString: db.created.adminUrl, connectionTimeoutMillis: connectTimeoutMs });
  client.on('error', () => {});
  await client.connect();
  try {
    await dropDatabase(client, db.created.name);
  } finally {
    await client.end().catch(() => undefined);
  }
};

export const describeRunDatabase = (db: RunDatabase): string =>
  db.kind === 'pglite'
    ? `PGlite; specs that change the database directly are skipped: ${db.reason}`
    : db.created
      ? `PostgreSQL, database ${db.created.name} for this run`
      : `PostgreSQL ${redact(db.url)} (E2E_DATABASE_URL)`;
