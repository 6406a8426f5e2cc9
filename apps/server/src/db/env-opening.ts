import type { EnvId } from './env-scope';

/**
 * The read a tenant transaction opens with when its environment is not known yet: the guard's
 * session, user, environment and membership. BEGIN, this read and the tenant setting travel in one
 * round trip (Database.inEnvOpened), one fewer than a guard query before the transaction.
 *
 * `sql` is one SELECT with its values inlined by `sqlLiteral` (several statements in one go use the
 * simple query protocol, which has no parameters). Its column `tenant_env_id` names the
 * environment to enter, NULL for none. `decide` sees its row (undefined when there is none) and
 * answers whose scope it is, or throws, which rolls the transaction back before any work.
 */
export type EnvOpening<O> = Readonly<{
  sql: string;
  decide: (row: Record<string, unknown> | undefined) => Opened<O>;
}>;

export type Opened<O> = Readonly<{ envId: EnvId; userId: string | null; opened: O }>;

/**
 * A string as an SQL literal, for the few statements that cannot take parameters. The escape
 * string form (E'…') reads the same whatever `standard_conforming_strings` says; NUL, which no
 * text value may hold, is refused.
 */
export const sqlLiteral = (value: string): string => {
  if (value.includes('\0')) throw new Error('an SQL literal cannot hold NUL');
  return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
};

/** The opening read wrapped so that it also enters the environment it names (same transaction). */
export const openingStatement = (opening: EnvOpening<unknown>, settings = ''): string =>
  `BEGIN; SELECT o.*, set_config('app.env_id', coalesce(o.tenant_env_id::text, ''), true) AS tenant_entered${settings}
     FROM (${opening.sql}) o`;

/** `decide`, plus the check that the environment entered is the one the scope names. */
export const decideOpened = <O>(opening: EnvOpening<O>, row: Record<string, unknown> | undefined): Opened<O> => {
  const opened = opening.decide(row);
  if (String(row?.tenant_env_id ?? '') !== opened.envId) throw new Error('the opening entered another environment');
  return opened;
};
