import type { RecordType } from '@kontor/contract/api/record-types';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../db/env-scope';
import { AppError } from '../http/errors';
import { type ChildTypeDefinition, resolveChildType, systemTypes } from './child-types';
import { recordTypesRepo } from './record-types.repo';
import { syncSortFields } from './sort-fields';

/** The types an environment works with, by key: its child types and the system types. */
export type TypeCatalog = ReadonlyMap<string, RecordType>;

export { type ChildTypeDefinition, resolveChildType, shippedTypes } from './child-types';

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

/**
 * Every write of a child type keeps the sort keys of its lists in step in the same transaction
 * (sort-fields.ts): a list never sorts by a field whose keys are missing.
 */
const keepSortKeys = async (scope: EnvScope, key: string) => {
  const row = await recordTypesRepo(scope).byKey(key);
  await syncSortFields(scope, key, row ? resolveChildType(row) : null);
};

/** Stores a new child type. */
export const createChildType = async (
  scope: EnvScope,
  p: { key: string; parent: string; definition: ChildTypeDefinition },
): Promise<void> => {
  await recordTypesRepo(scope).insert({
    key: p.key,
    parent: p.parent,
    definition: p.definition as Record<string, unknown>,
  });
  await keepSortKeys(scope, p.key);
};

/** A child type's stored row (definition and version), or null when the environment has none of that key. */
export const childTypeRow = (scope: EnvScope, key: string) => recordTypesRepo(scope).byKey(key);

/**
 * Replaces a child type's own definition if it still has `version`; answers the new version, or
 * null when another save came first (or the type is gone). The caller has resolved and checked
 * the definition.
 */
export const replaceChildType = async (
  scope: EnvScope,
  p: { key: string; definition: ChildTypeDefinition; version: number; now: Date },
): Promise<number | null> => {
  const version = await recordTypesRepo(scope).update(p.key, p.definition as Record<string, unknown>, p.version, p.now);
  if (version !== null) await keepSortKeys(scope, p.key);
  return version;
};

/**
 * Removes a child type's definition (the caller has checked that no record uses it); with
 * `version`, only if no save came in between. Answers whether it was removed.
 */
export const removeChildType = async (scope: EnvScope, key: string, version?: number) => {
  const removed = await recordTypesRepo(scope).remove(key, version);
  if (removed) await syncSortFields(scope, key, null);
  return removed;
};
