import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type EnvId, type EnvScope, withEnv } from './env-scope';
import { isUuid } from './ids';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = Readonly<{
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Vacuums and refreshes planner statistics as the table owner (after bulk loads; the app role may not). */
  analyze: () => Promise<void>;
  /** A transaction bound to one environment (see env-scope.ts `withEnv`), on the driver's fastest path. */
  inEnv: <T>(envId: EnvId, userId: string | null, work: (scope: EnvScope) => Promise<T>) => Promise<T>;
}>;

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

/** The role every request runs as; Row Level Security binds it (see migration 0001). */
export const appRole = 'kontor_app';
/** The login role (a member of kontor_app) the server connects as by default (see migration 0008). */
export const appLoginRole = 'kontor_app_login';

export type DatabaseOptions = Readonly<{
  /** PostgreSQL connection string of the owner: migrations and maintenance. Without it the embedded PGlite is used. */
  url?: string;
  /** PostgreSQL connection string requests are served through; default: `url` as kontor_app_login without password. */
  appUrl?: string;
  /** PGlite data directory; without it (and without url) an in-memory database. */
  dataDir?: string;
  poolSize?: number;
}>;

/** Opens the database, applies pending migrations and drops to the application role. */
export const openDatabase = async (options: DatabaseOptions): Promise<Database> =>
  options.url
    ? openPostgres(options.url, options.appUrl ?? asUser(options.url, appLoginRole), options.poolSize ?? 10)
    : openPglite(options.dataDir);

const openPglite = async (dataDir: string | undefined): Promise<Database> => {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const extensions = { pg_trgm };
  const client = dataDir
    ? await PGlite.create(path.join(dataDir, 'pgdata'), { extensions })
    : await PGlite.create({ extensions });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // PGlite's single user is a superuser, which Row Level Security never binds, so the session
  // switches to the application role. Unlike on a server, RESET ROLE could undo this; acceptable
  // because PGlite is embedded: one process, no network, no other login to fall back to.
  await client.exec(`SET ROLE ${appRole}`);
  const analyze = async () => {
    // One statement per call: VACUUM refuses to run inside the implicit block of a multi-statement exec.
    await client.exec('RESET ROLE');
    await client.exec('VACUUM ANALYZE');
    await client.exec(`SET ROLE ${appRole}`);
  };
  const inEnv: Database['inEnv'] = (envId, userId, work) => withEnv(db as unknown as Db, envId, userId, work);
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), analyze, inEnv };
};

/** The connection string with another user and no password (for trust authentication). */
const asUser = (url: string, user: string): string => {
  const u = new URL(url);
  u.username = user;
  u.password = '';
  return u.toString();
};

/**
 * Refuses to serve through a role that Row Level Security would not bind: a superuser, a role
 * that bypasses RLS or owns the tables, or one that could become such a role (SET ROLE reaches
 * every role it is a member of).
 */
const checkServingRole = async (pool: pg.Pool, appUrl: string): Promise<void> => {
  const user = new URL(appUrl).username || '(default)';
  const hint = `Set DATABASE_APP_URL to a login role that is a member of ${appRole} (see README, Configuration).`;
  const result = await pool
    .query<{ unsafe: boolean; member: boolean }>(
      `SELECT
         exists (SELECT 1 FROM pg_roles r WHERE (r.rolsuper OR r.rolbypassrls) AND pg_has_role(current_user, r.oid, 'MEMBER'))
         OR exists (SELECT 1 FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND pg_has_role(current_user, c.relowner, 'MEMBER')) AS unsafe,
         pg_has_role(current_user, '${appRole}', 'USAGE') AS member`,
    )
    .catch((error: Error) => {
      throw new Error(`Cannot connect to PostgreSQL as ${user}: ${error.message}. ${hint}`);
    });
  const row = result.rows[0];
  if (row?.unsafe) throw new Error(`${user} is a superuser, bypasses RLS or owns the tables. ${hint}`);
  if (!row?.member) throw new Error(`${user} is not a member of ${appRole}. ${hint}`);
};

const openPostgres = async (url: string, appUrl: string, poolSize: number): Promise<Database> => {
  const migrationPool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migratePg(drizzlePg(migrationPool, { schema }), { migrationsFolder });
  } finally {
    await migrationPool.end();
  }
  // Requests run as a login role bound by Row Level Security, never as the owner that migrated.
  const pool = new pg.Pool({ connectionString: appUrl, max: poolSize });
  pool.on('error', () => {}); // an idle client's error surfaces again on its next use
  try {
    await checkServingRole(pool, appUrl);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg(pool, { schema });
  const analyze = async () => {
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    await owner.query('VACUUM ANALYZE');
    await owner.end();
  };
  // BEGIN and the tenant setting travel in one round trip (a simple-protocol query may hold two
  // statements); the id is a checked uuid, so it can be a literal. Every request saves a write.
  const inEnv: Database['inEnv'] = async (envId, userId, work) => {
    if (!isUuid(envId)) throw new Error('environment id must be a uuid');
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(`BEGIN; SELECT set_config('app.env_id', '${envId}', true)`);
      const tx = drizzlePg(client) as unknown as Tx;
      const result = await work({ envId, userId, tx });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is dropped, never handed to the next request.
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end(), analyze, inEnv };
};
