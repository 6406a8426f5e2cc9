import { createHash } from 'node:crypto';
import type { RecordType } from '@kontor/contract/api/record-types';
import type { OwnerQuery } from '../db/client';
import { presetChildKeys, systemTypeKeys } from './base-types/registry';
import { isSortableKey, type SortKind, sortKindOf } from './sort-keys';

/**
 * The expression index behind a sortable cell. A row is written into the indexes of its own type
 * only: each index is partial. The types nearly every environment has (the presets' child types
 * and the system types) have indexes of their own per field, `WHERE type = '<type>'`, on
 * (env_id, sort key, id). Every other type (made in the data-structure editor, its key chosen by a
 * user) shares one index per field, `WHERE type NOT IN (<those types>)`, on (env_id, type, sort
 * key, id): an index per user-made type would multiply the indexes (and the locks of every query)
 * with the number of tenants. Either way the list query's conditions (env_id, type) imply the
 * predicate and lead the index, then the field's sort key (written as `sortExpression` writes it,
 * so the planner matches it) and the id (the tie-break).
 *
 * Before, one index per field served every type, so each row paid for all of them: 29 B-tree
 * entries per customer where its lists sort by 6 (docs/decisions.md, "Bulk import").
 *
 * The name carries a hash of the definition: a changed definition is a new name, built by the
 * next build and the old one dropped as unused, so names alone tell what exists.
 */
export type SortIndex = Readonly<{ name: string; field: string; kind: SortKind; type: string | null }>;

/** Types with sort indexes of their own. Keys of the product's code, never a user's. */
export const ownIndexTypeKeys: ReadonlySet<string> = new Set(
  [...Object.values(presetChildKeys), ...systemTypeKeys].filter(isSortableKey),
);

const sharedPredicate = `type NOT IN (${[...ownIndexTypeKeys]
  .sort()
  .map((k) => `'${k}'`)
  .join(', ')})`;

const hashOf = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 10);

/** The index that serves sorting `typeKey`'s records by `field`. */
export const sortIndexFor = (typeKey: string, field: string, kind: SortKind): SortIndex => {
  const type = ownIndexTypeKeys.has(typeKey) ? typeKey : null;
  const signature = type ? `${type}|${field}|${kind}` : `*|${field}|${kind}|${sharedPredicate}`;
  return { name: `records_sort_${kind}_${field.slice(0, 24)}_${hashOf(signature)}_idx`, field, kind, type };
};

/** Every sort index the lists of these types need, by name. */
export const sortIndexesOf = (types: Iterable<RecordType>): Map<string, SortIndex> => {
  const wanted = new Map<string, SortIndex>();
  for (const type of types) {
    for (const list of type.lists) {
      for (const cell of list.cells) {
        if (!cell.sortable || !isSortableKey(cell.mapping)) continue;
        const index = sortIndexFor(type.key, cell.mapping, sortKindOf(type, cell.mapping));
        wanted.set(index.name, index);
      }
    }
  }
  return wanted;
};

const quoted = (name: string) => {
  if (!/^records_sort_(text|num)_[A-Za-z][A-Za-z0-9_]{0,39}_idx$/.test(name))
    throw new Error(`not a sort index: ${name}`);
  return `"${name}"`;
};

/** Columns and predicate of an index (every key in it passed `isSortableKey`). */
const definitionOf = (index: SortIndex) => {
  const sortKey = `kontor.sort_key_${index.kind}(data, '${index.field}')`;
  return index.type
    ? `(env_id, ${sortKey}, id) WHERE type = '${index.type}'`
    : `(env_id, type, ${sortKey}, id) WHERE ${sharedPredicate}`;
};

/** Sort indexes on records: their names and whether each is valid (a failed online build leaves an invalid one). */
export const existingSortIndexes = async (query: OwnerQuery): Promise<Map<string, boolean>> => {
  const rows = await query(
    `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = 'public.records'::regclass AND c.relname LIKE 'records\\_sort\\_%'`,
  );
  return new Map(rows.map((r) => [String(r.name), Boolean(r.valid)]));
};

/**
 * Builds the indexes that are missing or invalid. `online` (PostgreSQL) builds CONCURRENTLY:
 * writes to records go on while the index is built; PGlite has one connection, so a plain build.
 * Idempotent: a valid index of the name is left as it is.
 */
export const buildSortIndexes = async (query: OwnerQuery, online: boolean, wanted: Iterable<SortIndex>) => {
  const existing = await existingSortIndexes(query);
  const concurrently = online ? 'CONCURRENTLY ' : '';
  for (const index of wanted) {
    if (!isSortableKey(index.field) || (index.type !== null && !isSortableKey(index.type))) continue;
    const valid = existing.get(index.name);
    if (valid === true) continue;
    if (valid === false) await query(`DROP INDEX ${concurrently}IF EXISTS ${quoted(index.name)}`);
    await query(`CREATE INDEX ${concurrently}IF NOT EXISTS ${quoted(index.name)} ON records ${definitionOf(index)}`);
  }
};

/** Drops sort indexes by name (CONCURRENTLY when online: reads and writes go on). */
export const dropSortIndexes = async (query: OwnerQuery, online: boolean, names: Iterable<string>) => {
  for (const name of names) await query(`DROP INDEX ${online ? 'CONCURRENTLY ' : ''}IF EXISTS ${quoted(name)}`);
};
