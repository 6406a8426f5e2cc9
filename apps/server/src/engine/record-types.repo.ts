import { and, asc, eq, sql } from 'drizzle-orm';
import { type EnvScope, whereEnv } from '../db/env-scope';
import { recordTypes } from './records.table';

export type RecordTypeRow = typeof recordTypes.$inferSelect;

export const recordTypesRepo = (scope: EnvScope) => ({
  /** Oldest first; types created together (a preset's) by key, so the order never changes between reads. */
  list: () =>
    scope.tx
      .select()
      .from(recordTypes)
      .where(whereEnv(scope, recordTypes))
      .orderBy(asc(recordTypes.createdAt), asc(recordTypes.key)),
  insert: (row: { key: string; parent: string; definition: Record<string, unknown> }) =>
    scope.tx.insert(recordTypes).values({ ...row, envId: scope.envId }),
  byKey: async (key: string): Promise<RecordTypeRow | null> =>
    (
      await scope.tx
        .select()
        .from(recordTypes)
        .where(whereEnv(scope, recordTypes, eq(recordTypes.key, key)))
    )[0] ?? null,
  /** The stored definition of a child type, locked until the transaction ends (read, change, write). */
  byKeyForUpdate: async (key: string): Promise<RecordTypeRow | undefined> =>
    (
      await scope.tx
        .select()
        .from(recordTypes)
        .where(whereEnv(scope, recordTypes, eq(recordTypes.key, key)))
        .for('update')
        .limit(1)
    )[0],
  /** Compare-and-set on the version in SQL: of two concurrent saves only one can win. */
  update: async (key: string, definition: Record<string, unknown>, version: number, now: Date) => {
    const rows = await scope.tx
      .update(recordTypes)
      .set({ definition, version: sql`${recordTypes.version} + 1`, updatedAt: now })
      .where(whereEnv(scope, recordTypes, and(eq(recordTypes.key, key), eq(recordTypes.version, version))))
      .returning({ version: recordTypes.version });
    return rows[0]?.version ?? null;
  },
  /** A change under the row lock (export copy and removal): it moves the version too, so an open editor learns of it. */
  updateDefinition: (key: string, definition: Record<string, unknown>) =>
    scope.tx
      .update(recordTypes)
      .set({ definition, version: sql`${recordTypes.version} + 1`, updatedAt: sql`now()` })
      .where(whereEnv(scope, recordTypes, eq(recordTypes.key, key))),
  /** Removes the type if it still has `version` (when given): a save in between keeps it. */
  remove: async (key: string, version?: number): Promise<boolean> =>
    (
      await scope.tx
        .delete(recordTypes)
        .where(
          whereEnv(
            scope,
            recordTypes,
            eq(recordTypes.key, key),
            version === undefined ? undefined : eq(recordTypes.version, version),
          ),
        )
        .returning({ key: recordTypes.key })
    ).length > 0,
});
