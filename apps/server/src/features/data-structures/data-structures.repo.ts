import { eq, sql } from 'drizzle-orm';
import { type EnvScope, whereEnv } from '../../db/env-scope';
import { newId } from '../../db/ids';
import { rowsOf } from '../../db/rows';
import { records } from '../../engine/records.table';
import { recordTypeChanges } from './data-structures.table';

export const dataStructuresRepo = (scope: EnvScope) => ({
  /** Records per type of the environment, in one statement. */
  countsByType: async (): Promise<Map<string, number>> => {
    const rows = await scope.tx
      .select({ type: records.type, n: sql<number>`count(*)::int` })
      .from(records)
      .where(whereEnv(scope, records))
      .groupBy(records.type);
    return new Map(rows.map((r) => [r.type, Number(r.n)]));
  },

  /** Per top-level field key: how many records of the type hold a non-empty value. */
  fieldValueCounts: async (type: string): Promise<Record<string, number>> => {
    const result = await scope.tx.execute(sql`
      select e.key as key, count(*)::int as n
      from ${records}, jsonb_each(${records.data}) as e
      where ${whereEnv(scope, records, eq(records.type, type))}
        and e.value not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)
      group by e.key`);
    return Object.fromEntries(rowsOf<{ key: string; n: number }>(result).map((r) => [r.key, Number(r.n)]));
  },

  audit: (p: { typeKey: string; action: 'create' | 'save' | 'delete'; version: number; definition: unknown }) =>
    scope.tx.insert(recordTypeChanges).values({
      envId: scope.envId,
      id: newId(),
      typeKey: p.typeKey,
      action: p.action,
      version: p.version,
      userId: scope.userId,
      definition: (p.definition ?? null) as Record<string, unknown> | null,
    }),

  changes: (typeKey: string) =>
    scope.tx
      .select()
      .from(recordTypeChanges)
      .where(whereEnv(scope, recordTypeChanges, eq(recordTypeChanges.typeKey, typeKey)))
      .orderBy(recordTypeChanges.createdAt),
});
