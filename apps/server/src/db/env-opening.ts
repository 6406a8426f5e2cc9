import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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
export const openingStatement = (opening: EnvOpening<unknown>, settings = '', begin = 'BEGIN'): string =>
  `${begin}; SELECT o.*, set_config('app.env_id', coalesce(o.tenant_env_id::text, ''), true) AS tenant_entered${settings}
     FROM (${opening.sql}) o`;

/** `decide`, plus the check that the environment entered is the one the scope names. */
export const decideOpened = <O>(opening: EnvOpening<O>, row: Record<string, unknown> | undefined): Opened<O> => {
  const opened = opening.decide(row);
  if (String(row?.tenant_env_id ?? '') !== opened.envId) throw new Error('the opening entered another environment');
  return opened;
};

/**
 * A read written before its opening decides (Database.readOpened): one statement with its values
 * inlined, for the environment the caller expects the opening to enter.
 */
export type OneTripRead = Readonly<{ expectedEnvId: string; statement: string }>;

/** What a one-trip read gives back: its rows, or null where the usual path must answer instead. */
export type ReadOpened<O> = Readonly<{ opened: Opened<O>; rows: Record<string, unknown>[] | null }>;

/** Drizzle's dialect with our literals: inlined strings in the escape form, NUL refused. */
class LiteralDialect extends PgDialect {
  override escapeString(value: string): string {
    return sqlLiteral(value);
  }
}
const literalDialect = new LiteralDialect();

/**
 * A statement as text with its values inlined, for a one-trip read (the simple protocol has no
 * parameters). Strings become `sqlLiteral`s; numbers and booleans their own text. Throws for a
 * value no literal can hold (NUL).
 */
export const inlinedStatement = (statement: SQL): string => literalDialect.sqlToQuery(statement.inlineParams()).sql;

/**
 * BEGIN READ ONLY, the opening, the read and COMMIT as one string. Read only: the read runs before
 * the opening's decision is known, so the transaction it commits can hold no write at all.
 */
export const oneTripStatement = (opening: EnvOpening<unknown>, read: OneTripRead, settings = ''): string =>
  `${openingStatement(opening, settings, 'BEGIN READ ONLY')}; ${read.statement}; COMMIT`;

/**
 * The answers of a one-trip read (BEGIN, opening, read, COMMIT): the opening decided, and the
 * read's rows only if the environment entered is the one the read was written for.
 */
export const decideOneTrip = <O>(
  opening: EnvOpening<O>,
  read: OneTripRead,
  openingRow: Record<string, unknown> | undefined,
  readRows: Record<string, unknown>[] | undefined,
): ReadOpened<O> => {
  const opened = decideOpened(opening, openingRow);
  return { opened, rows: opened.envId === read.expectedEnvId && readRows ? readRows : null };
};
