import type { DataField, Form, RecordType } from '@kontor/contract/api/record-types';
import { newRecordId, type RecordFormData } from '@kontor/contract/api/records';
import type { FieldErrors } from '@kontor/contract/call';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { DecimalError } from '@kontor/contract/logic/decimal';
import { formFieldKeys } from '@kontor/contract/logic/form-fields';
import { type PositionInput, summarizePositions } from '@kontor/contract/logic/positions';
import { mayEnterStage } from '@kontor/contract/logic/type-access';
import { type LimitFormat, needsUniqueCheck } from '@kontor/contract/logic/validation';
import type { EnvScope } from '../db/env-scope';
import { isUuid } from '../db/ids';
import { AppError } from '../http/errors';
import { modelLabel } from './model-labels';
import { runAfterRemove, runAfterSave, runBeforeRemove, runBeforeSave, runNewValues } from './record-hooks';
import { selectableTypeKeys, type TypeCatalog } from './record-types.service';
import { coerceField } from './record-values';
import { type RecordRow, recordsRepo } from './records.repo';
import { checkTypeRight, type RecordActor, requireTypeRight, rightsOn } from './type-access';

export type RecordsContext = Readonly<{
  scope: EnvScope;
  types: TypeCatalog;
  t: Translate;
  writable: boolean;
  /** Whose rights on each type apply (issue 29 item 2): the member's role, or 'system' for public pages. */
  actor: RecordActor;
  /**
   * The request's time: the hooks stamp with it (a changed tax rate moves last-config-update, a
   * confirmed booking mails). Required (issue 30 item 3): an absent time made hooks skip work silently.
   */
  now: Date;
  /** How rule limits appear in validation messages (the catalog's locale, the environment's date format). */
  limitFormat?: LimitFormat | undefined;
}>;

export const requireForm = (type: RecordType, key: string | undefined, t: Translate) => {
  const form = type.forms.find((f) => f.key === (key || type.mainForm));
  if (!form) throw new AppError('not_found', { message: t('records.formNotFound') });
  return form;
};

const stageOf = (type: RecordType, key: string | null) => type.stages.find((s) => s.key === key) ?? null;

/** The stage a new record starts in: the first stage marked required (never offered as an action). */
/** Only the form's fields come from the client; computed fields and labels never do. */
export const editableFields = (type: RecordType, form: { fields: Form['fields'] }) => {
  const shown = new Set(formFieldKeys(form.fields));
  return type.fields.filter((f) => shown.has(f.key) && !f.computed && !f.labelOf);
};

export const initialStage = (type: RecordType) => type.stages.find((s) => s.required)?.key ?? null;

export const defaults = (type: RecordType): Record<string, unknown> =>
  Object.fromEntries(type.fields.filter((f) => f.default !== undefined).map((f) => [f.key, f.default]));

/** A new record's first values: the type's defaults and those the environment gives (hooks). */
const newRecordValues = async (ctx: Pick<RecordsContext, 'scope'>, type: RecordType) => {
  const values = defaults(type);
  await runNewValues({ scope: ctx.scope, type, values });
  return values;
};

const loadRecord = async (
  ctx: Pick<RecordsContext, 'scope' | 't'>,
  type: RecordType,
  id: string,
): Promise<RecordRow> => {
  const row = isUuid(id) ? await recordsRepo(ctx.scope).byId(type.key, id) : undefined;
  if (!row) throw new AppError('not_found', { message: ctx.t('records.notFound') });
  return row;
};

/** What reading a form needs: no time, no validation format (public pages read with this). */
type RecordsReadContext = Pick<RecordsContext, 'scope' | 'types' | 't' | 'writable' | 'actor'>;

export const loadForm = async (
  ctx: RecordsReadContext,
  p: { type: string; id: string; form?: string | undefined },
): Promise<RecordFormData> => {
  const type = requireTypeRight(ctx, p.type, 'read');
  const form = requireForm(type, p.form, ctx.t);
  const row = p.id === newRecordId ? null : await loadRecord(ctx, type, p.id);
  const stage = stageOf(type, row ? row.stage : initialStage(type));
  const rights = rightsOn(type, ctx.actor);
  const values = row ? { ...row.data, _id: row.id } : await newRecordValues(ctx, type);
  return {
    type: type.key,
    singular: type.singular,
    form: form.fields,
    fields: Object.fromEntries(type.fields.map((f) => [f.key, f])),
    values,
    version: row?.version ?? null,
    stage,
    readOnly: !ctx.writable || Boolean(row && stage?.editDisabled) || !(row ? rights.edit : rights.create),
    stageActions: row
      ? type.stages
          // Required stages are never actions; `from` names the stages a move may start in; the
          // role may be allowed only some (issue 29 item 2).
          .filter((s) => !s.required && s.key !== stage?.key && (!s.from || s.from.includes(stage?.key ?? '')))
          .filter((s) => mayEnterStage(rights, s.key))
          .map((s) => ({ key: s.key, name: s.name, actionName: s.actionName ?? null }))
      : [],
    hasPreview: Boolean(type.defaultExport),
    // Frozen stages lock the record; the download names the missing terms if none was issued.
    ...(row && type.einvoice && stage?.editDisabled ? { einvoice: true } : {}),
    pages: row ? type.pages.map((p) => ({ key: p.key, name: p.name })) : [],
    rights,
  };
};

