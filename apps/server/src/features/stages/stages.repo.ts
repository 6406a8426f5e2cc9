import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type EnvScope, whereEnv } from '../../db/env-scope';
import { newId } from '../../db/ids';
import { records } from '../../engine/records.table';
import { auditEntries, frozenDocuments, numberRangeSettings, numberRanges, stageTransitions } from './stages.table';

type FrozenDocumentRow = typeof frozenDocuments.$inferSelect;
export type AuditEntryRow = typeof auditEntries.$inferSelect;

/** The stages feature's SQL: transitions, number ranges, frozen documents, the audit chain. */
export const stagesRepo = (scope: EnvScope) => ({
  /**
   * The record's row, locked until the transaction ends: a save or another stage change of the
   * same record waits, and a save that read the record before fails its version check afterwards.
   */
  lockRecord: async (type: string, id: string) =>
    (
      await scope.tx
        .select()
        .from(records)
        .where(whereEnv(scope, records, eq(records.type, type), eq(records.id, id)))
        .for('update')
        .limit(1)
    )[0],

  setStage: (type: string, id: string, stage: string, data: Record<string, unknown>, searchText: string) =>
    scope.tx
      .update(records)
      .set({ stage, data, searchText, version: sql`${records.version} + 1`, updatedAt: sql`now()` })
      .where(whereEnv(scope, records, eq(records.type, type), eq(records.id, id))),

  addTransition: (row: {
    recordId: string;
    type: string;
    fromStage: string | null;
    toStage: string;
    userName: string;
    at: Date;
  }) => scope.tx.insert(stageTransitions).values({ ...row, envId: scope.envId, id: newId(), userId: scope.userId }),

  transitions: (recordId: string) =>
    scope.tx
      .select()
      .from(stageTransitions)
      .where(whereEnv(scope, stageTransitions, eq(stageTransitions.recordId, recordId)))
      .orderBy(desc(stageTransitions.at), desc(stageTransitions.id))
      .limit(500),

  /**
   * The next number of a range (`period`: the year, or 0 for a range that counts on across years).
   * The upsert takes the row's lock until the transaction ends, so parallel draws queue here, and
   * a transaction that rolls back gives its number back. A new range starts at `start`.
   */
  nextNumber: async (rangeKey: string, period: number, start = 1): Promise<number> => {
    const [row] = await scope.tx
      .insert(numberRanges)
      .values({ envId: scope.envId, rangeKey, year: period, lastValue: start })
      .onConflictDoUpdate({
        target: [numberRanges.envId, numberRanges.rangeKey, numberRanges.year],
        set: { lastValue: sql`${numberRanges.lastValue} + 1` },
      })
      .returning({ value: numberRanges.lastValue });
    if (!row) throw new Error('number range gave no value');
    return row.value;
  },

  /** The last number drawn in a range's period, locked until the transaction ends; undefined if none. */
  lastNumberForUpdate: async (rangeKey: string, period: number): Promise<number | undefined> =>
    (
      await scope.tx
        .select({ value: numberRanges.lastValue })
        .from(numberRanges)
        .where(whereEnv(scope, numberRanges, eq(numberRanges.rangeKey, rangeKey), eq(numberRanges.year, period)))
        .for('update')
        .limit(1)
    )[0]?.value,

  /** The last numbers drawn in the given period, by range. */
  lastNumbers: async (period: number): Promise<Map<string, number>> =>
    new Map(
      (
        await scope.tx
          .select({ rangeKey: numberRanges.rangeKey, value: numberRanges.lastValue })
          .from(numberRanges)
          .where(whereEnv(scope, numberRanges, eq(numberRanges.year, period)))
      ).map((r) => [r.rangeKey, r.value]),
    ),

  /** Sets the last number drawn; the caller has checked it never goes below one already drawn. */
  setLastNumber: (rangeKey: string, period: number, value: number) =>
    scope.tx
      .insert(numberRanges)
      .values({ envId: scope.envId, rangeKey, year: period, lastValue: value })
      .onConflictDoUpdate({
        target: [numberRanges.envId, numberRanges.rangeKey, numberRanges.year],
        set: { lastValue: value },
      }),

  rangeSettings: async (): Promise<Map<string, { format: string; auto: boolean }>> =>
    new Map(
      (await scope.tx.select().from(numberRangeSettings).where(whereEnv(scope, numberRangeSettings))).map((r) => [
        r.rangeKey,
        { format: r.format, auto: r.auto },
      ]),
    ),

  rangeSetting: async (rangeKey: string): Promise<{ format: string; auto: boolean } | undefined> =>
    (
      await scope.tx
        .select({ format: numberRangeSettings.format, auto: numberRangeSettings.auto })
        .from(numberRangeSettings)
        .where(whereEnv(scope, numberRangeSettings, eq(numberRangeSettings.rangeKey, rangeKey)))
        .limit(1)
    )[0],

  saveRangeSetting: (rangeKey: string, format: string, auto: boolean) =>
    scope.tx
      .insert(numberRangeSettings)
      .values({ envId: scope.envId, rangeKey, format, auto })
      .onConflictDoUpdate({
        target: [numberRangeSettings.envId, numberRangeSettings.rangeKey],
        set: { format, auto },
      }),

  insertFrozen: (row: Omit<typeof frozenDocuments.$inferInsert, 'envId' | 'id' | 'createdBy'>) => {
    const id = newId();
    return scope.tx
      .insert(frozenDocuments)
      .values({ ...row, id, envId: scope.envId, createdBy: scope.userId })
      .then(() => id);
  },

  frozenOf: async (recordId: string, exportKey?: string): Promise<FrozenDocumentRow | undefined> =>
    (
      await scope.tx
        .select()
        .from(frozenDocuments)
        .where(
          whereEnv(
            scope,
            frozenDocuments,
            eq(frozenDocuments.recordId, recordId),
            exportKey ? eq(frozenDocuments.exportKey, exportKey) : undefined,
          ),
        )
        .orderBy(asc(frozenDocuments.createdAt))
        .limit(1)
    )[0],

  frozenList: (recordId: string) =>
    scope.tx
      .select({
        id: frozenDocuments.id,
        number: frozenDocuments.number,
        exportKey: frozenDocuments.exportKey,
        sha256: frozenDocuments.sha256,
        createdAt: frozenDocuments.createdAt,
      })
      .from(frozenDocuments)
      .where(whereEnv(scope, frozenDocuments, eq(frozenDocuments.recordId, recordId)))
      .orderBy(asc(frozenDocuments.createdAt)),

  isFrozen: async (recordId: string): Promise<boolean> =>
    (
      await scope.tx
        .select({ id: frozenDocuments.id })
        .from(frozenDocuments)
        .where(whereEnv(scope, frozenDocuments, eq(frozenDocuments.recordId, recordId)))
        .limit(1)
    ).length > 0,

  /** Serialises appends to this environment's chain (the first entry has no row to lock). */
  lockAudit: () => scope.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`audit:${scope.envId}`}))`),

  lastAudit: async (): Promise<AuditEntryRow | undefined> =>
    (
      await scope.tx
        .select()
        .from(auditEntries)
        .where(whereEnv(scope, auditEntries))
        .orderBy(desc(auditEntries.seq))
        .limit(1)
    )[0],

  insertAudit: (row: Omit<AuditEntryRow, 'envId'>) =>
    scope.tx.insert(auditEntries).values({ ...row, envId: scope.envId }),

  auditPage: (afterSeq: number, size: number) =>
    scope.tx
      .select()
      .from(auditEntries)
      .where(and(whereEnv(scope, auditEntries), sql`${auditEntries.seq} > ${afterSeq}`))
      .orderBy(asc(auditEntries.seq))
      .limit(size),
});
