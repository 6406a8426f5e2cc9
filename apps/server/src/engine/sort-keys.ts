import type { RecordType } from '@kontor/contract/api/record-types';
import { type SQL, sql } from 'drizzle-orm';
import type { EnvScope } from '../db/env-scope';

/** How a field sorts: numbers as numbers, everything else as lower-cased text (dates are ISO text). */
export type SortKind = 'text' | 'num';

const safeKey = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

export const sortKindOf = (type: RecordType, fieldKey: string): SortKind => {
  const field = type.fields.find((f) => f.key === fieldKey);
  return field && (field.type === 'integer' || field.type === 'float') ? 'num' : 'text';
};

/**
 * The sort expression of a field, written exactly as the expression index of migration 0009
 * (`ensure_record_sort_index`) so the planner can walk the index. Text sorts by
 * `kontor.sort_key_text`: lower case, umlauts as their base letter (DIN 5007-1), the first 200
 * characters; numbers by `kontor.sort_key_num`, empty as a very small number. Both are LEAKPROOF
 * PL/pgSQL functions of the product's schema (never inlined), so keyset and filter conditions stay
 * index conditions under Row Level Security. Keys are inlined as literals because an index never
 * matches a bound parameter; only keys of the safe pattern pass.
 */
export const sortExpression = (fieldKey: string, kind: SortKind): SQL => {
  if (!safeKey.test(fieldKey)) throw new Error(`unsafe sort key ${fieldKey}`);
  return sql.raw(`kontor.sort_key_${kind}("records"."data", '${fieldKey}')`);
};

/**
 * `text LIKE pattern` through the product's leakproof operator (migration 0009): under Row Level
 * Security the trigram index can serve it, which pg_catalog's LIKE (not leakproof) cannot.
 */
export const likeOperator = sql.raw('OPERATOR(kontor.~~)');

/** The lower-cased text of a field, for substring search (umlauts kept: 'mü' finds 'Müller'). */
export const matchExpression = (fieldKey: string): SQL => {
  if (!safeKey.test(fieldKey)) throw new Error(`unsafe field key ${fieldKey}`);
  return sql.raw(`lower(coalesce("records"."data"->>'${fieldKey}', ''))`);
};

export const isSortableKey = (fieldKey: string) => safeKey.test(fieldKey);

/** Asks the database (as table owner) for the index behind each sortable cell of the types. */
export const ensureSortIndexes = async (scope: Pick<EnvScope, 'tx'>, types: Iterable<RecordType>): Promise<void> => {
  const wanted = new Map<string, SortKind>();
  for (const type of types) {
    for (const list of type.lists) {
      for (const cell of list.cells) {
        if (cell.sortable && isSortableKey(cell.mapping))
          wanted.set(`${cell.mapping}:${sortKindOf(type, cell.mapping)}`, sortKindOf(type, cell.mapping));
      }
    }
  }
  if (wanted.size === 0) return;
  // One statement for all: this runs on every start, where each round trip counts.
  const rows = [...wanted].map(([key, kind]) => sql`(${key.slice(0, key.lastIndexOf(':'))}::text, ${kind}::text)`);
  await scope.tx.execute(
    sql`select ensure_record_sort_index(f, k) from (values ${sql.join(rows, sql`, `)}) as wanted(f, k)`,
  );
};

/** `%text%` for LIKE against a match expression: lower-cased, with LIKE's own characters escaped. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
