import { isDeepStrictEqual } from 'node:util';
import type {
  SaveStructureInput,
  Structure,
  StructureStats,
  StructureSummary,
} from '@kontor/contract/api/data-structures';
import type { EinvoiceMapping } from '@kontor/contract/api/einvoice-mapping';
import { limits, type RecordType } from '@kontor/contract/api/record-types';
import { type TypeAccess, typeAccessRoles } from '@kontor/contract/api/type-access';
import type { FieldErrors } from '@kontor/contract/call';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { isStructureKey, structureIssues } from '@kontor/contract/logic/structure-checks';
import type { EnvScope } from '../../db/env-scope';
import { baseTypes } from '../../engine/base-types/registry';
import {
  type ChildTypeDefinition,
  childTypeRow,
  createChildType,
  readTypes,
  removeChildType,
  replaceChildType,
  resolveChildType,
  type TypeCatalog,
} from '../../engine/record-types.service';
import { AppError } from '../../http/errors';
import { environmentById, updateEnvironmentSettings } from '../environments/environments.service';
import { appendAudit } from '../stages/stages.service';
import { dataStructuresRepo } from './data-structures.repo';

export type StructuresContext = Readonly<{ scope: EnvScope; types: TypeCatalog; t: Translate; now: Date }>;

import type { StructureChange } from './structure-indexes';

export {
  afterSearchChange,
  reconcileSortIndexes,
  type StructureChange,
  sortFieldsStartTask,
  syncSortFieldsEverywhere,
} from './structure-indexes';

/** Base types a structure may derive from (spec 02 §5: no parent of its own, creatable; not a system type). */
const parentChoices = (): RecordType[] =>
  [...baseTypes.values()].filter((b) => b.parent === null && b.isCreatable && !b.system);

const invalid = (t: Translate, errors: FieldErrors) =>
  new AppError('invalid', { message: t('structures.invalid'), errors });

const fieldError = (t: Translate, field: string, key: Parameters<Translate>[0]) => invalid(t, { [field]: [t(key)] });

/**
 * A structure change moves last-config-update: caches and open clients reload the types. The
 * stamp always moves forward, also for two changes within one millisecond (the type cache keys on it).
 */
const touchConfig = async (ctx: StructuresContext) => {
  const env = await environmentById(ctx.scope);
  const previous = env?.configUpdatedAt.getTime() ?? 0;
  const stamp = new Date(Math.max(ctx.now.getTime(), previous + 1));
  await updateEnvironmentSettings(ctx.scope, {}, stamp, true);
};

export const listStructures = async (ctx: StructuresContext) => {
  const counts = await dataStructuresRepo(ctx.scope).countsByType();
  const types: StructureSummary[] = [...ctx.types.values()]
    .filter((type) => !type.system)
    .map((type) => ({
      key: type.key,
      plural: type.plural,
      parent: type.parent,
      count: counts.get(type.key) ?? 0,
      disableEdit: type.disableEdit,
    }));
  const parents = parentChoices().map((p) => ({ key: p.key, singular: p.singular, plural: p.plural }));
  return { types, parents };
};

export const createStructure = async (
  ctx: StructuresContext,
  body: { key: string; parent: string; singular: string; plural: string; icon?: string | undefined },
) => {
  const { t } = ctx;
  if (!isStructureKey(body.key)) throw fieldError(t, 'key', 'structures.keyInvalid');
  const parent = parentChoices().find((p) => p.key === body.parent);
  if (!parent) throw fieldError(t, 'parent', 'structures.parentInvalid');
  // Bounded per environment (issue 28 item 2), the presets' types included.
  const own = [...ctx.types.values()].filter((type) => !type.system).length;
  if (own >= limits.structuresPerEnvironment) {
    throw new AppError('conflict', {
      message: t('structures.tooMany', { n: String(limits.structuresPerEnvironment) }),
    });
  }
  // A base type's key is taken too: a selector naming it stands for all its children.
  if (ctx.types.has(body.key) || baseTypes.has(body.key)) {
    throw new AppError('conflict', { message: t('structures.keyTaken'), errors: { key: [t('structures.keyTaken')] } });
  }
  // The new structure starts with its own copies of the parent's forms and lists, so its main
  // form and default list can be edited at once; inherited fields stay read-only.
  const definition: ChildTypeDefinition = {
    singular: body.singular,
    plural: body.plural,
    ...(body.icon ? { icon: body.icon } : {}),
    forms: parent.forms.map(({ isPreset: _, ...form }) => form),
    lists: parent.lists.map(({ isPreset: _, ...list }) => list),
  };
  await createChildType(ctx.scope, { key: body.key, parent: parent.key, definition });
  await dataStructuresRepo(ctx.scope).audit({ typeKey: body.key, action: 'create', version: 1, definition });
  await touchConfig(ctx);
  const after = resolveChildType({
    key: body.key,
    parent: parent.key,
    definition: definition as Record<string, unknown>,
  });
  return { result: { id: body.key, key: body.key }, change: { before: null, after } satisfies StructureChange };
};

