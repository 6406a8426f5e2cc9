import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db, Tx } from './db-types';
import {
  decideOneTrip,
  decideOpened,
  type EnvOpening,
  type OneTripRead,
  type Opened,
  oneTripStatement,
  openingStatement,
  type ReadOpened,
} from './env-opening';
import type { EnvId, EnvScope } from './env-scope';
import { ClientGoneError } from './errors';
import { isUuid } from './ids';
import * as schema from './schema';
import { turnGate } from './turn-gate';

export type { Db, Tx } from './db-types';

export type Database = Readonly<{
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Vacuums and refreshes planner statistics as the table owner (after bulk loads; the app role may not). */
  analyze: () => Promise<void>;
  /**
   * Work as the table owner outside any transaction: DDL such as `CREATE INDEX CONCURRENTLY`, which
   * the app role may not run and which PostgreSQL refuses inside a transaction block. On PGlite the
   * work holds the gate's turn (nothing else runs meanwhile); on PostgreSQL it has a session of its
   * own without a statement timeout (an index over many records takes its time). With `startLock`
   * (PostgreSQL) the session first takes the migrations' advisory lock: what a start or the
   * housekeeping does to the schema takes turns with every other process's (issue 28 item 5).
   */
  asOwner: <T>(work: (query: OwnerQuery) => Promise<T>, options?: { startLock?: boolean }) => Promise<T>;
  /**
   * A transaction bound to one environment (see env-scope.ts `withEnv`), on the driver's fastest
   * path, within a time budget. When `signal` aborts (the client has gone) the transaction is
   * rolled back: a waiting one never starts, a running statement is cancelled (PostgreSQL), and
   * the work's result is not committed (ClientGoneError).
   */
  inEnv: <T>(
    envId: EnvId,
    userId: string | null,
    work: (scope: EnvScope) => Promise<T>,
    signal?: AbortSignal,
  ) => Promise<T>;
  /**
   * As `inEnv`, for a transaction whose environment its opening read decides (env-opening.ts):
   * the guard's read travels with BEGIN and the tenant setting, one round trip in all.
   */
  inEnvOpened: <O, T>(
    opening: EnvOpening<O>,
    work: (scope: EnvScope, opened: O) => Promise<T>,
    signal?: AbortSignal,
  ) => Promise<T>;
  /**
   * A tenant read in one round trip (issue 16): BEGIN READ ONLY, the opening, a statement written
   * before the opening decides, and COMMIT. The statement runs under Row Level Security in whatever
   * environment the opening entered (none when it refused, so no row); its rows are handed out only
   * when `decide` accepts and the environment entered is the read's expected one (else `rows` is
   * null). A refusal throws as in `inEnvOpened`. Answers null when the round trip itself failed:
   * the caller then takes the usual path, which reports what went wrong in the usual order.
   */
  readOpened: <O>(opening: EnvOpening<O>, read: OneTripRead, signal?: AbortSignal) => Promise<ReadOpened<O> | null>;
}>;

/** How a tenant transaction starts: its first statements, and whose scope their last row makes it. */
type TenantStart<O> = Readonly<{ open: string; decide: (row: Record<string, unknown> | undefined) => Opened<O> }>;

/** Entering a known environment: nothing to decide. */
const knownEnv = (envId: EnvId, userId: string | null, settings: string): TenantStart<undefined> => {
  if (!isUuid(envId)) throw new Error('environment id must be a uuid');
  return {
    open: `BEGIN; SELECT set_config('app.env_id', '${envId}', true)${settings}`,
    decide: () => ({ envId, userId, opened: undefined }),
  };
};

const openedBy = <O>(opening: EnvOpening<O>, settings: string): TenantStart<O> => ({
  open: openingStatement(opening, settings),
  decide: (row) => decideOpened(opening, row),
});

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

/** The role every request runs as; Row Level Security binds it (see migration 0001). */
export const appRole = 'kontor_app';
/** The login role (a member of kontor_app) the server connects as by default (see migration 0008). */
export const appLoginRole = 'kontor_app_login';

