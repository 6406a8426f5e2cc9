import { describe, expect, test } from 'vitest';
import { addDays, instantOf, isoWeekday, minutesOf } from './zoned-time';

describe('instantOf (Europe/Berlin)', () => {
  test('winter and summer times get their offsets', () => {
    expect(instantOf('2026-01-15T12:00')).toEqual({ ok: true, instant: new Date('2026-01-15T11:00:00Z') });
    expect(instantOf('2026-07-15T12:00')).toEqual({ ok: true, instant: new Date('2026-07-15T10:00:00Z') });
  });
  test('a time the clocks skip is a gap', () => {
    expect(instantOf('2026-03-29T02:30')).toEqual({ ok: false, reason: 'gap' });
    expect(instantOf('2026-03-29T03:00')).toEqual({ ok: true, instant: new Date('2026-03-29T01:00:00Z') });
  });
  test('a time passed twice is its first occurrence', () => {
    expect(instantOf('2026-10-25T02:30')).toEqual({ ok: true, instant: new Date('2026-10-25T00:30:00Z') });
  });
  test('unreadable text is invalid', () => {
    expect(instantOf('2026-02-30T10:00')).toEqual({ ok: false, reason: 'invalid' });
    expect(instantOf('morgen')).toEqual({ ok: false, reason: 'invalid' });
  });
});

test('weekdays, days and minutes', () => {
  expect(isoWeekday({ year: 2026, month: 11, day: 23 })).toBe(1);
  expect(isoWeekday({ year: 2026, month: 11, day: 29 })).toBe(7);
  expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  expect(minutesOf('09:30')).toBe(570);
  expect(minutesOf('24:00')).toBe(1440);
  expect(minutesOf('24:01')).toBeNull();
  expect(minutesOf('9:30')).toBeNull();
});
