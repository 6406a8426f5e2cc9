import type { validation } from '../i18n/de_sie/validation';
import { dateKey, dateTimeKey, parseLocalDate, parseLocalDateTime, type WallClock } from './dates';
import { compareDecimals, type Decimal, type DecimalErrorCode, parseDecimal } from './decimal';
import { isValidEmail } from './email';
import { isValidBic, isValidIban } from './iban';

/**
 * The field validation rules of spec 02 §5 as pure functions, run by the server on save and by
 * the browser before it. A rule answers null (fine) or a message descriptor whose key is in the
 * catalogs' validation area; the caller translates it (`t(m.key, m.params)`), so the wording stays
 * in one place and the server sends the catalog's texts (CLARIFICATIONS "Validation messages").
 * `unique` needs the database: the server runs it where `needsUniqueCheck` says so.
 */

type ValidationKey = keyof typeof validation | 'common.fieldInvalid';
type ValidationMessage = Readonly<{ key: ValidationKey; params?: Readonly<Record<string, string | number>> }>;

export const ruleNames = [
  'required',
  'unique',
  'minLength',
  'maxLength',
  'min',
  'max',
  'minDate',
  'maxDate',
  'email',
  'iban',
  'bic',
  'url',
] as const;
export type RuleName = (typeof ruleNames)[number];

/** A field's `validation` map: booleans switch a rule on, numbers and dates are its limit. */
type ValidationRules = Readonly<{
  required?: boolean | undefined;
  unique?: boolean | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  min?: number | undefined;
  max?: number | undefined;
  minDate?: string | undefined;
  maxDate?: string | undefined;
  email?: boolean | undefined;
  iban?: boolean | undefined;
  bic?: boolean | undefined;
  url?: boolean | undefined;
}>;

/**
 * Rules offered per field type (spec 02 §5 table). `file` follows `files`; the form engine's other
 * types (text, password, boolean, object) are not data field types there and get `required` only.
 */
const rulesByType: Readonly<Record<string, readonly RuleName[]>> = {
  string: ['required', 'unique', 'minLength', 'maxLength', 'email', 'iban', 'bic', 'url'],
  date: ['required', 'unique', 'minDate', 'maxDate'],
  datetime: ['required', 'unique', 'minDate', 'maxDate'],
  integer: ['required', 'unique', 'min', 'max'],
  float: ['required', 'unique', 'min', 'max'],
  map: ['required', 'min', 'max'],
  model: ['required'],
  models: ['required'],
  file: ['required'],
  files: ['required'],
};

export const rulesFor = (type: string): readonly RuleName[] => rulesByType[type] ?? ['required'];

/** The value a rule starts with when added in the field editor (spec 02 §5 "Defaults on adding"). */
export const ruleDefaults: ValidationRules = {
  required: true,
  unique: true,
  email: true,
  iban: true,
  bic: true,
  url: true,
  minLength: 1,
  maxLength: 10,
  min: 1,
  max: 10,
};

/** How limits appear in messages; by default as they are configured (10, "2024-05-01"). */
export type LimitFormat = Readonly<{
  formatNumber?: ((limit: number) => string) | undefined;
  formatDate?: ((limit: string) => string) | undefined;
}>;

/**
 * Empty: null, undefined, blank text, an empty list or an empty object. `false` and 0 are values.
 */
export const isEmptyValue = (value: unknown): boolean => {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
};

const message = (key: ValidationKey, params?: Record<string, string | number>): ValidationMessage =>
  params ? { key, params } : { key };

const toDecimal = (value: unknown): Decimal | null => {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  try {
    return parseDecimal(value);
  } catch {
    return null;
  }
};

const isLimit = (limit: unknown): limit is number => typeof limit === 'number' && Number.isFinite(limit);
/** Characters as a person counts them: "ä" and "😀" are one each. */
const length = (text: string): number => [...text].length;
const entries = (value: unknown): number =>
  Array.isArray(value) ? value.length : value && typeof value === 'object' ? Object.keys(value).length : 0;

const compareDate = (value: WallClock, limit: WallClock): number => {
  // A date-only limit bounds whole days: maxDate 2024-05-01 admits 2024-05-01T23:59.
  const [a, b] =
    value.hasTime && limit.hasTime ? [dateTimeKey(value), dateTimeKey(limit)] : [dateKey(value), dateKey(limit)];
  return a < b ? -1 : a > b ? 1 : 0;
};