/** One statement as the owner; answers its rows. */
export type OwnerQuery = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export type DatabaseOptions = Readonly<{
  /** PostgreSQL connection string of the owner: migrations and maintenance. Without it the embedded PGlite is used. */
  url?: string;
  /** PostgreSQL connection string requests are served through; default: `url` as kontor_app_login without password. */
  appUrl?: string;
  /** PGlite data directory; without it (and without url) an in-memory database. */
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL: how long one statement of a tenant transaction may run (SQLSTATE 57014 beyond). */
  statementTimeoutMs?: number;
  /** PGlite: how long a database call may wait for its turn (DatabaseBusyError beyond). */
  queueTimeoutMs?: number;
  /** PGlite: PostgreSQL's shared_buffers, e.g. '32MB'. */
  sharedBuffers?: string;
  /**
   * PGlite in memory: starts from this image of a data directory (see `migratedPgliteImage`)
   * instead of an empty cluster. The API tests give each file the migrated image made once per run.
   */
  pgliteImage?: Blob;
}>;

/** A request's statement runs at most this long on PostgreSQL. */
export const tenantStatementTimeoutMs = 5_000;
/** Statements outside tenant transactions (guards, login, mail, maintenance) get a little longer. */
const poolStatementTimeoutMs = 10_000;
/** A database call waits at most this long for its turn on PGlite. */
const pgliteQueueTimeoutMs = 5_000;

/** Opens the database, applies pending migrations and drops to the application role. */
export const openDatabase = async (options: DatabaseOptions): Promise<Database> =>
  options.url
    ? openPostgres(options.url, options.appUrl ?? asUser(options.url, appLoginRole), {
        poolSize: options.poolSize ?? 10,
        statementTimeoutMs: options.statementTimeoutMs ?? tenantStatementTimeoutMs,
      })
    : openPglite(
        options.dataDir,
        options.queueTimeoutMs ?? pgliteQueueTimeoutMs,
        options.sharedBuffers ?? defaultPgliteSharedBuffers,
        options.pgliteImage,
      );

/**
 * PGlite runs one statement at a time in the Node thread and cannot interrupt one. Every call the
 * app makes therefore takes a turn of one gate (first come, first served): a call that waited
 * longer than `queueTimeoutMs` is refused (503) instead of lengthening the backlog, and a tenant
 * transaction or the maintenance holds its turn to the end, so nothing runs between its statements.
 */
const gatedClient = (client: PGlite, gate: ReturnType<typeof turnGate>): PGlite =>
  new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const bound = value.bind(target); // PGlite keeps private fields: never call it through the proxy
      return prop === 'query' || prop === 'exec' || prop === 'transaction'
        ? (...args: unknown[]) => gate(() => bound(...args))
        : bound;
    },
  });

/** The extensions the embedded database is opened with (also by backup and restore). */
export const pgliteExtensions = { pg_trgm, btree_gist };

/** Where the embedded database lives inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pgdata');

/**
 * PostgreSQL's default of 128 MB shared buffers is touched whole at start inside PGlite's memory:
 * 110 MB of resident memory more than 32 MB, for a small company's data that the operating
 * system's file cache holds anyway (config PGLITE_SHARED_BUFFERS).
 */
const defaultPgliteSharedBuffers = '32MB';

const pgliteOptions = (sharedBuffers: string) => ({
  extensions: pgliteExtensions,
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
});

/**
 * An in-memory database, migrated, as an image of its data directory: loading it takes half the
 * time of creating a cluster and migrating it (tests start each file's database from one image).
 */
export const migratedPgliteImage = async (): Promise<Blob> => {
  const client = await PGlite.create(pgliteOptions(defaultPgliteSharedBuffers));
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
};

