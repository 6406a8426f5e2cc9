import type { DataField, FieldType } from '@kontor/contract/api/record-types';
import { fieldRenderers } from './renderers';
import type { ElementRenderer, FieldRenderer } from './types';

/**
 * The registries features add to. Field renderers are keyed by type, or by type and sub-type
 * (`map:positions-map`); a sub-type without its own renderer falls back to the type's. Every field
 * type of the contract has a built-in renderer (the closed map in renderers.ts), so only sub-types
 * and new kinds are registered. Element kinds beyond the built-in layout (tabs, card, container,
 * button, field) are registered by the features that bring them (detail pages, website builder).
 */
const byKey = new Map<string, FieldRenderer<FieldType>>();
const elementKinds = new Map<string, ElementRenderer>();

const keyOf = (type: string, subType?: string) => (subType ? `${type}:${subType}` : type);

export const registerFieldRenderer = <T extends FieldType>(
  type: T,
  subType: string | undefined,
  renderer: FieldRenderer<T>,
): void => {
  const key = keyOf(type, subType);
  if (byKey.has(key)) throw new Error(`field renderer ${key} is registered twice`);
  byKey.set(key, renderer as FieldRenderer<FieldType>);
};

export const registerElementKind = (type: string, renderer: ElementRenderer): void => {
  if (elementKinds.has(type)) throw new Error(`element kind ${type} is registered twice`);
  elementKinds.set(type, renderer);
};

/**
 * The renderer of a field, or undefined for a type the server knows and this client does not. A
 * feature's renderer for a whole type (the file manager's `file`/`files`) replaces the built-in one.
 */
export const rendererOf = (field: Pick<DataField, 'type' | 'subType'>): FieldRenderer<FieldType> | undefined => {
  const registered = (field.subType ? byKey.get(keyOf(field.type, field.subType)) : undefined) ?? byKey.get(field.type);
  if (registered) return registered;
  return Object.hasOwn(fieldRenderers, field.type)
    ? (fieldRenderers[field.type as FieldType] as FieldRenderer<FieldType>)
    : undefined;
};

/** A registered element kind, or undefined. */
export const elementKindOf = (type: string): ElementRenderer | undefined => elementKinds.get(type);
