import type { List, RecordType } from '@kontor/contract/api/record-types';
import { optionsMapping } from '@kontor/contract/api/record-types';
import { defaultPageSize, type SimpleTableData, type simpleTableBody, totalCap } from '@kontor/contract/api/records';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type EnvScope, whereEnv } from '../db/env-scope';
import { isUuid } from '../db/ids';
import { rowsOf } from '../db/rows';
import { AppError } from '../http/errors';
import { records } from './records.table';
import { isSortableKey, likeOperator, matchExpression, sortExpression, sortKindOf } from './sort-keys';

type Body = z.output<typeof simpleTableBody>;

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list a request names (or the type's default), checked to be a list this engine can show. */
export const requireList = (type: RecordType, key: string | undefined, t: Translate): List => {
  const list = type.lists.find((l) => l.key === (key || type.defaultList));
  if (!list) throw new AppError('not_found', { message: t('records.missingList') });
  if (list.type !== 'simpletable') throw new AppError('invalid', { message: t('records.unknownListType') });
  return list;
};

const valuePatterns = {
  created: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/,
  num: /^-?\d{1,20}(\.\d{1,20})?$/,
  text: /^[\s\S]{0,1000}$/,
} as const;

/** Postgres' text form ('2026-11-22 00:20:25.156123+00') as a date JS can check: no 13th month. */
const isRealTimestamp = (text: string) =>
  !Number.isNaN(Date.parse(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')));

type Cursor = { s: string; d: 'asc' | 'desc'; v: string | number; id: string };

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

const decodeCursor = (
  raw: string,
  sortKey: string,
  dir: 'asc' | 'desc',
  valuePattern: RegExp,
  t: Translate,
): Cursor => {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (
      c.s === sortKey &&
      c.d === dir &&
      (typeof c.v === 'string' || typeof c.v === 'number') &&
      typeof c.id === 'string' &&
      isUuid(c.id) &&
      valuePattern.test(String(c.v)) &&
      (valuePattern !== valuePatterns.created || isRealTimestamp(String(c.v)))
    )
      return c;
  } catch {
    // fall through: any undecodable cursor is refused the same way
  }
  throw new AppError('invalid', { message: t('records.invalidCursor') });
};

/**
 * A filter compares like sorting does (case and umlauts folded), through the field's sort key, so
 * the sort index of the field serves it. Number fields compare as numbers; the stage is the
 * record's own column.
 */
const filterCondition = (type: RecordType, key: string, value: string | number | boolean): SQL => {
  if (key === 'stage') return sql`${records.stage} = ${String(value)}`;
  if (sortKindOf(type, key) === 'num' && Number.isFinite(Number(value)) && String(value).trim() !== '') {
    return sql`${sortExpression(key, 'num')} = ${Number(value)}`;
  }
  return sql`${sortExpression(key, 'text')} = kontor.sort_key_text(jsonb_build_object(${key}::text, ${String(value)}::text), ${key}::text)`;
};

/** The row's cell values as one small JSON object (keys match the safe pattern, so they are inlined). */
const pickedData = (keys: string[], alias: string): SQL => {
  // Chunks stay under jsonb_build_object's limit of 100 arguments.
  const chunks = Array.from({ length: Math.ceil(keys.length / 40) }, (_, i) => keys.slice(i * 40, i * 40 + 40));
  if (chunks.length === 0) return sql`'{}'::jsonb`;
  return sql.raw(
    chunks
      .map((c) => `jsonb_build_object(${c.map((k) => `'${k}', "${alias}"."data"->'${k}'`).join(', ')})`)
      .join(' || '),
  );
};

/** Top-level data keys a row needs: the cells' mappings and the paths their button conditions read. */
const neededKeys = (list: List): string[] => {
  const keys = new Set<string>();
  const addPath = (path: string) => keys.add(path.split('.')[0] ?? path);
  for (const cell of list.cells) {
    // `stage` is the record's own column, sent with every row; not a data key.
    if (cell.mapping !== optionsMapping && cell.mapping !== 'stage') addPath(cell.mapping);
    for (const b of cell.buttons ?? []) {
      if (b.kind !== 'page') continue;
      const walk = (conds: unknown[]): void => {
        for (const c of conds) {
          if (Array.isArray(c) && typeof c[0] === 'string') addPath(c[0]);
          else if (c && typeof c === 'object' && '$or' in c) walk((c as { $or: unknown[] }).$or);
        }
      };
      walk(b.conditions ?? []);
    }
  }
  return [...keys];
};

/**
 * The one statement behind a page of a record list: search over the list's searchable cells
 * (trigram-indexed), sort on a sortable cell (expression-indexed, id as tie-break), offset pages
 * or a keyset cursor for deep pages, and a total that stops counting at 10,000. Exported so tests
 * can ask the planner how it runs (EXPLAIN).
 */
export const recordListQuery = (scope: EnvScope, type: RecordType, body: Body, t: Translate) => {
  const list = requireList(type, body.list, t);
  const pageSize = body.pageSize ?? defaultPageSize;

  const requested = body.sort ?? list.defaultSort ?? null;
  if (body.sort && !list.cells.some((c) => c.sortable && c.mapping === body.sort?.field && isSortableKey(c.mapping))) {
    throw new AppError('invalid', { message: t('records.unknownSortField') });
  }
  const sort = requested && isSortableKey(requested.field) ? requested : null;
  const dir = sort?.dir ?? 'desc';
  const sortExpr: SQL = sort ? sortExpression(sort.field, sortKindOf(type, sort.field)) : sql`${records.createdAt}`;
  const sortKey = sort ? `${sort.field}` : '_created';

  const conditions: (SQL | undefined)[] = [eq(records.type, type.key)];
  const search = body.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    const cells = list.cells.filter((c) => c.searchable && isSortableKey(c.mapping));
    const exact = cells.map((c) => sql`${matchExpression(c.mapping)} like ${pattern}`);
    conditions.push(sql`${records.searchText} ${likeOperator} ${pattern}`);
    conditions.push(exact.length > 0 ? sql`(${sql.join(exact, sql` or `)})` : sql`false`);
  }
  // Only the list's own cells filter: each key is a condition, and an unknown one is a mistake.
  const filterable = new Set(list.cells.map((c) => c.mapping).filter((m) => m !== optionsMapping && isSortableKey(m)));
  for (const [key, value] of Object.entries(body.filter ?? {})) {
    if (!filterable.has(key)) throw new AppError('invalid', { message: t('records.unknownFilterField') });
    conditions.push(filterCondition(type, key, value));
  }
  const where = whereEnv(scope, records, ...conditions);

  let cursor: { value: SQL; id: string } | null = null;
  let offset = 0;
  if (body.cursor) {
    const pattern = sort ? valuePatterns[sortKindOf(type, sort.field)] : valuePatterns.created;
    const c = decodeCursor(body.cursor, sortKey, dir, pattern, t);
    cursor = { value: sort ? sql`${c.v}` : sql`${String(c.v)}::timestamptz`, id: c.id };
  } else {
    offset = ((body.page ?? 1) - 1) * pageSize;
  }
  const cmp = dir === 'asc' ? sql`>` : sql`<`;
  const direction = sql.raw(dir);
  // Timestamps travel as text: a JS Date would drop the microseconds and break the keyset.
  const sortValueExpr = sort ? sortExpr : sql`${records.createdAt}::text`;
  // A sort key is computed once per row: the value travels as the order column itself.
  const sortValueColumn = (alias: string) => sql.raw(`${alias}.${sort ? 'sort_order' : 'sort_value'} as sort_value`);
  const sortValueSelect = sort ? sql`` : sql`, ${sortValueExpr} as sort_value`;
  // Only the keys the cells need leave the database, not whole records (positions can be large).
  const keys = neededKeys(list).filter(isSortableKey);
  const counted = !body.cursor;
  const limit = sql`limit ${pageSize + 1} offset ${offset}`;

  let query: SQL;
  if (search) {
    // A search finds its matches once (trigram index), then counts and pages them: the index is
    // not asked twice.
    const keyset = cursor ? sql`where (m.sort_order, m.id) ${cmp} (${cursor.value}, ${cursor.id}::uuid)` : sql``;
    const page = sql`select r.id as id, r.stage as stage, ${pickedData(keys, 'r')} as data, ${sortValueColumn('m')}
      from m join ${records} r on r.env_id = ${scope.envId} and r.id = m.id ${keyset}
      order by m.sort_order ${direction}, m.id ${direction} ${limit}`;
    const matches = sql`with m as materialized (select ${records.id} as id, ${sortExpr} as sort_order${sortValueSelect}
      from ${records} where ${where})`;
    query = counted
      ? sql`${matches} select (select count(*)::int from (select 1 from m limit ${totalCap + 1}) x) as total, p.*
          from (select 1) one left join lateral (${page}) p on true`
      : sql`${matches} ${page}`;
  } else {
    const keyset = cursor ? sql`and (${sortExpr}, ${records.id}) ${cmp} (${cursor.value}, ${cursor.id}::uuid)` : sql``;
    // The page's ids first (sorted and limited on the index), then the cell values of just those
    // rows: building them for every candidate row before the sort cost more than the query itself.
    const ids = sql`select ${records.id} as id, ${sortExpr} as sort_order${sortValueSelect}
      from ${records} where ${where} ${keyset} order by ${sortExpr} ${direction}, ${records.id} ${direction} ${limit}`;
    const page = sql`select r.id as id, r.stage as stage, ${pickedData(keys, 'r')} as data, ${sortValueColumn('s')}
      from (${ids}) s join ${records} r on r.env_id = ${scope.envId} and r.id = s.id
      order by s.sort_order ${direction}, s.id ${direction}`;
    // One round trip: the capped count and the page together. A cursor page skips the count (the
    // client keeps the first page's total), so deep pages cost what page 1 costs.
    query = counted
      ? sql`select c.n as total, p.* from
          (select count(*)::int as n from (select 1 from ${records} where ${where} limit ${totalCap + 1}) x) c
          left join lateral (${page}) p on true`
      : page;
  }
  return { query, list, keys, pageSize, sort, dir, sortKey, counted };
};

/** One page of a record list (see recordListQuery). */
export const recordListPage = async (
  scope: EnvScope,
  type: RecordType,
  body: Body,
  t: Translate,
): Promise<SimpleTableData> => {
  const { query, list, keys, pageSize, sort, dir, sortKey, counted } = recordListQuery(scope, type, body, t);
  const all = rowsOf<{
    total?: number;
    id: string | null;
    stage: string | null;
    data: Record<string, unknown>;
    sort_value: string | number;
  }>(await scope.tx.execute(query));
  const n = counted ? Number(all[0]?.total ?? 0) : null;
  const rows = all.filter((r): r is typeof r & { id: string } => r.id !== null);

  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  const sortValue = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? v : String(v));
  return {
    rows: page.map((r) => ({
      _id: r.id,
      stage: r.stage,
      ...Object.fromEntries(keys.map((k) => [k, r.data[k] ?? null])),
    })),
    total: n === null ? null : Math.min(n, totalCap),
    totalCapped: n !== null && n > totalCap,
    cells: list.cells,
    nextCursor:
      rows.length > pageSize && last
        ? encodeCursor({ s: sortKey, d: dir, v: sortValue(last.sort_value), id: last.id })
        : null,
    page: body.cursor ? 0 : (body.page ?? 1),
    pageSize,
    list: { key: list.key, name: list.name },
    sort: sort ?? null,
  };
};
