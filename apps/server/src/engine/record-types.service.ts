import type { RecordType, RecordTypeSummary } from '@kontor/contract/api/record-types';
import { recordTypeSchema } from '@kontor/contract/api/record-types';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../db/env-scope';
import { AppError } from '../http/errors';
import { baseTypes, presetChildKeys } from './base-types/registry';
import { type RecordTypeRow, recordTypesRepo } from './record-types.repo';

/** What a child type stores: only what differs from its base type. */
export type ChildTypeDefinition = Partial<
  Pick<
    RecordType,
    | 'singular'
    | 'plural'
    | 'icon'
    | 'fields'
    | 'forms'
    | 'lists'
    | 'stages'
    | 'mainForm'
    | 'defaultList'
    | 'settings'
    | 'settingValues'
    | 'queryForms'
    | 'modelSelectorLabel'
    | 'exports'
    | 'defaultExport'
    | 'pages'
    | 'einvoice'
  >
>;

/** The types an environment works with, by key: its child types and the system types. */
export type TypeCatalog = ReadonlyMap<string, RecordType>;

const byKey = <T extends { key: string }>(inherited: T[], own: T[] | undefined): T[] => {
  const ownKeys = new Set((own ?? []).map((x) => x.key));
  return [...inherited.filter((x) => !ownKeys.has(x.key)), ...(own ?? [])];
};

/** Child = base + own changes. Inherited fields carry `origin`; inherited forms and lists are presets. */
export const resolveChildType = (row: Pick<RecordTypeRow, 'key' | 'parent' | 'definition'>): RecordType | null => {
  const base = baseTypes.get(row.parent);
  if (!base) return null;
  const own = row.definition as ChildTypeDefinition;
  const ownFieldKeys = new Set((own.fields ?? []).map((fd) => fd.key));
  return recordTypeSchema.parse({
    ...base,
    key: row.key,
    parent: base.key,
    singular: own.singular ?? base.singular,
    plural: own.plural ?? base.plural,
    icon: own.icon ?? base.icon,
    fields: [
      ...base.fields.filter((fd) => !ownFieldKeys.has(fd.key)).map((fd) => ({ ...fd, origin: base.key })),
      ...(own.fields ?? []),
    ],
    forms: byKey(
      base.forms.map((fm) => ({ ...fm, isPreset: true })),
      own.forms,
    ),
    lists: byKey(
      base.lists.map((l) => ({ ...l, isPreset: true })),
      own.lists,
    ),
    stages: own.stages ?? base.stages,
    mainForm: own.mainForm ?? base.mainForm,
    defaultList: own.defaultList ?? base.defaultList,
    exports: byKey(
      base.exports.map((e) => ({ ...e, isParent: true })),
      own.exports,
    ),
    defaultExport: own.defaultExport !== undefined ? own.defaultExport : base.defaultExport,
    pages: byKey(base.pages, own.pages),
    settings: byKey(base.settings, own.settings),
    settingValues: own.settingValues ?? {},
    queryForms: own.queryForms ?? [],
    modelSelectorLabel: own.modelSelectorLabel ?? base.modelSelectorLabel,
    einvoice: own.einvoice ?? base.einvoice,
    system: false,
    isCreatable: true,
  });
};

const systemTypes = [...baseTypes.values()].filter((t) => t.system);

/** The types as they ship: the system types and the presets' child types, before any change of an environment. */
export const shippedTypes = (): RecordType[] => [
  ...systemTypes,
  ...Object.entries(presetChildKeys).flatMap(
    ([parent, key]) => resolveChildType({ key, parent, definition: {} }) ?? [],
  ),
];

/**
 * Effective types per environment, cached until its configuration stamp moves (every change of
 * a type moves it), so a request resolves definitions without reading them.
 */
const cache = new Map<string, { stamp: number; types: TypeCatalog }>();
const cacheLimit = 2000;

export const loadTypes = async (scope: EnvScope, stamp: Date): Promise<TypeCatalog> => {
  const hit = cache.get(scope.envId);
  if (hit && hit.stamp === stamp.getTime()) return hit.types;
  const types = await readTypes(scope);
  if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string);
  cache.set(scope.envId, { stamp: stamp.getTime(), types });
  return types;
};

/** The cached types of an environment and the configuration stamp they were read at, if any. */
export const cachedTypes = (envId: string): Readonly<{ stamp: number; types: TypeCatalog }> | undefined =>
  cache.get(envId);

/** The environment's types read fresh (no cache), e.g. while they are being created. */
export const readTypes = async (scope: EnvScope): Promise<TypeCatalog> => {
  const types = new Map<string, RecordType>(systemTypes.map((t) => [t.key, t]));
  for (const row of await recordTypesRepo(scope).list()) {
    const resolved = resolveChildType(row);
    if (resolved) types.set(resolved.key, resolved);
  }
  return types;
};

export const requireType = (types: TypeCatalog, key: string, t: Translate): RecordType => {
  const type = types.get(key);
  if (!type) throw new AppError('not_found', { message: t('records.unknownType') });
  return type;
};

/** The types a model selector may pick from: the named type, or every child type of a base type. */
export const selectableTypeKeys = (types: TypeCatalog, key: string): string[] => {
  if (types.has(key)) return [key];
  return [...types.values()].filter((t) => t.parent === key).map((t) => t.key);
};

/** environments/details' dynamicRecordsTypes: the environment's own (non-system) types. */
export const typeSummaries = (types: TypeCatalog): RecordTypeSummary[] =>
  [...types.values()]
    .filter((t) => !t.system)
    .map((t) => ({ key: t.key, parent: t.parent, singular: t.singular, plural: t.plural, icon: t.icon ?? null }));

/** Stores a new child type; the caller builds the sort indexes its lists need after the commit (sort-indexes.ts). */
export const createChildType = async (
  scope: EnvScope,
  p: { key: string; parent: string; definition: ChildTypeDefinition },
): Promise<void> => {
  await recordTypesRepo(scope).insert({
    key: p.key,
    parent: p.parent,
    definition: p.definition as Record<string, unknown>,
  });
};

/** A child type's stored row (definition and version), or null when the environment has none of that key. */
export const childTypeRow = (scope: EnvScope, key: string) => recordTypesRepo(scope).byKey(key);

/**
 * Replaces a child type's own definition if it still has `version`; answers the new version, or
 * null when another save came first (or the type is gone). The caller has resolved and checked
 * the definition, and builds the sort indexes its lists need after the commit (sort-indexes.ts).
 */
export const replaceChildType = async (
  scope: EnvScope,
  p: { key: string; definition: ChildTypeDefinition; version: number; now: Date },
): Promise<number | null> =>
  recordTypesRepo(scope).update(p.key, p.definition as Record<string, unknown>, p.version, p.now);

/**
 * Removes a child type's definition (the caller has checked that no record uses it); with
 * `version`, only if no save came in between. Answers whether it was removed.
 */
export const removeChildType = (scope: EnvScope, key: string, version?: number) =>
  recordTypesRepo(scope).remove(key, version);
