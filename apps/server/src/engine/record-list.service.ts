import type { List, RecordType } from '@kontor/contract/api/record-types';
import { optionsMapping } from '@kontor/contract/api/record-types';
import { defaultPageSize, type SimpleTableData, type simpleTableBody, totalCap } from '@kontor/contract/api/records';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { z } from 'zod';
import { inlinedStatement } from '../db/env-opening';
import type { EnvId, EnvScope } from '../db/env-scope';
import { isUuid } from '../db/ids';
import { AppError } from '../http/errors';
import { type ListPlan, type ListRow, recordListRepo, recordListStatement } from './record-list.repo';
import { sortIndexFor } from './sort-indexes';
import { isSortableKey, likePattern, sortKindOf } from './sort-keys';

type Body = z.output<typeof simpleTableBody>;

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

/** How the list sorts by a field: on a shipped expression index, or through record_sort_keys. */
const sortPlan = (type: RecordType, field: string): NonNullable<ListPlan['sort']> => {
  const kind = sortKindOf(type, field);
  return { field, kind, via: sortIndexFor(type.key, field, kind) ? 'index' : 'table' };
};

/**
 * The plan of one page of a record list: the list, its checked sort, search and filters, and the
 * decoded cursor. Exported with its statement so tests can ask the planner how it runs (EXPLAIN).
 */
export const recordListPlan = (type: RecordType, body: Body, t: Translate) => {
  const list = requireList(type, body.list, t);
  const pageSize = body.pageSize ?? defaultPageSize;

  const requested = body.sort ?? list.defaultSort ?? null;
  if (body.sort && !list.cells.some((c) => c.sortable && c.mapping === body.sort?.field && isSortableKey(c.mapping))) {
    throw new AppError('invalid', { message: t('records.unknownSortField') });
  }
  const sort = requested && isSortableKey(requested.field) ? requested : null;
  const dir = sort?.dir ?? 'desc';
  const sortKey = sort ? `${sort.field}` : '_created';

  const search = body.search?.trim();
  const mappings = list.cells.filter((c) => c.searchable && isSortableKey(c.mapping)).map((c) => c.mapping);
  // Only the list's own cells filter: each key is a condition, and an unknown one is a mistake.
  const filterable = new Set(list.cells.map((c) => c.mapping).filter((m) => m !== optionsMapping && isSortableKey(m)));
  const filters = Object.entries(body.filter ?? {}).map(([key, value]) => {
    if (!filterable.has(key)) throw new AppError('invalid', { message: t('records.unknownFilterField') });
    return { key, kind: sortKindOf(type, key), value };
  });

  let cursor: ListPlan['cursor'] = null;
  if (body.cursor) {
    const pattern = sort ? valuePatterns[sortKindOf(type, sort.field)] : valuePatterns.created;
    const c = decodeCursor(body.cursor, sortKey, dir, pattern, t);
    cursor = { value: c.v, id: c.id };
  }
  const plan: ListPlan = {
    typeKey: type.key,
    search: search ? { pattern: likePattern(search), mappings } : null,
    filters,
    sort: sort ? sortPlan(type, sort.field) : null,
    dir,
    cursor,
    offset: body.cursor ? 0 : ((body.page ?? 1) - 1) * pageSize,
    pageSize,
    // Only the keys the cells need leave the database, not whole records (positions can be large).
    keys: neededKeys(list).filter(isSortableKey),
    counted: !body.cursor,
  };
  return { plan, list, sort, sortKey };
};

type Planned = ReturnType<typeof recordListPlan>;

/** The answer for one page from its statement's rows. */
const pageFrom = ({ plan, list, sort, sortKey }: Planned, body: Body, all: ListRow[]): SimpleTableData => {
  const { keys, pageSize, dir, counted } = plan;
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

/** One page of a record list (see recordListPlan and record-list.repo). */
export const recordListPage = async (
  scope: EnvScope,
  type: RecordType,
  body: Body,
  t: Translate,
): Promise<SimpleTableData> => {
  const planned = recordListPlan(type, body, t);
  return pageFrom(planned, body, await recordListRepo(scope).page(planned.plan));
};

/**
 * The same page as a one-trip read (Database.readOpened): its statement with the values inlined,
 * written for `expectedEnvId` before the guard has decided, and how its rows become the answer.
 * Throws where the body does not fit the type (the usual path then answers, in the caller's language).
 */
export const recordListOneTrip = (expectedEnvId: string, type: RecordType, body: Body, t: Translate) => {
  const planned = recordListPlan(type, body, t);
  // Not a checked environment yet: Row Level Security admits only the one the opening enters, and
  // the rows count only when that is this one.
  const statement = recordListStatement({ envId: expectedEnvId as EnvId }, planned.plan);
  return {
    statement: inlinedStatement(statement),
    answer: (rows: Record<string, unknown>[]) => pageFrom(planned, body, rows as ListRow[]),
  };
};
