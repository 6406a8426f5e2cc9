import type { FieldErrors } from '@kontor/contract/call';
import { formFieldKeys } from '@kontor/contract/logic/form-fields';
import { inArray, sql } from 'drizzle-orm';
import { whereEnv } from '../db/env-scope';
import { newId } from '../db/ids';
import { AppError } from '../http/errors';
import { requireType } from './record-types.service';
import { coerceField } from './record-values';
import {
  checkModels,
  computeTotalsInRange,
  defaults,
  initialStage,
  type RecordsContext,
  requireForm,
  searchTextOf,
} from './records.service';
import { records } from './records.table';

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
  const form = requireForm(type, undefined, ctx.t);
  const shown = new Set(formFieldKeys(form.fields));
  const editable = type.fields.filter((f) => shown.has(f.key) && !f.computed && !f.labelOf);
  const uniqueFields = editable.filter((f) => f.validation?.unique);
  const problems: ImportResult['errors'] = [];
  const prepared: Array<{ data: Record<string, unknown>; searchText: string }> = [];
  const seen = new Map<string, Set<string>>(uniqueFields.map((f) => [f.key, new Set<string>()]));

  for (const [index, input] of inputs.entries()) {
    const errors: FieldErrors = {};
    const data = defaults(type);
    for (const f of editable) data[f.key] = coerceField(f, input[f.key], f.key, ctx.t, errors);
    for (const f of uniqueFields) {
      const value = data[f.key];
      if (value === '' || value === null || value === undefined) continue;
      const values = seen.get(f.key);
      if (values?.has(String(value))) errors[f.key] = [...(errors[f.key] ?? []), ctx.t('validation.unique')];
      values?.add(String(value));
    }
    await checkModels(ctx, type.fields, data, errors);
    if (Object.keys(errors).length === 0) computeTotalsInRange(ctx, type, data, errors);
    if (Object.keys(errors).length > 0) problems.push({ index, errors });
    prepared.push({ data, searchText: searchTextOf(type, data) });
  }

  for (const f of uniqueFields) {
    const values = [...(seen.get(f.key) ?? [])];
    for (let i = 0; i < values.length; i += batchSize) {
      const taken = await ctx.scope.tx
        .select({ value: sql<string>`${records.data}->>${f.key}` })
        .from(records)
        .where(
          whereEnv(
            ctx.scope,
            records,
            sql`${records.type} = ${type.key}`,
            inArray(sql`${records.data}->>${f.key}`, values.slice(i, i + batchSize)),
          ),
        )
        .limit(1);
      if (taken[0]) problems.push({ index: -1, errors: { [f.key]: [ctx.t('validation.unique')] } });
    }
  }
  if (problems.length > 0)
    throw new AppError('invalid', { message: ctx.t('records.saveInvalid'), errors: problems[0]?.errors });

  const stage = initialStage(type);
  for (let i = 0; i < prepared.length; i += batchSize) {
    await ctx.scope.tx.insert(records).values(
      prepared.slice(i, i + batchSize).map((r) => ({
        envId: ctx.scope.envId,
        id: newId(),
        type: type.key,
        data: r.data,
        searchText: r.searchText,
        stage,
        createdBy: ctx.scope.userId,
      })),
    );
  }
  return { inserted: prepared.length, errors: [] };
};
