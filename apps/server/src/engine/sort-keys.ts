import type { RecordType } from '@kontor/contract/api/record-types';
import { type SQL, sql } from 'drizzle-orm';

/** How a field sorts: numbers as numbers, everything else as lower-cased text (dates are ISO text). */
export type SortKind = 'text' | 'num';

const safeKey = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

export const sortKindOf = (type: RecordType, fieldKey: string): SortKind => {
  const field = type.fields.find((f) => f.key === fieldKey);
  return field && (field.type === 'integer' || field.type === 'float') ? 'num' : 'text';
};

/**
 * The sort expression of a field, written exactly as its expression index (sort-indexes.ts) so
 * the planner can walk the index. Text sorts by
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

/** `%text%` for LIKE against a match expression: lower-cased, with LIKE's own characters escaped. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
