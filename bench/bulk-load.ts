import type { DataField, RecordType } from '@kontor/contract/api/record-types';
import type { FieldErrors } from '@kontor/contract/call';
import { needsUniqueCheck } from '@kontor/contract/logic/validation';
import { eq, inArray, sql } from 'drizzle-orm';
import { type EnvScope, whereEnv } from '../apps/server/src/db/env-scope';
import { newId } from '../apps/server/src/db/ids';
import { requireType } from '../apps/server/src/engine/record-types.service';
import { coerceField } from '../apps/server/src/engine/record-values';
import {
  checkModels,
  computeTotalsInRange,
  defaults,
  editableFields,
  initialStage,
  type RecordsContext,
  requireForm,
  searchTextOf,
} from '../apps/server/src/engine/records.service';
import { records } from '../apps/server/src/engine/records.table';
import { AppError } from '../apps/server/src/http/errors';

/**
 * The bench's seeder: many records of a type at once, one insert per chunk. Not a product path
 * (the product saves through the records service only, issue 30 item 3): it reuses the save's
 * rule functions (coercion and every validation rule, model references, computed totals, search
 * text, initial stage) and adds only what a batch needs (uniqueness within the batch, the chunked
 * insert). No record hooks run, so it suits types no feature hooks into (the bench's customers);
 * `bulk-load.int.test.ts` checks that a loaded record equals one saved through the save call.
 */

type LoadResult = { inserted: number };

/** Rows per insert statement (one JSON parameter each), validated as one step of the pipeline. */
const chunkSize = 2000;
/** Values per uniqueness query. */
const uniqueChunk = 5000;
/** A load with more bad rows names the first ones only: enough to fix a file, small to send. */
const maxReportedRows = 100;
/** Rows validated between two turns of the event loop, so that the insert before them is sent and answered meanwhile. */
const rowsPerTurn = 250;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Fail = (index: number, field: string, message: string) => void;

/** The loader's statements on the records table, bound to the scope's environment as the engine's repository's are. */
const bulkRepo = (scope: EnvScope) => ({
  /** Which of `values` some record of the type already holds in `field`. */
  takenValues: async (type: string, field: string, values: string[]): Promise<string[]> => {
    if (values.length === 0) return [];
    const held = sql<string>`${records.data}->>${field}`;
    const rows = await scope.tx
      .select({ value: held })
      .from(records)
      .where(whereEnv(scope, records, eq(records.type, type), inArray(held, values)));
    return rows.map((r) => r.value);
  },

  /**
   * One insert of many rows. The rows travel as one JSON parameter: PostgreSQL parses it far
   * quicker than thousands of bound values. RLS checks each row as for any insert.
   */
  insertMany: async (
    type: string,
    rows: ReadonlyArray<{ data: Record<string, unknown>; searchText: string }>,
    stage: string | null,
  ): Promise<void> => {
    if (rows.length === 0) return;
    const json = JSON.stringify(rows.map((r) => ({ id: newId(), data: r.data, search_text: r.searchText })));
    await scope.tx.execute(sql`
      insert into ${records} (env_id, id, type, data, search_text, stage, created_by)
      select ${scope.envId}::uuid, r.id, ${type}, r.data, r.search_text, ${stage}, ${scope.userId}::uuid
      from jsonb_to_recordset(${json}::jsonb) as r(id uuid, data jsonb, search_text text)`);
  },

  /**
   * Merges the search index's pending list (migration 0022) after a load, so that the searches
   * after it do not each read the load's trigrams from the list.
   */
  mergeSearchPending: async (): Promise<void> => {
    await scope.tx.execute(sql`select kontor.merge_search_pending()`);
  },
});

/**
 * The unique fields' values, checked before anything is written: a value twice in the batch is
 * the later row's fault, a value the environment already holds the fault of the row that brings it.
 */
