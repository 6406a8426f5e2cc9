import type { RecordType } from '@kontor/contract/api/record-types';
import type { OwnerQuery } from '../db/client';
import { isSortableKey, type SortKind, sortKindOf } from './sort-keys';

/**
 * The expression index behind a sortable cell. One index per field key and kind serves every type
 * and environment: it leads with (env_id, type), the list query's equality conditions, then the
 * field's sort key (written as `sortExpression` writes it, so the planner matches it) and the id
 * (the tie-break). Names are those of migration 0009's `ensure_record_sort_index`, so an index a
 * built-in list made is the same one a user-made list asks for.
 */
export type SortIndex = Readonly<{ name: string; field: string; kind: SortKind }>;

export const sortIndexName = (field: string, kind: SortKind) => `records_sort_${kind}_${field}_idx`;

/** Every sort index the lists of these types need, by name. */
export const sortIndexesOf = (types: Iterable<RecordType>): Map<string, SortIndex> => {
  const wanted = new Map<string, SortIndex>();
  for (const type of types) {
    for (const list of type.lists) {
      for (const cell of list.cells) {
        if (!cell.sortable || !isSortableKey(cell.mapping)) continue;
        const kind = sortKindOf(type, cell.mapping);
        const name = sortIndexName(cell.mapping, kind);
        wanted.set(name, { name, field: cell.mapping, kind });
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
    if (!isSortableKey(index.field)) continue;
    const valid = existing.get(index.name);
    if (valid === true) continue;
    if (valid === false) await query(`DROP INDEX ${concurrently}IF EXISTS ${quoted(index.name)}`);
    await query(
      `CREATE INDEX ${concurrently}IF NOT EXISTS ${quoted(index.name)}
         ON records (env_id, type, kontor.sort_key_${index.kind}(data, '${index.field}'), id)`,
    );
  }
};

/** Drops sort indexes by name (CONCURRENTLY when online: reads and writes go on). */
export const dropSortIndexes = async (query: OwnerQuery, online: boolean, names: Iterable<string>) => {
  for (const name of names) await query(`DROP INDEX ${online ? 'CONCURRENTLY ' : ''}IF EXISTS ${quoted(name)}`);
};