const numberLimit = (limit: number, format?: LimitFormat) => ({ n: format?.formatNumber?.(limit) ?? limit });
const dateLimit = (limit: string, format?: LimitFormat) => ({ n: format?.formatDate?.(limit) ?? limit });

/**
 * The single rules. Each returns null when the value passes or the limit is not a usable number or
 * date (a misconfigured rule must not block every save). They expect a non-empty value of the
 * field's type; `validateField` sees to that.
 */
export const rules = {
  required: (value: unknown): ValidationMessage | null => (isEmptyValue(value) ? message('validation.required') : null),
  minLength: (value: string, n: number) =>
    isLimit(n) && length(value) < n ? message('validation.minLength', { n }) : null,
  maxLength: (value: string, n: number) =>
    isLimit(n) && length(value) > n ? message('validation.maxLength', { n }) : null,
  min: (value: number | string, limit: number, format?: LimitFormat) => {
    const decimal = toDecimal(value);
    const bound = isLimit(limit) ? toDecimal(limit) : null;
    return decimal && bound && compareDecimals(decimal, bound) < 0
      ? message('validation.min', numberLimit(limit, format))
      : null;
  },
  max: (value: number | string, limit: number, format?: LimitFormat) => {
    const decimal = toDecimal(value);
    const bound = isLimit(limit) ? toDecimal(limit) : null;
    return decimal && bound && compareDecimals(decimal, bound) > 0
      ? message('validation.max', numberLimit(limit, format))
      : null;
  },
  /** A map's number of entries (its list of sub-records). */
  minEntries: (value: unknown, limit: number, format?: LimitFormat) =>
    isLimit(limit) && entries(value) < limit ? message('validation.minEntries', numberLimit(limit, format)) : null,
  maxEntries: (value: unknown, limit: number, format?: LimitFormat) =>
    isLimit(limit) && entries(value) > limit ? message('validation.maxEntries', numberLimit(limit, format)) : null,
  minDate: (value: string, limit: string, format?: LimitFormat) => {
    const [date, bound] = [parseLocalDateTime(value), typeof limit === 'string' ? parseLocalDateTime(limit) : null];
    return date && bound && compareDate(date, bound) < 0
      ? message('validation.minDate', dateLimit(limit, format))
      : null;
  },
  maxDate: (value: string, limit: string, format?: LimitFormat) => {
    const [date, bound] = [parseLocalDateTime(value), typeof limit === 'string' ? parseLocalDateTime(limit) : null];
    return date && bound && compareDate(date, bound) > 0
      ? message('validation.maxDate', dateLimit(limit, format))
      : null;
  },
  email: (value: string) => (isValidEmail(value.trim()) ? null : message('validation.email')),
  iban: (value: string) => (isValidIban(value) ? null : message('validation.iban')),
  bic: (value: string) => (isValidBic(value) ? null : message('validation.bic')),
  url: (value: string) => (isValidUrl(value) ? null : message('validation.url')),
  zip: (value: string) => (isGermanZip(value) ? null : message('validation.zip')),
} as const;

/**
 * An http(s) address with a real host: "https://example.com/a?b", "http://localhost:3000". A host
 * without a dot ("https://firma") is rejected: that is almost always a typo, not an intranet name.
 */
