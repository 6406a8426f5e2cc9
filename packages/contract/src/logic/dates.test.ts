import { describe, expect, test } from 'vitest';
import { dateKey, dateTimeKey, parseLocalDate, parseLocalDateTime, wallClock } from './dates';

describe('parseLocalDateTime', () => {
  test('reads dates and local date-times', () => {
    expect(parseLocalDateTime('2024-05-01')).toEqual({
      year: 2024,
      month: 5,
      day: 1,
      hour: 0,
      minute: 0,
      second: 0,
      hasTime: false,
    });
    expect(parseLocalDateTime('2024-05-01T14:30')).toMatchObject({ hour: 14, minute: 30, second: 0, hasTime: true });
    expect(parseLocalDateTime('2024-05-01 14:30:15.123')).toMatchObject({ hour: 14, minute: 30, second: 15 });
  });

  test('checks the calendar, leap years included', () => {
    expect(parseLocalDateTime('2024-02-29')).not.toBeNull();
    expect(parseLocalDateTime('2023-02-29')).toBeNull();
    expect(parseLocalDateTime('1900-02-29')).toBeNull();
    expect(parseLocalDateTime('2000-02-29')).not.toBeNull();
    expect(parseLocalDateTime('2024-04-31')).toBeNull();
    expect(parseLocalDateTime('2024-13-01')).toBeNull();
    expect(parseLocalDateTime('2024-00-10')).toBeNull();
    expect(parseLocalDateTime('0000-01-01')).toBeNull();
    expect(parseLocalDateTime('2024-05-01T24:00')).toBeNull();
    expect(parseLocalDateTime('2024-05-01T12:60')).toBeNull();
  });

  test('refuses zoned text and other formats', () => {
    expect(parseLocalDateTime('2024-05-01T14:30:00Z')).toBeNull();
    expect(parseLocalDateTime('2024-05-01T14:30+02:00')).toBeNull();
    expect(parseLocalDateTime('01.05.2024')).toBeNull();
    expect(parseLocalDateTime('2024-5-1')).toBeNull();
    expect(parseLocalDateTime('')).toBeNull();
  });

  test('parseLocalDate takes a date only', () => {
    expect(parseLocalDate('2024-05-01')).not.toBeNull();
    expect(parseLocalDate('2024-05-01T00:00')).toBeNull();
  });

  test('keys sort as text', () => {
    const value = parseLocalDateTime('2024-05-01T07:05')!;
    expect(dateKey(value)).toBe('2024-05-01');
    expect(dateTimeKey(value)).toBe('2024-05-01T07:05:00');
    expect(dateTimeKey(parseLocalDate('2024-05-01')!)).toBe('2024-05-01T00:00:00');
  });
});

describe('wallClock', () => {
  test('gives the wall clock of an instant in a zone', () => {
    expect(wallClock('2024-03-31T01:30:00Z')).toMatchObject({ year: 2024, month: 3, day: 31, hour: 3, minute: 30 });
    expect(wallClock(Date.UTC(2024, 0, 1, 12), 'Asia/Tokyo')).toMatchObject({ hour: 21 });
    expect(wallClock(new Date(Date.UTC(2024, 0, 1, 0)), 'UTC')).toMatchObject({ day: 1, hour: 0 });
  });

  test('refuses zone-less text (the host zone would decide) and invalid dates', () => {
    expect(wallClock('2024-03-31T01:30:00')).toBeNull();
    expect(wallClock('not a date Z')).toBeNull();
    expect(wallClock(new Date(Number.NaN))).toBeNull();
  });
});
