import type { DataField } from '@kontor/contract/api/record-types';
import { withEntryIds } from '../form/fields/map-entries';
import type { FormValues } from '../form/types';

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Whether two form states hold the same data: what unsaved-changes warnings compare. Empty
 * values (null, undefined, '') count as equal, so touching a field and clearing it again is no change.
 */
export const sameFormValues = (a: unknown, b: unknown): boolean => {
  if (isBlank(a) && isBlank(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameFormValues(item, b[i]))
    );
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    return [...keys].every((key) => sameFormValues(left[key], right[key]));
  }
  return a === b;
};

/** The values to edit: the record's data without its id, every map entry with a stable `_id`. */
export const editableValues = (
  fields: Readonly<Record<string, DataField>>,
  values: Record<string, unknown>,
): FormValues => {
  const { _id: _recordId, ...data } = values;
  return withEntryIds(fields, data);
};
