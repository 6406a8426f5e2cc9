import { asc, eq, sql } from 'drizzle-orm';
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
  updateDefinition: (key: string, definition: Record<string, unknown>) =>
    scope.tx
      .update(recordTypes)
      .set({ definition, updatedAt: sql`now()` })
      .where(whereEnv(scope, recordTypes, eq(recordTypes.key, key))),
});