/** The environment's own (editable) structure of that key, with its stored row. */
const requireOwn = async (ctx: StructuresContext, key: string) => {
  const row = await childTypeRow(ctx.scope, key);
  const type = row ? resolveChildType(row) : null;
  if (!row || !type) throw new AppError('not_found', { message: ctx.t('structures.unknown') });
  return { row, type };
};

export const structureDetails = async (
  ctx: StructuresContext,
  key: string,
): Promise<{ type: Structure; stats: StructureStats }> => {
  const { row, type } = await requireOwn(ctx, key);
  const repo = dataStructuresRepo(ctx.scope);
  const counts = await repo.countsByType();
  return {
    type: { ...type, version: row.version },
    stats: { count: counts.get(key) ?? 0, fieldValues: await repo.fieldValueCounts(key) },
  };
};

type SaveBody = SaveStructureInput;

/** The mapping may only name fields the structure has: the buyer a model field, the others any field. */
const checkedEinvoiceMapping = (
  t: Translate,
  mapping: EinvoiceMapping,
  fields: SaveBody['fields'],
): EinvoiceMapping => {
  const errors: FieldErrors = {};
  const named = [
    ['buyerField', mapping.buyerField],
    ['buyerReferenceField', mapping.buyerReferenceField],
    ['dueDateField', mapping.dueDateField],
    ['vatCaseField', mapping.vatCaseField],
  ] as const;
  for (const [key, value] of named) {
    if (!value) continue;
    const field = fields.find((f) => f.key === value);
    const fits = key === 'buyerField' ? field?.type === 'model' : field !== undefined;
    if (!fits) errors[`einvoice.${key}`] = [t('einvoice.unknownField', { field: value })];
  }
  if (Object.keys(errors).length > 0) throw invalid(t, errors);
  return mapping;
};

/** A role may be allowed only stages the structure has (issue 29 item 2). */
const checkedAccess = (t: Translate, access: TypeAccess, type: RecordType): TypeAccess => {
  const stages = new Set(type.stages.map((s) => s.key));
  const errors: FieldErrors = {};
  for (const role of typeAccessRoles) {
    access[role]?.stages?.forEach((stage, i) => {
      if (!stages.has(stage)) errors[`access.${role}.stages[${i}]`] = [t('structures.accessStageUnknown')];
    });
  }
  if (Object.keys(errors).length > 0) throw invalid(t, errors);
  return access;
};

/** Keys a model field may select: the environment's types and the base types (all their children). */
const selectableKeys = (types: TypeCatalog) => new Set([...types.keys(), ...baseTypes.keys()]);

/**
 * The own part of a saved structure: inherited fields, preset forms and lists are taken from the
 * parent as they are; a changed inherited field is refused (read-only for everyone, spec 02 §6).
 */
const ownDefinition = (
  t: Translate,
  body: SaveBody,
  current: RecordType,
  stored: ChildTypeDefinition,
): ChildTypeDefinition => {
  const inherited = new Map(current.fields.filter((f) => f.origin).map((f) => [f.key, f]));
  const errors: FieldErrors = {};
  body.fields.forEach((field, i) => {
    const base = inherited.get(field.key);
    if (field.origin && !(base && isDeepStrictEqual(base, field)))
      errors[`fields[${i}]`] = [t('structures.fieldInherited')];
    else if (!field.origin && base) errors[`fields[${i}].key`] = [t('structures.fieldKeyTaken')];
  });
  const presetForms = new Map(current.forms.filter((f) => f.isPreset).map((f) => [f.key, f]));
  const presetLists = new Map(current.lists.filter((l) => l.isPreset).map((l) => [l.key, l]));
  body.forms.forEach((form, i) => {
    if (form.isPreset && !isDeepStrictEqual(presetForms.get(form.key), form))
      errors[`forms[${i}]`] = [t('structures.presetReadOnly')];
  });
  body.lists.forEach((list, i) => {
    if (list.isPreset && !isDeepStrictEqual(presetLists.get(list.key), list))
      errors[`lists[${i}]`] = [t('structures.presetReadOnly')];
  });
  if (Object.keys(errors).length > 0) throw invalid(t, errors);
  // What the editor does not send (copied exports, the default export, stages, pages) stays as
  // stored: a save must never drop it.
  const { exports, defaultExport, stages, pages, einvoice, modelSelectorLabel, access } = stored;
  return {
    ...(exports ? { exports } : {}),
    ...(defaultExport ? { defaultExport } : {}),
    ...(stages ? { stages } : {}),
    ...(pages ? { pages } : {}),
    // The editor sends the mapping (below); a client that does not keeps the stored one.
    ...(einvoice && body.einvoice === undefined ? { einvoice } : {}),
    ...(modelSelectorLabel ? { modelSelectorLabel } : {}),
    // Permissions (issue 29 item 2): the editor sends them; a client that does not keeps the stored ones.
    ...(body.access ? { access: checkedAccess(t, body.access, current) } : access ? { access } : {}),
    singular: body.singular,
    plural: body.plural,
    ...(body.icon ? { icon: body.icon } : {}),
    fields: body.fields.filter((f) => !f.origin),
    forms: body.forms.filter((f) => !f.isPreset),
    lists: body.lists.filter((l) => !l.isPreset),
    mainForm: body.mainForm,
    defaultList: body.defaultList,
    settings: body.settings,
    settingValues: body.settingValues,
    queryForms: body.queryForms,
    // Kept only when it differs from the parent's: an unchanged mapping goes on inheriting.
    ...(body.einvoice && !isDeepStrictEqual(body.einvoice, baseTypes.get(current.parent ?? '')?.einvoice)
      ? { einvoice: checkedEinvoiceMapping(t, body.einvoice, body.fields) }
      : {}),
  };
};

