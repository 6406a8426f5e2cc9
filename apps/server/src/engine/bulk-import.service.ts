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

export type ImportResult = { inserted: number; errors: Array<{ index: number; errors: FieldErrors }> };

const batchSize = 500;

/**
 * Creates many records at once with the save path's rules (coercion, every validation rule,
 * uniqueness against the database and within the batch, model references, computed totals) but
 * one multi-row insert per batch. All or nothing: any invalid record fails the whole import.
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
  const problems: ImportResult['errors'] = [];
  const prepared: Array<{ data: Record<string, unknown>; searchText: string }> = [];
  const seen = new Map<string, Set<string>>(uniqueFields.map((f) => [f.key, new Set<string>()]));

  for (const [index, input] of inputs.entries()) {
    const errors: FieldErrors = {};
    const data = defaults(type);
    for (const f of editable) data[f.key] = coerceField(f, input[f.key], f.key, ctx.t, errors);
    for (const f of uniqueFields) {
      if (!needsUniqueCheck(f, data[f.key])) continue;
      const value = String(data[f.key]);
      const values = seen.get(f.key);
      if (values?.has(value)) errors[f.key] = [...(errors[f.key] ?? []), ctx.t('validation.unique')];
      values?.add(value);
    }
    await checkModels(ctx, type.fields, data, errors);
    if (Object.keys(errors).length === 0) computeTotalsInRange(ctx, type, data, errors);
    if (Object.keys(errors).length > 0) problems.push({ index, errors });
    prepared.push({ data, searchText: searchTextOf(type, data) });
  }

  for (const f of uniqueFields) {
    const values = [...(seen.get(f.key) ?? [])];
    for (let i = 0; i < values.length; i += batchSize) {
      const taken = await repo.takenValues(type.key, f.key, values.slice(i, i + batchSize));
      if (taken.length > 0) problems.push({ index: -1, errors: { [f.key]: [ctx.t('validation.unique')] } });
    }
  }
  if (problems.length > 0)
    throw new AppError('invalid', { message: ctx.t('records.saveInvalid'), errors: problems[0]?.errors });

  const stage = initialStage(type);
  for (let i = 0; i < prepared.length; i += batchSize) {
    await repo.insertMany(type.key, prepared.slice(i, i + batchSize), stage);
  }
  return { inserted: prepared.length, errors: [] };
};
