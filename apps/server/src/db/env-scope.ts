import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from './db-types';

declare const envIdBrand: unique symbol;
/** An environment id that the environment guard has checked against the caller's membership. */
export type EnvId = string & { readonly [envIdBrand]: true };

/**
 * The tenant scope: the only way to reach tenant tables. Only the environment guard (and
 * trusted system jobs such as environment creation) build one.
 */
export type EnvScope = Readonly<{ envId: EnvId; userId: string | null; tx: Tx }>;

/** Runs `work` in one transaction in which Row Level Security admits only rows of `envId`. */
export const withEnv = <T>(db: Db, envId: EnvId, userId: string | null, work: (scope: EnvScope) => Promise<T>) =>
  db.transaction(async (tx) => work(await enterEnv(tx, envId, userId)));

/**
 * Binds an open transaction to one environment (until it ends). Inside a tenant scope, use only
 * `scope.tx`: on PGlite a second query outside the transaction waits for the transaction's turn
 * to end, which it never does (the query fails as busy after its wait budget).
 */
export const enterEnv = async (tx: Tx, envId: EnvId, userId: string | null): Promise<EnvScope> => {
  await tx.execute(sql`select set_config('app.env_id', ${envId}, true)`);
  return { envId, userId, tx };
};

/** `env_id = scope's env` and any further conditions: the first filter of every tenant query. */
export const whereEnv = (scope: Pick<EnvScope, 'envId'>, table: { envId: AnyColumn }, ...more: (SQL | undefined)[]) =>
  and(eq(table.envId, scope.envId), ...more);

/** Marks an id as checked. Call only where membership or a system context has been established. */
export const trustedEnvId = (id: string): EnvId => id as EnvId;