export const saveStructure = async (ctx: StructuresContext, body: SaveBody) => {
  const { t } = ctx;
  const { row, type: current } = await requireOwn(ctx, body.orgKey);
  if (body.key !== row.key) throw fieldError(t, 'key', 'structures.keyReadOnly');
  if (body.parent !== row.parent) throw fieldError(t, 'parent', 'structures.keyReadOnly');
  if (current.disableEdit) throw new AppError('edit_disabled');
  if (body.version !== row.version) throw new AppError('stale_version', { message: t('structures.stale') });

  const definition = ownDefinition(t, body, current, row.definition as ChildTypeDefinition);
  const issues = structureIssues(body, selectableKeys(ctx.types));
  if (issues.length > 0) {
    const errors: FieldErrors = {};
    for (const issue of issues) errors[issue.path] = [...(errors[issue.path] ?? []), t(issue.key, issue.params)];
    throw invalid(t, errors);
  }
  const resolved = resolveChildType({
    key: row.key,
    parent: row.parent,
    definition: definition as Record<string, unknown>,
  });
  if (!resolved) throw new AppError('not_found', { message: t('structures.unknown') });

  const version = await replaceChildType(ctx.scope, { key: row.key, definition, version: body.version, now: ctx.now });
  if (version === null) {
    // Another admin came first: a save answers 409, a removal (the row is gone) 404; nothing is written.
    if (!(await childTypeRow(ctx.scope, row.key)))
      throw new AppError('not_found', { message: t('structures.unknown') });
    throw new AppError('stale_version', { message: t('structures.stale') });
  }
  await dataStructuresRepo(ctx.scope).audit({ typeKey: row.key, action: 'save', version, definition });
  // Who may do what is written to the environment's audit chain too (issue 29 item 5).
  if (!isDeepStrictEqual(current.access ?? null, resolved.access ?? null)) {
    await appendAudit(ctx.scope, {
      action: 'type.access',
      recordId: null,
      payload: { type: row.key, label: resolved.plural, from: current.access ?? null, to: resolved.access ?? null },
      at: ctx.now,
    });
  }
  await touchConfig(ctx);
  return { result: { key: row.key, version }, change: { before: current, after: resolved } satisfies StructureChange };
};

export const deleteStructure = async (ctx: StructuresContext, key: string): Promise<StructureChange> => {
  const { row, type } = await requireOwn(ctx, key);
  const counts = await dataStructuresRepo(ctx.scope).countsByType();
  if ((counts.get(key) ?? 0) > 0) throw new AppError('conflict', { message: ctx.t('structures.hasRecords') });
  // Another admin saved it meanwhile: 409, the save is kept; removed it meanwhile: 404. Nothing is written.
  if (!(await removeChildType(ctx.scope, key, row.version))) {
    if (await childTypeRow(ctx.scope, key)) throw new AppError('stale_version', { message: ctx.t('structures.stale') });
    throw new AppError('not_found', { message: ctx.t('structures.unknown') });
  }
  await dataStructuresRepo(ctx.scope).audit({ typeKey: key, action: 'delete', version: row.version, definition: null });
  await touchConfig(ctx);
  return { before: type, after: null };
};

/** Fresh types for a request that changes them (no cached catalog between two writes). */
export const freshTypes = (scope: EnvScope) => readTypes(scope);

/** CSS properties a form element's `style` may set (the form builder offers these values). */
export const stylingDefinitions = (t: Translate) => ({
  definitions: [
    { key: 'textAlign', label: t('structures.styleTextAlign'), values: ['left', 'center', 'right'] },
    { key: 'fontWeight', label: t('structures.styleFontWeight'), values: ['normal', 'bold'] },
    { key: 'fontStyle', label: t('structures.styleFontStyle'), values: ['normal', 'italic'] },
    { key: 'color', label: t('structures.styleColor'), values: ['inherit', 'dimmed', 'red', 'green', 'blue'] },
  ],
});
