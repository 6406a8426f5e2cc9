import type { DataField } from '@kontor/contract/api/record-types';
import type { FieldErrors } from '@kontor/contract/call';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { parseLocalDate, parseLocalDateTime } from '@kontor/contract/logic/dates';
import { checkPosition, normalizePosition, type PositionInput } from '@kontor/contract/logic/positions';
import { validateField } from '@kontor/contract/logic/validation';
import { isUuid } from '../../db/ids';

/** Hard limits independent of a type's own rules: no single value may bloat a row. */
const maxText = 100_000;
const maxEntries = 500;

export type CoerceResult = { value: unknown; errors: FieldErrors };

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const addError = (errors: FieldErrors, path: string, message: string) => {
  (errors[path] ??= []).push(message);
};

/**
 * Turns what a form sent into the stored shape of the field's type and checks the field's
 * validation rules, recursively for maps and objects. Errors are keyed by field path
 * (`positions[2].title`) with the catalog's messages.
 */
export const coerceField = (field: DataField, raw: unknown, path: string, t: Translate, errors: FieldErrors): unknown => {
  const invalid = () => {
    addError(errors, path, t('records.invalidValue'));
    return null;
  };
  let value: unknown;
  switch (field.type) {
    case 'string':
    case 'text':
    case 'password': {
      if (isBlank(raw)) value = '';
      else if (typeof raw === 'string') value = field.type === 'string' ? raw.trim() : raw;
      else if (typeof raw === 'number' && Number.isFinite(raw)) value = String(raw);
      else return invalid();
      if ((value as string).length > maxText) return invalid();
      if (field.appearance === 'select' && value !== '' && field.options && !field.options.some((o) => o.value === value)) {
        return invalid();
      }
      break;
    }
    case 'integer':
    case 'float': {
      if (isBlank(raw)) value = null;
      else {
        const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
        if (!Number.isFinite(n) || Math.abs(n) > 1e15) return invalid();
        if (field.type === 'integer' && !Number.isInteger(n)) return invalid();
        value = n;
      }
      break;
    }
    case 'boolean':
      if (isBlank(raw)) value = false;
      else if (typeof raw === 'boolean') value = raw;
      else if (raw === 'true' || raw === 'false') value = raw === 'true';
      else return invalid();
      break;
    case 'date':
      if (isBlank(raw)) value = null;
      else if (typeof raw === 'string' && parseLocalDate(raw.trim())) value = raw.trim().slice(0, 10);
      else return invalid();
      break;
    case 'datetime':
      if (isBlank(raw)) value = null;
      else if (typeof raw === 'string' && parseLocalDateTime(raw.trim())) value = raw.trim();
      else return invalid();
      break;
    case 'model':
    case 'file':
      if (isBlank(raw)) value = null;
      else if (typeof raw === 'string' && (field.type === 'file' || isUuid(raw))) value = raw;
      else return invalid();
      break;
    case 'models':
    case 'files': {
      if (isBlank(raw)) value = [];
      else if (Array.isArray(raw) && raw.length <= maxEntries && raw.every((v) => typeof v === 'string' && v.length <= 64)) {
        if (field.type === 'models' && !raw.every((v) => isUuid(v as string))) return invalid();
        value = [...new Set(raw as string[])];
      } else return invalid();
      break;
    }
    case 'map': {
      if (isBlank(raw)) value = [];
      else if (!Array.isArray(raw)) return invalid();
      else if (raw.length > maxEntries) {
        addError(errors, path, t('records.tooManyEntries', { n: maxEntries }));
        return [];
      } else value = raw.map((entry, i) => coerceEntry(field, entry, `${path}[${i}]`, t, errors));
      break;
    }
    case 'object': {
      if (isBlank(raw)) value = {};
      else if (typeof raw !== 'object' || Array.isArray(raw)) return invalid();
      else value = field.definition ? coerceEntry(field, raw, path, t, errors) : raw;
      break;
    }
  }
  for (const message of validateField(field, value)) addError(errors, path, t(message.key, message.params));
  return value;
};

/** One entry of a map (or an object): each child field coerced; positions get their sums recomputed. */
const coerceEntry = (field: DataField, raw: unknown, path: string, t: Translate, errors: FieldErrors) => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    addError(errors, path, t('records.invalidValue'));
    return {};
  }
  const input = raw as Record<string, unknown>;
  const entry: Record<string, unknown> = {};
  if (typeof input._id === 'string' && input._id.length <= 64) entry._id = input._id;
  for (const child of field.definition ?? []) {
    entry[child.key] = coerceField(child, input[child.key], `${path}.${child.key}`, t, errors);
  }
  if (field.subType !== 'positions-map') return entry;
  const problems = checkPosition(entry as PositionInput);
  for (const key of Object.keys(problems)) addError(errors, `${path}.${key}`, t('records.invalidValue'));
  return Object.keys(problems).length > 0 ? entry : normalizePosition(entry as PositionInput);
};
