import type { FieldErrors } from '@kontor/contract/call';
import { needsUniqueCheck } from '@kontor/contract/logic/validation';
import { AppError } from '../http/errors';
import { requireType } from './record-types.service';
import { coerceField } from './record-values';
import { recordsRepo } from './records.repo';
import {
  checkModels,
  computeTotalsInRange,
  defaults,
  editableFields,
  initialStage,
  type RecordsContext,
  requireForm,
  searchTextOf,
} from './records.service';

export type ImportResult = { inserted: number };

/** Rows per insert statement (one JSON parameter each) and values per uniqueness query. */
const insertChunk = 2000;
const uniqueChunk = 5000;
/** An import with more bad rows names the first ones only: enough to fix a file, small to send. */
const maxReportedRows = 100;

/**
 * Creates many records at once with the save path's rules (coercion, every validation rule,
 * uniqueness against the database and within the batch, model references, computed totals) but
 * one insert per chunk. All or nothing: any invalid record fails the whole import, and the errors
 * name each bad row and field as `<row index>.<field>` (0-based, in the order given).
 */
export const importRecords = async (
  ctx: RecordsContext,
  typeKey: string,
  inputs: Record<string, unknown>[],
): Promise<ImportResult> => {
  const type = requireType(ctx.types, typeKey, ctx.t);
  const editable = editableFields(type, requireForm(type, undefined, ctx.t));
  const uniqueFields = editable.filter((f) => f.validation?.unique);
  const repo = recordsRepo(ctx.scope);
  const problems = new Map<number, FieldErrors>();
  const fail = (index: number, field: string, message: string) => {
    const errors = problems.get(index) ?? {};
    errors[field] = [...(errors[field] ?? []), message];
    problems.set(index, errors);
  };
  const prepared: Array<{ data: Record<string, unknown>; searchText: string }> = [];
  // Per unique field: each value and the first row that holds it.
  const firstRowOf = new Map<string, Map<string, number>>(uniqueFields.map((f) => [f.key, new Map()]));

  for (const [index, input] of inputs.entries()) {
    const errors: FieldErrors = {};
    const data = defaults(type);
    for (const f of editable) data[f.key] = coerceField(f, input[f.key], f.key, ctx.t, errors);
    for (const f of uniqueFields) {
      if (!needsUniqueCheck(f, data[f.key])) continue;
      const value = String(data[f.key]);
      const rows = firstRowOf.get(f.key);
      if (rows?.has(value)) errors[f.key] = [...(errors[f.key] ?? []), ctx.t('validation.unique')];
      else rows?.set(value, index);
    }
    await checkModels(ctx, type.fields, data, errors);
    if (Object.keys(errors).length === 0) computeTotalsInRange(ctx, type, data, errors);
    for (const [field, messages] of Object.entries(errors)) for (const m of messages) fail(index, field, m);
    prepared.push({ data, searchText: searchTextOf(type, data) });
  }

  // A value already taken in the environment is the fault of the row that brings it.
  for (const f of uniqueFields) {
    const rows = firstRowOf.get(f.key) ?? new Map<string, number>();
    const values = [...rows.keys()];
    for (let i = 0; i < values.length; i += uniqueChunk) {
      for (const taken of await repo.takenValues(type.key, f.key, values.slice(i, i + uniqueChunk)))
        fail(rows.get(taken) ?? -1, f.key, ctx.t('validation.unique'));
    }
  }
  if (problems.size > 0) {
    const reported = [...problems.entries()].sort(([a], [b]) => a - b).slice(0, maxReportedRows);
    const errors: FieldErrors = {};
    for (const [index, fields] of reported)
      for (const [field, messages] of Object.entries(fields)) errors[`${index}.${field}`] = messages;
    throw new AppError('invalid', { message: ctx.t('records.saveInvalid'), errors });
  }

  const stage = initialStage(type);
  for (let i = 0; i < prepared.length; i += insertChunk) {
    await repo.insertMany(type.key, prepared.slice(i, i + insertChunk), stage);
  }
  return { inserted: prepared.length };
};
