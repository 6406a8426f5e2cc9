import type { Language } from '../i18n/catalogs';
import { parseLocalDateTime, type WallClock, wallClock } from './dates';
import { parseDecimal, roundToScale, unitsToNumber, unitsToString } from './decimal';
import type { Cents } from './money';

/**
 * Display formats: German numbers (spec 01 §5, §9: two decimals, comma decimal, point thousands),
 * money through `Intl` by the environment's currency and language, dates by its date format, and
 * byte sizes in 1024 units. Rounding is decimal and half away from zero, like the money maths,
 * so a shown amount never differs from a computed one.
 */

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Plain decimal text ("-1234.5") in German notation ("-1.234,5"). */
const germanNotation = (plain: string): string => {
  const [intPart = '', fracPart] = plain.split('.');
  const negative = intPart.startsWith('-');
  const grouped = groupThousands(negative ? intPart.slice(1) : intPart);
  return `${negative ? '-' : ''}${grouped}${fracPart ? `,${fracPart}` : ''}`;
};

/**
 * German number: `1234.5` → "1.234,50", `-0.5` → "-0,50", rounded half away from zero to
 * `decimals`. Empty or non-numeric values (null, '', NaN, Infinity, garbage) give '' so an empty
 * field stays empty.
 */
export const formatNumber = (value: number | string | null | undefined, decimals = 2): string => {
  if (value === null || value === undefined || value === '') return '';
  try {
    return germanNotation(unitsToString(roundToScale(parseDecimal(value), decimals), decimals));
  } catch {
    return '';
  }
};

/** German amount from integer cents, exactly: 123450 → "1.234,50"; anything but whole cents gives ''. */
export const formatCents = (cents: Cents): string =>
  Number.isSafeInteger(cents) ? germanNotation(unitsToString(BigInt(cents), 2)) : '';

const germanInput = /^([+\-\u2212]?)(\d{1,3}(?:\.\d{3})+|\d*)(?:,(\d*))?$/;

/**
 * Reads a German number as a person types it: thousands points are dropped and the comma becomes
 * the decimal point ("1.234,5" → 1234.5, "-3" → -3, ",5" → 0.5). Blank gives null, and so does
 * anything else. Points count only as thousands separators in groups of three: "12.5" is
 * rejected rather than read as 125 (removing the point blindly would turn a mistyped 12,50 € into
 * 125 €).
 */
export const parseGermanNumber = (input: string | null | undefined): number | null => {
  const text = (input ?? '').trim();
  const match = germanInput.exec(text);
  if (!match) return null;
  const [, sign = '', intPart = '', fracPart = ''] = match;
  if (intPart === '' && fracPart === '') return null;
  const number = Number(
    `${sign === '' || sign === '+' ? '' : '-'}${intPart.replaceAll('.', '') || '0'}.${fracPart || '0'}`,
  );
  return Number.isFinite(number) ? number || 0 : null;
};

/** The environment's currency and date format options (spec 01 §3 setup options). */
export type CurrencySetting = 'euro' | 'us_dollar';
export type DateFormat = 'DD.MM.YYYY' | 'YYYY-MM-DD';

const currencyCodes: Record<CurrencySetting, string> = { euro: 'EUR', us_dollar: 'USD' };

/**
 * The `Intl` locale of a catalog language. English is en-GB: the product serves European
 * companies, and en-GB keeps their conventions (24-hour clock, day before month) and writes
 * "US$" where en-US would print a bare "$" that a euro-area reader cannot place.
 */
export const localeOf = (language: Language): string => (language === 'en' ? 'en-GB' : 'de-DE');

type MoneySettings = Readonly<{ currency: CurrencySetting; language: Language }>;

/**
 * A formatter of integer cents in the environment's currency and language:
 * de: 123450 → "1.234,50 €" / "1.234,50 $"; en: "€1,234.50" / "US$1,234.50". `Intl` separates
 * number and symbol with a no-break space (U+00A0), which keeps them on one line. Anything but
 * whole cents gives '' (a display helper never throws).
 */
export const currencyFormatter = (settings: MoneySettings): ((cents: Cents) => string) => {
  const format = new Intl.NumberFormat(localeOf(settings.language), {
    style: 'currency',
    currency: currencyCodes[settings.currency],
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  // The double whose shortest text has exactly the two decimals of the cents, so Intl cannot round.
  return (cents) => (Number.isSafeInteger(cents) ? format.format(unitsToNumber(BigInt(cents), 2)) : '');
};

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

const datePart = (value: WallClock, format: DateFormat): string =>
  format === 'DD.MM.YYYY'
    ? `${pad(value.day)}.${pad(value.month)}.${pad(value.year, 4)}`
    : `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}`;

/** A local value ("2024-05-01", "2024-05-01T14:30") as it is, an instant in the time zone. */
const toWallClock = (value: Date | string, timeZone: string): WallClock | null =>
  (typeof value === 'string' ? parseLocalDateTime(value) : null) ?? wallClock(value, timeZone);

export type DateValue = Date | string | null | undefined;

/**
 * A date in the environment's format: "01.05.2024" or "2024-05-01". Accepts a `date` field value,
 * a local `datetime` value (its date part) or an instant (a `Date` or ISO text with zone, shown in
 * `timeZone`). Empty gives ''; unreadable text is returned unchanged so the gap is noticed.
 */
export const formatDate = (value: DateValue, format: DateFormat, timeZone = 'Europe/Berlin'): string => {
  if (value === null || value === undefined || value === '') return '';
  const parsed = toWallClock(value, timeZone);
  return parsed ? datePart(parsed, format) : typeof value === 'string' ? value : '';
};

/**
 * Date and 24-hour time: "01.05.2024 14:30" or "2024-05-01 14:30" (seconds are not shown). A value
 * without time of day shows the date only.
 */
export const formatDateTime = (value: DateValue, format: DateFormat, timeZone = 'Europe/Berlin'): string => {
  if (value === null || value === undefined || value === '') return '';
  const parsed = toWallClock(value, timeZone);
  if (!parsed) return typeof value === 'string' ? value : '';
  return parsed.hasTime
    ? `${datePart(parsed, format)} ${pad(parsed.hour)}:${pad(parsed.minute)}`
    : datePart(parsed, format);
};

const byteUnits = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A byte size in 1024 units up to YB (spec 01 §9), German comma, at most `decimals` decimals
 * without trailing zeros: 1536 → "1,5 KB", 1 → "1 Byte", 1023 → "1.023 Bytes". Negative or
 * non-finite sizes give ''.
 */
export const formatBytes = (bytes: number, decimals = 2): string => {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let unit = 0;
  let value = bytes;
  // Dividing by 1024 is exact in binary floating point.
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  let units = roundToScale(parseDecimal(value), decimals);
  if (units >= 1024n * 10n ** BigInt(decimals) && unit < byteUnits.length - 1) {
    // 1023,999 KB rounds up to 1024 KB: show it as 1 MB.
    unit += 1;
    units = roundToScale(parseDecimal(value / 1024), decimals);
  }
  const text = germanNotation(unitsToString(units, decimals, true));
  return `${text} ${unit === 0 && text === '1' ? 'Byte' : byteUnits[unit]}`;
};
