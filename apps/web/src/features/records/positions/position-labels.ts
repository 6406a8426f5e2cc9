import type { DataField } from '@kontor/contract/api/record-types';

/** The known columns of a position (spec 01 §3). */
const positionKeys = ['title', 'quantity', 'unit', 'price_single', 'price_full', 'taxes'] as const;
type PositionKey = (typeof positionKeys)[number];

/** Derived fields the maths fill, and the line's kind (chosen by how it is added); never shown as inputs. */
const derivedKeys = new Set(['price_full', 'taxes_sum_percent', 'taxes_sum_price', 'kind']);

/** Labels of the position's columns, from the definition (the server's wording), the key as a last resort. */
export const positionLabels = (definition: readonly DataField[]): Record<PositionKey, string> =>
  Object.fromEntries(
    positionKeys.map((key) => [key, definition.find((field) => field.key === key)?.label ?? key]),
  ) as Record<PositionKey, string>;

/** Child fields a record type added to its positions beyond the known ones: edited in the modal. */
export const extraPositionFields = (definition: readonly DataField[]): DataField[] =>
  definition.filter((field) => !(positionKeys as readonly string[]).includes(field.key) && !derivedKeys.has(field.key));

export const unitOptions = (definition: readonly DataField[]) =>
  definition.find((field) => field.key === 'unit')?.options ?? [];
