import { asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { type EnvScope, whereEnv } from '../db/env-scope';
import { newId } from '../db/ids';
import { records } from './records.table';
import { matchExpression, sortExpression } from './sort-keys';

export type RecordRow = typeof records.$inferSelect;

/** The only code that speaks SQL to the records table; every query is bound to the scope's environment. */
export const recordsRepo = (scope: EnvScope) => ({
  byId: async (type: string, id: string): Promise<RecordRow | undefined> =>
    (
      await scope.tx
        .select()
        .from(records)
        .where(whereEnv(scope, records, eq(records.type, type), eq(records.id, id)))
        .limit(1)
    )[0],

  /** Records of any of `types` with these ids (model fields, selector results). */
  byIds: (types: string[], ids: string[]) =>
    ids.length === 0 || types.length === 0
      ? Promise.resolve([] as RecordRow[])
      : scope.tx
          .select()
          .from(records)
          .where(whereEnv(scope, records, inArray(records.type, types), inArray(records.id, ids))),

  /**
   * Whether another record of the type already holds `value` in `field` (the unique rule). Takes a
   * transaction lock on (environment, type, field, value) first: a simultaneous save of the same
   * value waits until this transaction ends and then sees its record, so two cannot both pass.
   */
  valueTaken: async (type: string, field: string, value: string, exceptId: string | null): Promise<boolean> => {
    await scope.tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`${scope.envId}:${type}:${field}`}), hashtext(${value}))`,
    );
    return (
      (
        await scope.tx
          .select({ id: records.id })
          .from(records)
          .where(
            whereEnv(
              scope,
              records,
              eq(records.type, type),
              sql`${records.data}->>${field} = ${value}`,
              exceptId ? ne(records.id, exceptId) : undefined,
            ),
          )
          .limit(1)
      ).length > 0
    );
  },

  /** The first record of `types` whose `field` holds exactly `value` (finding a partner by USt-IdNr. or name). */
  firstWithValue: async (types: string[], field: string, value: string): Promise<RecordRow | undefined> =>
    types.length === 0
      ? undefined
      : (
          await scope.tx
            .select()
            .from(records)
            .where(whereEnv(scope, records, inArray(records.type, types), sql`${records.data}->>${field} = ${value}`))
            .orderBy(asc(records.createdAt), asc(records.id))
            .limit(1)
        )[0],

  insert: async (row: {
    type: string;
    data: Record<string, unknown>;
    searchText: string;
    stage?: string | null;
    id?: string;
  }) => {
    const id = row.id ?? newId();
    await scope.tx.insert(records).values({
      envId: scope.envId,
      id,
      type: row.type,
      data: row.data,
      searchText: row.searchText,
      stage: row.stage ?? null,
      createdBy: scope.userId,
    });
    return { id, version: 1 };
  },

  /** Writes only if the stored version is still `version`; false means someone saved in between. */
  update: async (type: string, id: string, version: number, data: Record<string, unknown>, searchText: string) =>
    (
      await scope.tx
        .update(records)
        .set({ data, searchText, version: sql`${records.version} + 1`, updatedAt: sql`now()` })
        .where(whereEnv(scope, records, eq(records.type, type), eq(records.id, id), eq(records.version, version)))
        .returning({ version: records.version })
    )[0],

  remove: async (type: string, id: string): Promise<boolean> =>
    (
      await scope.tx
        .delete(records)
        .where(whereEnv(scope, records, eq(records.type, type), eq(records.id, id)))
        .returning({ id: records.id })
    ).length > 0,

  countByType: async (type: string): Promise<number> =>
    Number(
      (
        await scope.tx
          .select({ n: sql<number>`count(*)` })
          .from(records)
          .where(whereEnv(scope, records, eq(records.type, type)))
      )[0]?.n ?? 0,
    ),

  /**
   * Records of `types` whose `columns` contain `pattern` (LIKE, lower-cased and escaped; null: all),
   * sorted by the first column's sort key: the model selector's search.
   */
  searchByColumns: (types: string[], columns: string[], pattern: string | null, limit: number) => {
    const match = pattern
      ? sql`(${sql.join(
          columns.map((c) => sql`${matchExpression(c)} like ${pattern}`),
          sql` or `,
        )})`
      : undefined;
    return scope.tx
      .select({ id: records.id, type: records.type, data: records.data })
      .from(records)
      .where(whereEnv(scope, records, inArray(records.type, types), match))
      .orderBy(asc(sortExpression(columns[0] as string, 'text')), asc(records.id))
      .limit(limit);
  },

  /** A page of a type's records by id (after `afterId`), for work over all of them in batches. */
  pageOfType: (type: string, afterId: string | null, limit: number) =>
    scope.tx
      .select({ id: records.id, data: records.data })
      .from(records)
      .where(whereEnv(scope, records, eq(records.type, type), ...(afterId ? [gt(records.id, afterId)] : [])))
      .orderBy(asc(records.id))
      .limit(limit),

  /** Derived text only: the record's version stays (no one's edit is overtaken by it). */
  setSearchText: (id: string, searchText: string) =>
    scope.tx
      .update(records)
      .set({ searchText })
      .where(whereEnv(scope, records, eq(records.id, id))),

  allOfType: (type: string) =>
    scope.tx
      .select()
      .from(records)
      .where(whereEnv(scope, records, eq(records.type, type))),
});