export const isValidUrl = (text: string): boolean => {
  const value = text.trim();
  if (!/^https?:\/\/[^\s/?#]/i.test(value) || /\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname;
  if (host === 'localhost' || host.startsWith('[')) return true;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
};

/** German postcode (PLZ): five digits, 01001 to 99998 in use, so "00…" is never valid. */
export const isGermanZip = (text: string): boolean => /^(?!00)\d{5}$/.test(text.trim());

/** The type check before the rules: a value of the wrong kind gets one message and nothing else. */
const typeMessage = (type: string, value: unknown): ValidationMessage | null => {
  switch (type) {
    case 'string':
    case 'text':
    case 'password':
      return typeof value === 'string' || typeof value === 'number' ? null : message('common.fieldInvalid');
    case 'integer': {
      const decimal = toDecimal(value);
      return decimal && decimal.scale === 0 && Number.isSafeInteger(Number(value))
        ? null
        : message('validation.integer');
    }
    case 'float':
      return toDecimal(value) && Number.isFinite(Number(value)) ? null : message('validation.number');
    case 'date':
      return typeof value === 'string' && parseLocalDate(value) ? null : message('validation.date');
    case 'datetime':
      return typeof value === 'string' && parseLocalDateTime(value) ? null : message('validation.datetime');
    case 'map':
      return typeof value === 'object' ? null : message('common.fieldInvalid');
    default:
      return null;
  }
};

type FieldDefinition = Readonly<{ type: string; validation?: ValidationRules | null | undefined }>;

/**
 * All messages for one field value, applying the rules configured in `definition.validation` that
 * the spec offers for its type (others are ignored). An empty value is only checked by `required`;
 * a value of the wrong kind gets the type message alone. `unique` is not checked here.
 */
export const validateField = (
  definition: FieldDefinition,
  value: unknown,
  format?: LimitFormat,
): ValidationMessage[] => {
  const configured = definition.validation ?? {};
  const offered = new Set(rulesFor(definition.type));
  const on = (rule: RuleName) => offered.has(rule) && configured[rule] !== undefined && configured[rule] !== false;
  if (isEmptyValue(value))
    return on('required') && configured.required === true ? [message('validation.required')] : [];
  const wrongType = typeMessage(definition.type, value);
  if (wrongType) return [wrongType];

  const found: Array<ValidationMessage | null> = [];
  const text = typeof value === 'string' ? value : String(value);
  if (definition.type === 'map') {
    if (on('min')) found.push(rules.minEntries(value, configured.min as number, format));
    if (on('max')) found.push(rules.maxEntries(value, configured.max as number, format));
  } else {
    if (on('minLength')) found.push(rules.minLength(text, configured.minLength as number));
    if (on('maxLength')) found.push(rules.maxLength(text, configured.maxLength as number));
    if (on('min')) found.push(rules.min(text, configured.min as number, format));
    if (on('max')) found.push(rules.max(text, configured.max as number, format));
    if (on('minDate')) found.push(rules.minDate(text, configured.minDate as string, format));
    if (on('maxDate')) found.push(rules.maxDate(text, configured.maxDate as string, format));
    if (on('email')) found.push(rules.email(text));
    if (on('iban')) found.push(rules.iban(text));
    if (on('bic')) found.push(rules.bic(text));
    if (on('url')) found.push(rules.url(text));
  }
  return found.filter((m): m is ValidationMessage => m !== null);
};

/** Whether the server must look for another record with this value (rule on, type offers it, value given). */
export const needsUniqueCheck = (definition: FieldDefinition, value: unknown): boolean =>
  definition.validation?.unique === true && rulesFor(definition.type).includes('unique') && !isEmptyValue(value);

/** The message for an invalid amount, quantity or percent (`checkPosition`, `eurosToCents`). */
export const decimalMessage = (code: DecimalErrorCode, maxDecimals: number): ValidationMessage =>
  code === 'too_many_decimals'
    ? message('validation.decimals', { n: maxDecimals })
    : code === 'out_of_range'
      ? message('validation.outOfRange')
      : message('validation.number');

/**
 * Bank details as the setup wizard (step 3) and the bank details settings take them: IBAN and BIC
 * are checked when given (whether they are required is the caller's decision). Field name → message.
 */
export const validateBankDetails = (
  details: Readonly<{ iban?: string | null | undefined; bic?: string | null | undefined }>,
): Partial<Record<'iban' | 'bic', ValidationMessage>> => {
  const errors: Partial<Record<'iban' | 'bic', ValidationMessage>> = {};
  if (!isEmptyValue(details.iban) && !isValidIban(details.iban ?? '')) errors.iban = message('validation.iban');
  if (!isEmptyValue(details.bic) && !isValidBic(details.bic ?? '')) errors.bic = message('validation.bic');
  return errors;
};

/** A German postcode when given (setup wizard step 2, addresses); null when fine or empty. */
export const checkZip = (zip: string | null | undefined): ValidationMessage | null =>
  isEmptyValue(zip) ? null : rules.zip(zip ?? '');