/** Lower-cased text of the fields any list of the type searches: the trigram index searches this. */
export const searchTextOf = (type: RecordType, data: Record<string, unknown>): string => {
  const keys = new Set(type.lists.flatMap((l) => l.cells.filter((c) => c.searchable).map((c) => c.mapping)));
  return [...keys]
    .map((k) => data[k])
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .join(' ')
    .toLowerCase()
    .slice(0, 4000);
};

/** The field keys a type's lists search (what `searchTextOf` reads), in a stable order. */
export const searchedFields = (type: RecordType): string[] =>
  [...new Set(type.lists.flatMap((l) => l.cells.filter((c) => c.searchable).map((c) => c.mapping)))].sort();

/**
 * Recomputes the search text of every record of `type` after its searchable cells changed, in
 * batches of one transaction each (`inScope` opens one), so records saved before a column became
 * searchable are found by it too. Answers how many records it rewrote.
 */
export const rebuildSearchText = async (
  type: RecordType,
  inScope: <T>(work: (scope: EnvScope) => Promise<T>) => Promise<T>,
  batch = 500,
): Promise<number> => {
  let after: string | null = null;
  let count = 0;
  for (;;) {
    const last: string | null = await inScope(async (scope) => {
      const repo = recordsRepo(scope);
      const rows = await repo.pageOfType(type.key, after, batch);
      for (const row of rows) await repo.setSearchText(row.id, searchTextOf(type, row.data as Record<string, unknown>));
      count += rows.length;
      return rows.length === batch ? (rows.at(-1)?.id ?? null) : null;
    });
    if (!last) return count;
    after = last;
  }
};

export const computeTotals = (type: RecordType, data: Record<string, unknown>) => {
  const positionsField = type.fields.find((f) => f.type === 'map' && f.subType === 'positions-map');
  if (!positionsField) return;
  const summary = summarizePositions((data[positionsField.key] as PositionInput[] | undefined) ?? []);
  for (const f of type.fields) {
    if (f.computed === 'positions.net') data[f.key] = summary.netCents;
    if (f.computed === 'positions.gross') data[f.key] = summary.grossCents;
    if (f.computed === 'positions.taxes') data[f.key] = summary.grossCents - summary.netCents;
  }
};

/**
 * `computeTotals` for a save: every position may be in range while their sum is not (two lines of
 * 999.999.999.999,99 €); that is the positions' field error, not a fault of the server.
 */
export const computeTotalsInRange = (
  ctx: RecordsContext,
  type: RecordType,
  data: Record<string, unknown>,
  errors: FieldErrors,
) => {
  try {
    computeTotals(type, data);
  } catch (error) {
    if (!(error instanceof DecimalError)) throw error;
    const positions = type.fields.find((f) => f.type === 'map' && f.subType === 'positions-map');
    errors[positions?.key ?? '_'] = [ctx.t('validation.outOfRange')];
  }
};

/** Model fields must name records of their selector's types in this environment; labelOf fields copy the label. */
export const checkModels = async (
  ctx: RecordsContext,
  fields: DataField[],
  data: Record<string, unknown>,
  errors: FieldErrors,
) => {
  for (const f of fields) {
    if ((f.type !== 'model' && f.type !== 'models') || !f.selector) continue;
    const ids = f.type === 'model' ? (data[f.key] ? [data[f.key] as string] : []) : ((data[f.key] as string[]) ?? []);
    const typeKeys = selectableTypeKeys(ctx.types, f.selector.type);
    const found = ids.length > 0 ? await recordsRepo(ctx.scope).byIds(typeKeys, ids) : [];
    if (found.length !== ids.length) errors[f.key] = [...(errors[f.key] ?? []), ctx.t('records.modelNotFound')];
    // The label follows the selection, also when it is cleared; several are joined in the order chosen.
    const selector = f.selector;
    const label = ids
      .map((id) => found.find((row) => row.id === id))
      .map((row) => {
        const rowType = row ? ctx.types.get(row.type) : undefined;
        return row && rowType ? modelLabel(rowType, row.data, selector) : '';
      })
      .filter((text) => text !== '')
      .join(', ');
    for (const target of fields.filter((x) => x.labelOf === f.key)) data[target.key] = label;
  }
};

