import type { DataField } from '@kontor/contract/api/record-types';
import type { FieldErrors } from '@kontor/contract/call';
import type { Language, Translate } from '@kontor/contract/i18n/catalogs';
import { parseLocalDate, parseLocalDateTime } from '@kontor/contract/logic/dates';
import { type DateFormat, formatDate, localeOf } from '@kontor/contract/logic/number-format';
import {
  checkPosition,
  normalizePosition,
  type PositionInput,
  positionFieldDecimals,
} from '@kontor/contract/logic/positions';
import { decimalMessage, type LimitFormat, validateField } from '@kontor/contract/logic/validation';
import { isUuid } from '../db/ids';

/** Hard limits independent of a type's own rules: no single value may bloat a row. */
const maxText = 100_000;
const maxEntries = 500;
/** Nesting of a free-form object: deeper JSON is refused (the database refuses it anyway, less politely). */
const maxDepth = 32;

/** True when `value` nests objects or lists deeper than `limit` levels. */
const nestsDeeperThan = (value: unknown, limit: number): boolean => {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > limit) return true;
    level = level.flatMap((v) => (v !== null && typeof v === 'object' ? Object.values(v as object) : []));
  }
  return false;
};

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const addError = (errors: FieldErrors, path: string, message: string) => {
  errors[path] = [...(errors[path] ?? []), message];
};

/**
 * How rule limits appear in messages: numbers in the catalog's locale ("mindestens 0,5"), dates in
 * the environment's date format ("mindestens 01.01.2024"), not as configured ("0.5", "2024-01-01").
 */
export const limitFormatOf = (language: Language, dateFormat: DateFormat = 'DD.MM.YYYY'): LimitFormat => {
  const numbers = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 4 });
  return { formatNumber: (n) => numbers.format(n), formatDate: (d) => formatDate(d, dateFormat) };
};

/** The message for a value that is not of the field's type: as specific as the type allows. */
const typeMessageKey = (type: DataField['type']) =>
  type === 'integer'
    ? 'validation.integer'
    : type === 'float'
      ? 'validation.number'
      : type === 'date'
        ? 'validation.date'
        : type === 'datetime'
          ? 'validation.datetime'
          : 'records.invalidValue';

/**
 * Turns what a form sent into the stored shape of the field's type and checks the field's
 * validation rules, recursively for maps and objects. Errors are keyed by field path
 * (`positions[2].title`) with the catalog's messages.
 */
export const coerceField = (
  field: DataField,
  raw: unknown,
  path: string,
  t: Translate,
  errors: FieldErrors,
  format?: LimitFormat,
): unknown => {
  const invalid = () => {
    addError(errors, path, t(typeMessageKey(field.type)));
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
      if (
        field.appearance === 'select' &&
        value !== '' &&
        field.options &&
        !field.options.some((o) => o.value === value)
      ) {
        return invalid();
      }
      break;
    }
    case 'integer':
    case 'float': {
      if (isBlank(raw)) value = null;
      else {
        const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
        if (!Number.isFinite(n)) return invalid();
        if (Math.abs(n) > 1e15) {
          addError(errors, path, t('validation.outOfRange'));
          return null;
        }
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
      else if (
        Array.isArray(raw) &&
        raw.length <= maxEntries &&
        raw.every((v) => typeof v === 'string' && v.length <= 64)
      ) {
        if (field.type === 'models' && !raw.every((v) => isUuid(v as string))) return invalid();
        // A model list names each record once; a file list may hold a file twice on purpose
        // ('Diese Datei wurde bereits hinzugefügt. Trotzdem hinzufügen?').
        value = field.type === 'models' ? [...new Set(raw as string[])] : [...(raw as string[])];
      } else return invalid();
      break;
    }
    case 'map': {
      if (isBlank(raw)) value = [];
      else if (!Array.isArray(raw)) return invalid();
      else if (raw.length > maxEntries) {
        addError(errors, path, t('records.tooManyEntries', { n: maxEntries }));
        return [];
      } else value = raw.map((entry, i) => coerceEntry(field, entry, `${path}[${i}]`, t, errors, format));
      break;
    }
    case 'object': {
      if (isBlank(raw)) value = {};
      else if (typeof raw !== 'object' || Array.isArray(raw)) return invalid();
      else if (field.definition) value = coerceEntry(field, raw, path, t, errors, format);
      else if (nestsDeeperThan(raw, maxDepth)) return invalid();
      else value = raw;
      break;
    }
  }
  for (const message of validateField(field, value, format)) addError(errors, path, t(message.key, message.params));
  return value;
};

/** One entry of a map (or an object): each child field coerced; positions get their sums recomputed. */
const coerceEntry = (
  field: DataField,
  raw: unknown,
  path: string,
  t: Translate,
  errors: FieldErrors,
  format?: LimitFormat,
) => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    addError(errors, path, t('records.invalidValue'));
    return {};
  }
  const input = raw as Record<string, unknown>;
  const entry: Record<string, unknown> = {};
  if (typeof input._id === 'string' && input._id.length <= 64) entry._id = input._id;
  for (const child of field.definition ?? []) {
    entry[child.key] = coerceField(child, input[child.key], `${path}.${child.key}`, t, errors, format);
  }
  if (field.subType !== 'positions-map') return entry;
  const problems = checkPosition(entry as PositionInput);
  for (const [key, code] of Object.entries(problems)) {
    const message = decimalMessage(code, positionFieldDecimals(key));
    addError(errors, `${path}.${key}`, t(message.key, message.params));
  }
  return Object.keys(problems).length > 0 ? entry : normalizePosition(entry as PositionInput);
};
