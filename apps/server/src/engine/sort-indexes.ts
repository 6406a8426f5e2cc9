import { createHash } from 'node:crypto';
import type { RecordType } from '@kontor/contract/api/record-types';
import type { OwnerQuery } from '../db/client';
import { shippedTypes } from './child-types';
import { isSortableKey, type SortKind, sortKindOf } from './sort-keys';

/**
 * The expression indexes behind the sortable cells of the lists the product ships (the presets'
 * child types and the system types, as they ship). The set is fixed by the product's code: no
 * tenant's structure design adds an index to the shared records table (issue 28 item 2), so no
 * tenant's design slows another's writes. Every other sortable cell (a user-made type, a field a
 * tenant added to a shipped type, a shipped field whose kind a tenant changed) sorts through
 * `record_sort_keys` (engine/sort-fields.ts), whose two indexes serve every field.
 *
 * Each index is partial, `WHERE type = '<type>'`, on (env_id, sort key, id): a row is written
 * into the indexes of its own type only. The list query's conditions (env_id, type) imply the
 * predicate and lead the index, then the field's sort key (written as `sortExpression` writes it,
 * so the planner matches it) and the id (the tie-break).
 *
 * The name carries a hash of the definition: a changed definition is a new name, built by the
 * next start and the old one dropped by the housekeeping as unused, so names alone tell what exists.
 */
type SortIndex = Readonly<{ name: string; field: string; kind: SortKind; type: string }>;

const hashOf = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 10);

const indexOf = (type: string, field: string, kind: SortKind): SortIndex => ({
  name: `records_sort_${kind}_${field.slice(0, 24)}_${hashOf(`${type}|${field}|${kind}`)}_idx`,
  field,
  kind,
  type,
});

/** Every (type, field, kind) a list of these types sorts by. */
const sortedCells = (types: Iterable<RecordType>) => {
  const cells: { type: string; field: string; kind: SortKind }[] = [];
  for (const type of types) {
    for (const list of type.lists) {
      for (const cell of list.cells) {
        if (!cell.sortable || !isSortableKey(cell.mapping) || !isSortableKey(type.key)) continue;
        cells.push({ type: type.key, field: cell.mapping, kind: sortKindOf(type, cell.mapping) });
      }
    }
  }
  return cells;
};

let shipped: Map<string, SortIndex> | undefined;

/** The product's sort indexes, by name: one per sortable cell of the shipped types' lists. */
export const shippedSortIndexes = (): ReadonlyMap<string, SortIndex> => {
  if (!shipped) {
    shipped = new Map();
    for (const { type, field, kind } of sortedCells(shippedTypes())) {
      const index = indexOf(type, field, kind);
      shipped.set(index.name, index);
    }
  }
  return shipped;
};

/** The shipped index that serves sorting `typeKey`'s records by `field`, or null (record_sort_keys serves it). */
export const sortIndexFor = (typeKey: string, field: string, kind: SortKind): SortIndex | null => {
  const index = indexOf(typeKey, field, kind);
  return shippedSortIndexes().has(index.name) ? index : null;
};

/** The sortable cells of a type that no shipped index serves: their keys live in record_sort_keys. */
export const sortTableFieldsOf = (type: RecordType): Map<string, SortKind> => {
  const fields = new Map<string, SortKind>();
  for (const { type: key, field, kind } of sortedCells([type])) {
    if (!sortIndexFor(key, field, kind)) fields.set(field, kind);
  }
  return fields;
};

const quoted = (name: string) => {
  if (!/^records_sort_(text|num)_[A-Za-z][A-Za-z0-9_]{0,39}_idx$/.test(name))
    throw new Error(`not a sort index: ${name}`);
  return `"${name}"`;
};

/** Columns and predicate of an index (every key in it passed `isSortableKey`). */
const definitionOf = (index: SortIndex) =>
  `(env_id, kontor.sort_key_${index.kind}(data, '${index.field}'), id) WHERE type = '${index.type}'`;

/** Sort indexes on records: their names and whether each is valid (a failed online build leaves an invalid one). */
const existingSortIndexes = async (query: OwnerQuery): Promise<Map<string, boolean>> => {
  const rows = await query(
    `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = 'public.records'::regclass AND c.relname LIKE 'records\\_sort\\_%'`,
  );
  return new Map(rows.map((r) => [String(r.name), Boolean(r.valid)]));
};

/**
 * Builds the shipped indexes that are missing or invalid. `online` (PostgreSQL) builds
 * CONCURRENTLY: writes to records go on; PGlite has one connection, so plain. Idempotent. Callers
 * hold the start lock (db/client.ts `asOwner(…, { startLock })`), so two processes never build the
 * same index at once (issue 28 item 5: the loser died on a duplicate name in pg_class).
 */
export const buildShippedSortIndexes = async (query: OwnerQuery, online: boolean) => {
  const existing = await existingSortIndexes(query);
  const concurrently = online ? 'CONCURRENTLY ' : '';
  for (const index of shippedSortIndexes().values()) {
    const valid = existing.get(index.name);
    if (valid === true) continue;
    if (valid === false) await query(`DROP INDEX ${concurrently}IF EXISTS ${quoted(index.name)}`);
    await query(`CREATE INDEX ${concurrently}IF NOT EXISTS ${quoted(index.name)} ON records ${definitionOf(index)}`);
  }
};

/**
 * The shipped indexes built, and every other sort index dropped (the shared indexes of user-made
 * lists that came before migration 0024, or an older definition).
 */
export const reconcileShippedSortIndexes = async (query: OwnerQuery, online: boolean) => {
  await buildShippedSortIndexes(query, online);
  const wanted = shippedSortIndexes();
  for (const name of (await existingSortIndexes(query)).keys()) {
    if (!wanted.has(name)) await query(`DROP INDEX ${online ? 'CONCURRENTLY ' : ''}IF EXISTS ${quoted(name)}`);
  }
};