const openPglite = async (
  dataDir: string | undefined,
  queueTimeoutMs: number,
  sharedBuffers: string,
  image: Blob | undefined,
): Promise<Database> => {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const options = pgliteOptions(sharedBuffers);
  const client = dataDir
    ? await PGlite.create(pgliteDir(dataDir), options)
    : await PGlite.create({ ...options, loadDataDir: image });
  const owner = drizzlePglite(client, { schema });
  // Also on an image: it finds every migration applied, or applies the ones newer than the image.
  await migratePglite(owner, { migrationsFolder });
  const ungated = owner as unknown as Db; // only inside a turn of the gate
  // PGlite's single user is a superuser, which Row Level Security never binds, so the session
  // switches to the application role. Unlike on a server, RESET ROLE could undo this; acceptable
  // because PGlite is embedded: one process, no network, no other login to fall back to.
  await client.exec(`SET ROLE ${appRole}`);
  const gate = turnGate(queueTimeoutMs);
  const db = drizzlePglite(gatedClient(client, gate), { schema }) as unknown as Db;
  // One turn: no request may run between the statements, least of all as the superuser.
  const analyze = () =>
    gate(async () => {
      // One statement per call: VACUUM refuses to run inside the implicit block of a multi-statement exec.
      await client.exec('RESET ROLE');
      try {
        await client.exec('VACUUM ANALYZE');
      } finally {
        await client.exec(`SET ROLE ${appRole}`);
      }
    });
  const asOwner: Database['asOwner'] = (work) =>
    gate(async () => {
      await client.exec('RESET ROLE');
      try {
        return await work(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows);
      } finally {
        await client.exec(`SET ROLE ${appRole}`);
      }
    });
  // The work's queries go straight to the client: the turn is the transaction's, BEGIN was sent.
  const tx = ungated as unknown as Tx;
  const tenantTx = <O, T>(
    start: TenantStart<O>,
    work: (scope: EnvScope, opened: O) => Promise<T>,
    signal?: AbortSignal,
  ) =>
    gate(async () => {
      try {
        const results = await client.exec(start.open);
        const { envId, userId, opened } = start.decide(results.at(-1)?.rows[0]);
        const result = await work({ envId, userId, tx }, opened);
        if (signal?.aborted) throw new ClientGoneError(); // rolls back what nobody will see
        await client.exec('COMMIT');
        return result;
      } catch (error) {
        await client.exec('ROLLBACK');
        throw error;
      }
    }, signal);
  const inEnv: Database['inEnv'] = async (envId, userId, work, signal) =>
    tenantTx(knownEnv(envId, userId, ''), work, signal);
  const inEnvOpened: Database['inEnvOpened'] = (opening, work, signal) => tenantTx(openedBy(opening, ''), work, signal);
  const readOpened: Database['readOpened'] = async (opening, read, signal) => {
    const results = await gate(async () => {
      try {
        return await client.exec(oneTripStatement(opening, read));
      } catch {
        await client.exec('ROLLBACK');
        return null;
      }
    }, signal);
    return results && decideOneTrip(opening, read, results[1]?.rows[0], results[2]?.rows);
  };
  return { db, kind: 'pglite', close: () => client.close(), analyze, asOwner, inEnv, inEnvOpened, readOpened };
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

/** Any constant: the one advisory lock that serialises migrations of this product on a server. */
const migrationLockKey = 724_311_001;

/**
 * Migrates under a session advisory lock: processes starting at the same moment on an empty
 * database take turns, and the later ones find the work done (instead of a duplicate key on
 * `__drizzle_migrations` or 'relation already exists').
 */
const migrateLocked = async (url: string): Promise<void> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    // Ending the session releases the lock, also after a failed migration.
    await client.end();
  }
};

