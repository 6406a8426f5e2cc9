import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  currencyFormatter,
  formatBytes,
  formatCents,
  formatDate,
  formatDateTime,
  formatNumber,
  localeOf,
  parseGermanNumber,
} from './number-format';

/** Intl puts a no-break space between amount and symbol; compare with plain spaces. */
const plain = (text: string): string => text.replace(/\u00a0|\u202f/g, ' ');

describe('formatNumber (spec 01 §9: 2 decimals, comma decimal, point thousands)', () => {
  test('formats German numbers', () => {
    expect(formatNumber(1234.5)).toBe('1.234,50');
    expect(formatNumber(0)).toBe('0,00');
    expect(formatNumber(0.1)).toBe('0,10');
    expect(formatNumber(999)).toBe('999,00');
    expect(formatNumber(1000)).toBe('1.000,00');
    expect(formatNumber(1234567.891)).toBe('1.234.567,89');
    expect(formatNumber('1234.5')).toBe('1.234,50');
  });

  test('formats negative numbers with a leading minus', () => {
    expect(formatNumber(-1234.5)).toBe('-1.234,50');
    expect(formatNumber(-0.5)).toBe('-0,50');
  });

  test('rounds half away from zero on the decimal value, never shows -0,00', () => {
    expect(formatNumber(1.005)).toBe('1,01');
    expect(formatNumber(-1.005)).toBe('-1,01');
    expect(formatNumber(2.675)).toBe('2,68');
    expect(formatNumber(-0.001)).toBe('0,00');
    expect(formatNumber(0.1 + 0.2)).toBe('0,30');
  });

  test('takes other decimal counts', () => {
    expect(formatNumber(1234.5678, 0)).toBe('1.235');
    expect(formatNumber(2.5, 3)).toBe('2,500');
    expect(formatNumber(1e21)).toBe('1.000.000.000.000.000.000.000,00');
  });

  test('leaves empty and invalid values empty', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber('')).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatNumber('abc')).toBe('');
  });

  test('formatCents formats integer cents exactly', () => {
    expect(formatCents(123450)).toBe('1.234,50');
    expect(formatCents(-5)).toBe('-0,05');
    expect(formatCents(0)).toBe('0,00');
    expect(formatCents(99_999_999_999_999)).toBe('999.999.999.999,99');
    expect(formatCents(1.5)).toBe('');
  });
});

describe('parseGermanNumber', () => {
  test('drops thousands points and reads the comma as decimal point', () => {
    expect(parseGermanNumber('1.234,5')).toBe(1234.5);
    expect(parseGermanNumber('1.234.567,89')).toBe(1234567.89);
    expect(parseGermanNumber('1234,50')).toBe(1234.5);
    expect(parseGermanNumber('1.234')).toBe(1234);
    expect(parseGermanNumber('12')).toBe(12);
    expect(parseGermanNumber('0,1')).toBe(0.1);
    expect(parseGermanNumber(',5')).toBe(0.5);
    expect(parseGermanNumber('5,')).toBe(5);
    expect(parseGermanNumber('  42,00  ')).toBe(42);
  });

  test('reads signs, never returns -0', () => {
    expect(parseGermanNumber('-1.234,5')).toBe(-1234.5);
    expect(parseGermanNumber('+3')).toBe(3);
    expect(parseGermanNumber('\u22123,5')).toBe(-3.5);
    expect(Object.is(parseGermanNumber('-0'), 0)).toBe(true);
  });

  test('blank gives null', () => {
    expect(parseGermanNumber('')).toBeNull();
    expect(parseGermanNumber('   ')).toBeNull();
    expect(parseGermanNumber(null)).toBeNull();
    expect(parseGermanNumber(undefined)).toBeNull();
  });

  test('garbage gives null', () => {
    for (const bad of ['abc', '12a', '1,2,3', ',', '-', '1 234', '12 €', '1e5', 'NaN', '0x10']) {
      expect(parseGermanNumber(bad), bad).toBeNull();
    }
  });

  test('points only count in groups of three, so a mistyped decimal point is not read ten times larger', () => {
    expect(parseGermanNumber('12.5')).toBeNull();
    expect(parseGermanNumber('1.23,4')).toBeNull();
    expect(parseGermanNumber('1234.567')).toBeNull();
    expect(parseGermanNumber('.123')).toBeNull();
    expect(parseGermanNumber('1.234,')).toBe(1234);
  });

  test('reads back what formatNumber shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (cents) => {
        expect(parseGermanNumber(formatCents(cents))).toBe(cents / 100);
      }),
    );
  });
});

