import type { DataField } from '@kontor/contract/api/record-types';
import type { FieldErrors } from '@kontor/contract/call';
import type { MessageKey } from '@kontor/contract/i18n/translate';
import { entriesOf } from './fields/map-entries';

/**
 * Number inputs keep text that is no number (so the person sees what they typed); such a form is
 * not sent. Gives the message key per path of every number field holding text, also inside maps
 * and objects.
 */
export const invalidNumbers = (
  fields: readonly DataField[],
  values: Readonly<Record<string, unknown>>,
  prefix = '',
): Record<string, MessageKey> => {
  const found: Record<string, MessageKey> = {};
  for (const field of fields) {
    const path = prefix ? `${prefix}.${field.key}` : field.key;
    const value = values[field.key];
    if ((field.type === 'integer' || field.type === 'float') && typeof value === 'string' && value.trim() !== '') {
      found[path] = field.type === 'integer' ? 'validation.integer' : 'validation.number';
    } else if (field.type === 'map' && field.definition) {
      entriesOf(value).forEach((entry, i) => {
        Object.assign(found, invalidNumbers(field.definition ?? [], entry, `${path}[${i}]`));
      });
    } else if (field.type === 'object' && field.definition && value && typeof value === 'object') {
      Object.assign(found, invalidNumbers(field.definition, value as Record<string, unknown>, path));
    }
  }
  return found;
};

export const asFieldErrors = (keys: Record<string, MessageKey>, t: (key: MessageKey) => string): FieldErrors =>
  Object.fromEntries(Object.entries(keys).map(([path, key]) => [path, [t(key)]]));
