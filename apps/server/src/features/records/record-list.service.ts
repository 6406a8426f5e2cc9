import type { List, RecordType } from '@kontor/contract/api/record-types';
import { optionsMapping } from '@kontor/contract/api/record-types';
import { defaultPageSize, type SimpleTableData, type simpleTableBody, totalCap } from '@kontor/contract/api/records';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type EnvScope, whereEnv } from '../../db/env-scope';
import { isUuid } from '../../db/ids';
import { AppError } from '../../http/errors';
import { records } from './records.table';
import { isSortableKey, sortExpression, sortKindOf } from './sort-keys';

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
  text: /^[^]{0,4000}$/,
} as const;

type Cursor = { s: string; d: 'asc' | 'desc'; v: string | number; id: string };

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

const decodeCursor = (raw: string, sortKey: string, dir: 'asc' | 'desc', valuePattern: RegExp, t: Translate): Cursor => {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (c.s === sortKey && c.d === dir && (typeof c.v === 'string' || typeof c.v === 'number') && typeof c.id === 'string' && isUuid(c.id) && valuePattern.test(String(c.v))) return c;
  } catch {
    // fall through: any undecodable cursor is refused the same way
  }
  throw new AppError('invalid', { message: t('records.invalidCursor') });
};

/** Top-level data keys a row needs: the cells' mappings and the paths their button conditions read. */
const neededKeys = (list: List): string[] => {
  const keys = new Set<string>();
  const addPath = (path: string) => keys.add(path.split('.')[0] ?? path);
  for (const cell of list.cells) {
    if (cell.mapping !== optionsMapping) addPath(cell.mapping);
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
 * One page of a record list: search over the list's searchable cells (trigram-indexed), sort on a
 * sortable cell (expression-indexed, id as tie-break), offset pages or a keyset cursor for deep
 * pages, and a total that stops counting at 10,000.
 */
export const recordListPage = async (scope: EnvScope, type: RecordType, body: Body, t: Translate): Promise<SimpleTableData> => {
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
    const exact = cells.map((c) => sql`${sortExpression(c.mapping, 'text')} like ${pattern}`);
    conditions.push(sql`${records.searchText} like ${pattern}`);
    conditions.push(exact.length > 0 ? sql`(${sql.join(exact, sql` or `)})` : sql`false`);
  }
  for (const [key, value] of Object.entries(body.filter ?? {})) {
    if (isSortableKey(key)) conditions.push(sql`${records.data}->>${key} = ${String(value)}`);
  }
  const where = whereEnv(scope, records, ...conditions);

  let pageWhere = where;
  let offset = 0;
  if (body.cursor) {
    const pattern = sort ? valuePatterns[sortKindOf(type, sort.field)] : valuePatterns.created;
    const c = decodeCursor(body.cursor, sortKey, dir, pattern, t);
    const value = sort ? sql`${c.v}` : sql`${String(c.v)}::timestamptz`;
    const cmp = dir === 'asc' ? sql`>` : sql`<`;
    pageWhere = and(where, sql`(${sortExpr}, ${records.id}) ${cmp} (${value}, ${c.id}::uuid)`);
  } else {
    offset = ((body.page ?? 1) - 1) * pageSize;
  }

  const order = dir === 'asc' ? [asc(sortExpr), asc(records.id)] : [desc(sortExpr), desc(records.id)];
  // Timestamps travel as text: a JS Date would drop the microseconds and break the keyset.
  const sortValueExpr = sort ? sortExpr : sql`${records.createdAt}::text`;
  const rows = await scope.tx
    .select({ id: records.id, stage: records.stage, data: records.data, sortValue: sql<string | number>`${sortValueExpr}` })
    .from(records)
    .where(pageWhere)
    .orderBy(...order)
    .limit(pageSize + 1)
    .offset(offset);
  const capped = scope.tx.select({ one: sql`1` }).from(records).where(where).limit(totalCap + 1).as('capped');
  const n = Number((await scope.tx.select({ n: sql<number>`count(*)::int` }).from(capped))[0]?.n ?? 0);

  const keys = neededKeys(list);
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  const sortValue = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? v : String(v));
  return {
    rows: page.map((r) => ({ _id: r.id, stage: r.stage, ...Object.fromEntries(keys.map((k) => [k, r.data[k] ?? null])) })),
    total: Math.min(n, totalCap),
    totalCapped: n > totalCap,
    cells: list.cells,
    nextCursor: rows.length > pageSize && last ? encodeCursor({ s: sortKey, d: dir, v: sortValue(last.sortValue), id: last.id }) : null,
    page: body.cursor ? 0 : (body.page ?? 1),
    pageSize,
    list: { key: list.key, name: list.name },
    sort: sort ?? null,
  };
};