const openPostgres = async (
  url: string,
  appUrl: string,
  { poolSize, statementTimeoutMs }: { poolSize: number; statementTimeoutMs: number },
): Promise<Database> => {
  await migrateLocked(url);
  // Requests run as a login role bound by Row Level Security, never as the owner that migrated.
  const pool = new pg.Pool({ connectionString: appUrl, max: poolSize, statement_timeout: poolStatementTimeoutMs });
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
  const asOwner: Database['asOwner'] = async (work, options) => {
    const owner = new pg.Client({ connectionString: url, statement_timeout: 0 });
    owner.on('error', () => {}); // a broken session fails the running query, which the work sees
    await owner.connect();
    try {
      // Released when the session ends (below), also after a failure.
      if (options?.startLock) await owner.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
      return await work(async (text, params) => (await owner.query<Record<string, unknown>>(text, params)).rows);
    } finally {
      await owner.end().catch(() => {});
    }
  };
  // BEGIN, the tenant setting and the statement timeout travel in one round trip (a
  // simple-protocol query may hold two statements); the id is a checked uuid and the timeout a
  // number, so both can be literals. Every request saves a write.
  const settings = `, set_config('statement_timeout', '${Math.trunc(statementTimeoutMs)}', true)`;
  // The client has gone: cancel the running statement, from a connection of its own (the pool may
  // be full of requests waiting for this one) as the same role, which PostgreSQL allows.
  const cancelOnAbort = (client: pg.PoolClient, signal: AbortSignal | undefined) => {
    let cancelling: Promise<unknown> | undefined;
    const cancel = () => {
      const pid = (client as unknown as { processID: number }).processID;
      const canceller = new pg.Client({ connectionString: appUrl });
      cancelling = canceller
        .connect()
        .then(() => canceller.query('SELECT pg_cancel_backend($1)', [pid]))
        .catch(() => {})
        .finally(() => canceller.end().catch(() => {}));
    };
    signal?.addEventListener('abort', cancel, { once: true });
    return {
      stop: () => signal?.removeEventListener('abort', cancel),
      /** After a failure: no cancel still on its way may hit the ROLLBACK or the next request. */
      settled: async () => {
        signal?.removeEventListener('abort', cancel);
        await cancelling;
      },
    };
  };
  /** Rolls back after a failure; answers whether the connection is broken (it cannot even roll back). */
  const rollBack = (client: pg.PoolClient): Promise<boolean> =>
    client.query('ROLLBACK').then(
      () => false,
      () => true,
    );
  const tenantTx = async <O, T>(
    start: TenantStart<O>,
    work: (scope: EnvScope, opened: O) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> => {
    if (signal?.aborted) throw new ClientGoneError();
    const client = await pool.connect();
    let broken = false;
    const onAbort = cancelOnAbort(client, signal);
    try {
      // Several statements answer one result each.
      const results: pg.QueryResult | pg.QueryResult[] = await client.query(start.open);
      const { envId, userId, opened } = start.decide((Array.isArray(results) ? results.at(-1) : results)?.rows[0]);
      const tx = drizzlePg(client) as unknown as Tx;
      const result = await work({ envId, userId, tx }, opened);
      onAbort.stop();
      if (signal?.aborted) throw new ClientGoneError(); // rolls back what nobody will see
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await onAbort.settled();
      // A connection that cannot even roll back is dropped, never handed to the next request.
      broken = await rollBack(client);
      throw signal?.aborted ? new ClientGoneError() : error;
    } finally {
      client.release(broken);
    }
  };
  const readOpened: Database['readOpened'] = async (opening, read, signal) => {
    if (signal?.aborted) throw new ClientGoneError();
    const client = await pool.connect();
    let broken = false;
    const onAbort = cancelOnAbort(client, signal);
    let results: pg.QueryResult[];
    try {
      results = (await client.query(oneTripStatement(opening, read, settings))) as unknown as pg.QueryResult[];
      onAbort.stop();
    } catch {
      await onAbort.settled();
      broken = await rollBack(client);
      if (signal?.aborted) throw new ClientGoneError();
      return null;
    } finally {
      client.release(broken);
    }
    return decideOneTrip(opening, read, results[1]?.rows[0], results[2]?.rows);
  };
  const inEnv: Database['inEnv'] = async (envId, userId, work, signal) =>
    tenantTx(knownEnv(envId, userId, settings), work, signal);
  const inEnvOpened: Database['inEnvOpened'] = (opening, work, signal) =>
    tenantTx(openedBy(opening, settings), work, signal);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    close: () => pool.end(),
    analyze,
    asOwner,
    inEnv,
    inEnvOpened,
    readOpened,
  };
};
