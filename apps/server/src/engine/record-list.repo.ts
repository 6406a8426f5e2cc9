import { totalCap } from '@kontor/contract/api/records';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type EnvScope, whereEnv } from '../db/env-scope';
import { rowsOf } from '../db/rows';
import { recordSortKeys, records } from './records.table';
import { likeOperator, matchExpression, type SortKind, sortExpression } from './sort-keys';

/**
 * What the list service decided a page is; every key in it was checked against the list's cells
 * (sortable keys only), so the repository may inline them.
 */
export type ListPlan = Readonly<{
  typeKey: string;
  /** Lower-cased, LIKE-escaped `%text%`, and the cells it is matched against. */
  search: { pattern: string; mappings: string[] } | null;
  filters: ReadonlyArray<{ key: string; kind: SortKind; value: string | number | boolean }>;
  /**
   * `index`: one of the product's expression indexes serves the field (engine/sort-indexes.ts);
   * `table`: its keys are in record_sort_keys (engine/sort-fields.ts).
   */
  sort: { field: string; kind: SortKind; via: 'index' | 'table' } | null;
  dir: 'asc' | 'desc';
  cursor: { value: string | number; id: string } | null;
  offset: number;
  pageSize: number;
  /** Top-level data keys the rows carry. */
  keys: string[];
  /** Whether the (capped) total is counted: first pages only. */
  counted: boolean;
}>;

export type ListRow = {
  total?: number;
  id: string | null;
  stage: string | null;
  data: Record<string, unknown>;
  sort_value: string | number;
};

/**
 * A filter compares like sorting does (case and umlauts folded), through the field's sort key, so
 * the sort index of the field serves it. Number fields compare as numbers; the stage is the
 * record's own column.
 */
const filterCondition = ({ key, kind, value }: ListPlan['filters'][number]): SQL => {
  if (key === 'stage') return sql`${records.stage} = ${String(value)}`;
  if (kind === 'num' && Number.isFinite(Number(value)) && String(value).trim() !== '') {
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

/**
 * The one statement behind a page of a record list: search over the list's searchable cells
 * (trigram-indexed), sort on a sortable cell (expression-indexed, id as tie-break), offset pages
 * or a keyset cursor for deep pages, and a total that stops counting at 10,000.
 */
/**
 * Where the sort key of a row comes from: its expression (the expression index serves it), the
 * joined row of record_sort_keys (its index serves it), or the creation time.
 */
const sortSource = (scope: Pick<EnvScope, 'envId'>, plan: ListPlan): { expr: SQL; id: SQL; join: SQL } => {
  const { sort } = plan;
  if (!sort) return { expr: sql`${records.createdAt}`, id: sql`${records.id}`, join: sql`` };
  if (sort.via === 'index') return { expr: sortExpression(sort.field, sort.kind), id: sql`${records.id}`, join: sql`` };
  const column = sql.raw(sort.kind === 'num' ? 'k.num_key' : 'k.text_key');
  return {
    expr: column,
    // The tie-break from the same index as the key, so keyset and order are index conditions.
    id: sql.raw('k.record_id'),
    join: sql`join ${recordSortKeys} k on k.env_id = ${scope.envId} and k.type = ${plan.typeKey}
      and k.field = ${sort.field} and k.record_id = ${records.id} and ${column} is not null`,
  };
};

export const recordListStatement = (scope: Pick<EnvScope, 'envId'>, plan: ListPlan): SQL => {
  const { sort, search, cursor, counted } = plan;
  const { expr: sortExpr, id: sortId, join: sortJoin } = sortSource(scope, plan);
  const conditions: (SQL | undefined)[] = [eq(records.type, plan.typeKey)];
  if (search) {
    const exact = search.mappings.map((m) => sql`${matchExpression(m)} like ${search.pattern}`);
    conditions.push(sql`${records.searchText} ${likeOperator} ${search.pattern}`);
    conditions.push(exact.length > 0 ? sql`(${sql.join(exact, sql` or `)})` : sql`false`);
  }
  for (const filter of plan.filters) conditions.push(filterCondition(filter));
  const where = whereEnv(scope, records, ...conditions);

  const cursorValue = cursor && (sort ? sql`${cursor.value}` : sql`${String(cursor.value)}::timestamptz`);
  const cmp = plan.dir === 'asc' ? sql`>` : sql`<`;
  const direction = sql.raw(plan.dir);
  // Timestamps travel as text: a JS Date would drop the microseconds and break the keyset.
  const sortValueExpr = sort ? sortExpr : sql`${records.createdAt}::text`;
  // A sort key is computed once per row: the value travels as the order column itself.
  const sortValueColumn = (alias: string) => sql.raw(`${alias}.${sort ? 'sort_order' : 'sort_value'} as sort_value`);
  const sortValueSelect = sort ? sql`` : sql`, ${sortValueExpr} as sort_value`;
  const limit = sql`limit ${plan.pageSize + 1} offset ${plan.offset}`;
  const picked = pickedData(plan.keys, 'r');

  if (search) {
    // A search finds its matches once (trigram index), then counts and pages them: the index is
    // not asked twice.
    const keyset = cursor ? sql`where (m.sort_order, m.id) ${cmp} (${cursorValue}, ${cursor.id}::uuid)` : sql``;
    const page = sql`select r.id as id, r.stage as stage, ${picked} as data, ${sortValueColumn('m')}
      from m join ${records} r on r.env_id = ${scope.envId} and r.id = m.id ${keyset}
      order by m.sort_order ${direction}, m.id ${direction} ${limit}`;
    const matches = sql`with m as materialized (select ${records.id} as id, ${sortExpr} as sort_order${sortValueSelect}
      from ${records} ${sortJoin} where ${where})`;
    return counted
      ? sql`${matches} select (select count(*)::int from (select 1 from m limit ${totalCap + 1}) x) as total, p.*
          from (select 1) one left join lateral (${page}) p on true`
      : sql`${matches} ${page}`;
  }
  const keyset = cursor ? sql`and (${sortExpr}, ${sortId}) ${cmp} (${cursorValue}, ${cursor.id}::uuid)` : sql``;
  // The page's ids first (sorted and limited on the index), then the cell values of just those
  // rows: building them for every candidate row before the sort cost more than the query itself.
  const ids = sql`select ${records.id} as id, ${sortExpr} as sort_order${sortValueSelect}
    from ${records} ${sortJoin} where ${where} ${keyset} order by ${sortExpr} ${direction}, ${sortId} ${direction} ${limit}`;
  const page = sql`select r.id as id, r.stage as stage, ${picked} as data, ${sortValueColumn('s')}
    from (${ids}) s join ${records} r on r.env_id = ${scope.envId} and r.id = s.id
    order by s.sort_order ${direction}, s.id ${direction}`;
  // One round trip: the capped count and the page together. A cursor page skips the count (the
  // client keeps the first page's total), so deep pages cost what page 1 costs.
  return counted
    ? sql`select c.n as total, p.* from
        (select count(*)::int as n from (select 1 from ${records} where ${where} limit ${totalCap + 1}) x) c
        left join lateral (${page}) p on true`
    : page;
};

export const recordListRepo = (scope: EnvScope) => ({
  /** Up to pageSize + 1 rows (the extra one tells that a next page exists); on a counted page a row without id carries only the total. */
  page: async (plan: ListPlan): Promise<ListRow[]> =>
    rowsOf<ListRow>(await scope.tx.execute(recordListStatement(scope, plan))),
});