describe('currencyFormatter', () => {
  test('German languages format like de-DE, English like en-GB', () => {
    expect(localeOf('de_sie')).toBe('de-DE');
    expect(localeOf('de_du')).toBe('de-DE');
    expect(localeOf('en')).toBe('en-GB');
  });

  test('formats cents in euro and US dollar per language', () => {
    expect(plain(currencyFormatter({ currency: 'euro', language: 'de_sie' })(123450))).toBe('1.234,50 €');
    expect(plain(currencyFormatter({ currency: 'euro', language: 'de_du' })(-123450))).toBe('-1.234,50 €');
    expect(plain(currencyFormatter({ currency: 'us_dollar', language: 'de_sie' })(5))).toBe('0,05 $');
    expect(plain(currencyFormatter({ currency: 'euro', language: 'en' })(123450))).toBe('€1,234.50');
    expect(plain(currencyFormatter({ currency: 'us_dollar', language: 'en' })(123450))).toBe('US$1,234.50');
  });

  test('shows every cent unchanged; fractional cents give an empty text', () => {
    const euro = currencyFormatter({ currency: 'euro', language: 'de_sie' });
    expect(plain(euro(0))).toBe('0,00 €');
    expect(plain(euro(115))).toBe('1,15 €');
    expect(plain(euro(99_999_999_999_999))).toBe('999.999.999.999,99 €');
    expect(euro(1.5)).toBe('');
    expect(euro(Number.NaN)).toBe('');
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (cents) => {
        expect(plain(euro(cents))).toBe(`${formatCents(cents)} €`);
      }),
    );
  });
});

describe('formatDate / formatDateTime', () => {
  test('formats a date field value in both environment formats', () => {
    expect(formatDate('2024-05-01', 'DD.MM.YYYY')).toBe('01.05.2024');
    expect(formatDate('2024-05-01', 'YYYY-MM-DD')).toBe('2024-05-01');
    expect(formatDate('0999-12-31', 'DD.MM.YYYY')).toBe('31.12.0999');
  });

  test('keeps local values as they are, whatever the host zone', () => {
    expect(formatDate('2024-12-31T23:30', 'DD.MM.YYYY')).toBe('31.12.2024');
    expect(formatDateTime('2024-12-31T23:30', 'DD.MM.YYYY')).toBe('31.12.2024 23:30');
    expect(formatDateTime('2024-12-31 08:05:59', 'YYYY-MM-DD')).toBe('2024-12-31 08:05');
    expect(formatDateTime('2024-05-01', 'DD.MM.YYYY')).toBe('01.05.2024');
  });

  test('shows instants in the given zone, Europe/Berlin by default (summer and winter time)', () => {
    expect(formatDateTime('2024-07-01T22:30:00Z', 'DD.MM.YYYY')).toBe('02.07.2024 00:30');
    expect(formatDateTime('2024-01-01T22:30:00Z', 'DD.MM.YYYY')).toBe('01.01.2024 23:30');
    expect(formatDate(new Date(Date.UTC(2024, 11, 31, 23, 30)), 'YYYY-MM-DD')).toBe('2025-01-01');
    expect(formatDateTime('2024-07-01T22:30:00+02:00', 'YYYY-MM-DD', 'UTC')).toBe('2024-07-01 20:30');
    expect(formatDateTime(new Date(Date.UTC(2024, 0, 1, 0, 0)), 'DD.MM.YYYY', 'America/New_York')).toBe(
      '31.12.2023 19:00',
    );
  });

  test('empty gives an empty text, unreadable text shows as it is', () => {
    expect(formatDate(null, 'DD.MM.YYYY')).toBe('');
    expect(formatDate('', 'DD.MM.YYYY')).toBe('');
    expect(formatDateTime(undefined, 'DD.MM.YYYY')).toBe('');
    expect(formatDate('2024-02-30', 'DD.MM.YYYY')).toBe('2024-02-30');
    expect(formatDate('morgen', 'DD.MM.YYYY')).toBe('morgen');
    expect(formatDateTime(new Date(Number.NaN), 'DD.MM.YYYY')).toBe('');
  });
});

describe('formatBytes (1024 units up to YB, German comma)', () => {
  test('formats bytes and larger units', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1)).toBe('1 Byte');
    expect(formatBytes(1023)).toBe('1.023 Bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(1024 * 1024 * 2.25)).toBe('2,25 MB');
    expect(formatBytes(1234567890)).toBe('1,15 GB');
    expect(formatBytes(1024 ** 4)).toBe('1 TB');
    expect(formatBytes(1024 ** 5)).toBe('1 PB');
    expect(formatBytes(1024 ** 6)).toBe('1 EB');
    expect(formatBytes(1024 ** 7)).toBe('1 ZB');
    expect(formatBytes(1024 ** 8)).toBe('1 YB');
  });

  test('stops at YB and groups thousands there', () => {
    expect(formatBytes(1024 ** 9)).toBe('1.024 YB');
    expect(formatBytes(1e30)).toBe('827.180,61 YB');
  });

  test('a value that rounds up to 1024 moves to the next unit', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatBytes(1024 * 1023.994)).toBe('1.023,99 KB');
  });

  test('takes a decimal count', () => {
    expect(formatBytes(1536, 0)).toBe('2 KB');
    expect(formatBytes(1234567890, 3)).toBe('1,15 GB');
    expect(formatBytes(1300000000, 3)).toBe('1,211 GB');
  });

  test('negative and non-finite sizes give an empty text', () => {
    expect(formatBytes(-1)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('');
  });
});