const checkUniqueValues = async (
  ctx: RecordsContext,
  type: RecordType,
  uniqueFields: DataField[],
  inputs: Record<string, unknown>[],
  fail: Fail,
) => {
  const repo = bulkRepo(ctx.scope);
  for (const f of uniqueFields) {
    const firstRow = new Map<string, number>();
    for (const [index, input] of inputs.entries()) {
      // Coercion errors are reported by the validation; here only the value counts.
      const value = coerceField(f, input[f.key], f.key, ctx.t, {});
      if (!needsUniqueCheck(f, value)) continue;
      const text = String(value);
      if (firstRow.has(text)) fail(index, f.key, ctx.t('validation.unique'));
      else firstRow.set(text, index);
    }
    const values = [...firstRow.keys()];
    for (let i = 0; i < values.length; i += uniqueChunk) {
      for (const taken of await repo.takenValues(type.key, f.key, values.slice(i, i + uniqueChunk)))
        fail(firstRow.get(taken) ?? -1, f.key, ctx.t('validation.unique'));
    }
  }
};

/**
 * Creates many records at once with the save's rules but one insert per chunk. All or nothing:
 * any invalid record fails the whole load (the caller's transaction rolls back what was
 * inserted), and the errors name each bad row and field as `<row index>.<field>` (0-based, in the
 * order given).
 *
 * A pipeline on two cores: while PostgreSQL writes one chunk into the table and its indexes, Node
 * validates the next. Once a row has failed, nothing more is inserted; validation goes on, so that
 * the error names every bad row.
 */
export const bulkLoad = async (
  ctx: RecordsContext,
  typeKey: string,
  inputs: Record<string, unknown>[],
): Promise<LoadResult> => {
  const type = requireType(ctx.types, typeKey, ctx.t);
  const editable = editableFields(type, requireForm(type, undefined, ctx.t));
  const repo = bulkRepo(ctx.scope);
  const stage = initialStage(type);
  const problems = new Map<number, FieldErrors>();
  const fail: Fail = (index, field, message) => {
    const errors = problems.get(index) ?? {};
    errors[field] = [...(errors[field] ?? []), message];
    problems.set(index, errors);
  };
  await checkUniqueValues(
    ctx,
    type,
    editable.filter((f) => f.validation?.unique),
    inputs,
    fail,
  );

  // The insert in flight. Marked as handled here; its error is thrown where it is awaited.
  let inserting: Promise<void> = Promise.resolve();
  for (let from = 0; from < inputs.length; from += chunkSize) {
    const chunk: Array<{ data: Record<string, unknown>; searchText: string }> = [];
    for (let index = from; index < Math.min(from + chunkSize, inputs.length); index++) {
      if ((index - from) % rowsPerTurn === rowsPerTurn - 1) await nextTurn();
      const input = inputs[index] ?? {};
      const errors: FieldErrors = {};
      const data = defaults(type);
      for (const f of editable) data[f.key] = coerceField(f, input[f.key], f.key, ctx.t, errors, ctx.limitFormat);
      await checkModels(ctx, type.fields, data, errors);
      if (Object.keys(errors).length === 0) computeTotalsInRange(ctx, type, data, errors);
      for (const [field, messages] of Object.entries(errors)) for (const m of messages) fail(index, field, m);
      chunk.push({ data, searchText: searchTextOf(type, data) });
    }
    // The connection answers one statement at a time; a database refusal of the insert before
    // ends the load here.
    await inserting;
    if (problems.size === 0) {
      inserting = repo.insertMany(type.key, chunk, stage);
      inserting.catch(() => {});
    }
  }
  await inserting;
  if (problems.size > 0) {
    const reported = [...problems.entries()].sort(([a], [b]) => a - b).slice(0, maxReportedRows);
    const errors: FieldErrors = {};
    for (const [index, fields] of reported)
      for (const [field, messages] of Object.entries(fields)) errors[`${index}.${field}`] = messages;
    throw new AppError('invalid', { message: ctx.t('records.saveInvalid'), errors });
  }
  await repo.mergeSearchPending();
  return { inserted: inputs.length };
};