export const saveRecord = async (
  ctx: RecordsContext,
  p: {
    type: string;
    id: string;
    data: Record<string, unknown>;
    form?: string | undefined;
    version?: number | null | undefined;
    /**
     * Fields taken beside the form's (not from a client: the query-form links map answers to any
     * field of a structure, shown on its main form or not). Computed and label fields stay out.
     */
    extraFields?: readonly string[];
  },
): Promise<{ key: string; version: number }> => {
  const type = requireTypeRight(ctx, p.type, 'read');
  const form = requireForm(type, p.form, ctx.t);
  const existing = p.id === newRecordId ? null : await loadRecord(ctx, type, p.id);
  checkTypeRight(ctx, type, existing ? 'edit' : 'create');
  if (existing && p.version != null && p.version !== existing.version) {
    throw new AppError('stale_version', { message: ctx.t('records.staleVersion') });
  }
  if (existing && stageOf(type, existing.stage)?.editDisabled) {
    throw new AppError('edit_disabled', { message: ctx.t('records.editDisabled') });
  }

  const extra = new Set(p.extraFields ?? []);
  const shown = editableFields(type, form);
  const editable = [
    ...shown,
    ...type.fields.filter((f) => extra.has(f.key) && !f.computed && !f.labelOf && !shown.includes(f)),
  ];
  const data: Record<string, unknown> = existing ? { ...existing.data } : defaults(type);
  const errors: FieldErrors = {};
  for (const f of editable) data[f.key] = coerceField(f, p.data[f.key], f.key, ctx.t, errors, ctx.limitFormat);

  for (const f of editable) {
    const value = data[f.key];
    if (!needsUniqueCheck(f, value) || errors[f.key]) continue;
    if (await recordsRepo(ctx.scope).valueTaken(type.key, f.key, String(value), existing?.id ?? null)) {
      errors[f.key] = [...(errors[f.key] ?? []), ctx.t('validation.unique')];
    }
  }
  await checkModels(ctx, type.fields, data, errors);
  await runBeforeSave({ scope: ctx.scope, type, t: ctx.t, now: ctx.now, id: existing?.id ?? null, data, errors });
  if (Object.keys(errors).length === 0) computeTotalsInRange(ctx, type, data, errors);
  if (Object.keys(errors).length > 0) throw new AppError('invalid', { message: ctx.t('records.saveInvalid'), errors });

  const searchText = searchTextOf(type, data);
  const repo = recordsRepo(ctx.scope);
  if (!existing) {
    const created = await repo.insert({ type: type.key, data, searchText, stage: initialStage(type) });
    await runAfterSave({ scope: ctx.scope, type, t: ctx.t, now: ctx.now, id: created.id, created: true, data });
    return { key: created.id, version: created.version };
  }
  const updated = await repo.update(type.key, existing.id, existing.version, data, searchText);
  if (!updated) throw new AppError('stale_version', { message: ctx.t('records.staleVersion') });
  await runAfterSave({ scope: ctx.scope, type, t: ctx.t, now: ctx.now, id: existing.id, created: false, data });
  return { key: existing.id, version: updated.version };
};

const removeRecord = async (ctx: RecordsContext, p: { type: string; id: string }): Promise<string> => {
  const type = requireTypeRight(ctx, p.type, 'delete');
  const existing = await loadRecord(ctx, type, p.id);
  if (stageOf(type, existing.stage)?.editDisabled)
    throw new AppError('edit_disabled', { message: ctx.t('records.editDisabled') });
  await runBeforeRemove({ scope: ctx.scope, type, t: ctx.t, now: ctx.now, id: existing.id });
  await recordsRepo(ctx.scope).remove(type.key, existing.id);
  await runAfterRemove({ scope: ctx.scope, type, t: ctx.t, now: ctx.now, id: existing.id });
  return ctx.t('records.removeSuccess');
};

/**
 * The records service of one request: load, save and remove records of the scope's environment,
 * with the hooks features registered (record-hooks.ts) around every write.
 */
export const recordsService = (ctx: RecordsContext) => ({
  load: (p: Parameters<typeof loadForm>[1]) => loadForm(ctx, p),
  save: (p: Parameters<typeof saveRecord>[1]) => saveRecord(ctx, p),
  remove: (p: Parameters<typeof removeRecord>[1]) => removeRecord(ctx, p),
});

export type RecordsService = ReturnType<typeof recordsService>;
