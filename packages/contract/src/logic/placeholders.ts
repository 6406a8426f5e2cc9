import { parseLocalDate, parseLocalDateTime } from './dates';
import { unitsToString } from './decimal';
import type { Cents } from './money';
import { type DateFormat, formatDate, formatDateTime, formatNumber } from './number-format';

/**
 * Placeholders in export texts ("Rechnung {{number}}", "fällig am {{due_date}}"): a record value
 * by field path, optionally with a format after a bar: `{{gross|money}}` (integer cents),
 * `{{date|date}}`, `{{created_at|datetime}}`, `{{quantity|number}}`. Without a format a value is
 * shown as a person expects: a calendar date in the environment's format, a whole number as it is
 * (customer numbers must not gain thousands points), a fraction in German notation.
 *
 * Values are inserted as text, once: a value that itself contains `{{x}}` or markup stays
 * literal, because the result is never scanned again and never interpreted. Unknown paths, empty
 * values, lists and objects give ''.
 */

export type PlaceholderFormats = Readonly<{
  dateFormat: DateFormat;
  /** Integer cents to text in the environment's currency. */
  money: (cents: Cents) => string;
  yes: string;
  no: string;
  timeZone?: string | undefined;
}>;

const placeholderPattern = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\s*(?:\|\s*([a-z]+)\s*)?\}\}/g;

/** The value at a dotted path (`customer.name`); anything but plain data along the way gives undefined. */
export const valueAtPath = (data: Readonly<Record<string, unknown>>, path: string): unknown => {
  let current: unknown = data;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
};

/** 1.5 → "1,5", 1234.25 → "1.234,25": German notation without trailing zeros (≤ 4 decimals). */
const formatFraction = (value: number): string => {
  const text = formatNumber(value, 4);
  return text.includes(',') ? text.replace(/0+$/, '').replace(/,$/, '') : text;
};

const asText = (value: unknown, format: string | undefined, formats: PlaceholderFormats): string => {
  if (value === null || value === undefined || value === '') return '';
  switch (format) {
    case 'money':
      return typeof value === 'number' && Number.isSafeInteger(value) ? formats.money(value) : '';
    case 'date':
      return typeof value === 'string' || value instanceof Date
        ? formatDate(value, formats.dateFormat, formats.timeZone)
        : '';
    case 'datetime':
      return typeof value === 'string' || value instanceof Date
        ? formatDateTime(value, formats.dateFormat, formats.timeZone)
        : '';
    case 'number':
      return typeof value === 'number' || typeof value === 'string' ? formatFraction(Number(value)) : '';
  }
  if (typeof value === 'string') {
    if (parseLocalDate(value)) return formatDate(value, formats.dateFormat);
    if (parseLocalDateTime(value)) return formatDateTime(value, formats.dateFormat);
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return Number.isInteger(value) ? unitsToString(BigInt(value), 0) : formatFraction(value);
  }
  if (typeof value === 'boolean') return value ? formats.yes : formats.no;
  return '';
};

/** The text with every placeholder replaced by its value's text (see the module comment). */
export const fillPlaceholders = (
  template: string,
  lookup: (path: string) => unknown,
  formats: PlaceholderFormats,
): string =>
  template.replace(placeholderPattern, (_whole, path: string, format: string | undefined) =>
    asText(lookup(path), format, formats),
  );

/**
 * The text filled, or '' when any of its placeholders comes out empty: a sentence that names a
 * missing value ("gültig bis zum {{valid_until}}.") is left out rather than printed half.
 */
export const fillPlaceholdersIfComplete = (
  template: string,
  lookup: (path: string) => unknown,
  formats: PlaceholderFormats,
): string => {
  let complete = true;
  const filled = template.replace(placeholderPattern, (_whole, path: string, format: string | undefined) => {
    const text = asText(lookup(path), format, formats);
    if (text.trim() === '') complete = false;
    return text;
  });
  return complete ? filled : '';
};
