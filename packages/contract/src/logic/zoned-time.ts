import { dateTimeKey, parseLocalDateTime, type WallClock, wallClock } from './dates';

/** The zone bookings are kept in: the product is German (see dates.ts `wallClock`). */
export const productTimeZone = 'Europe/Berlin';

type ZonedInstant = Readonly<{ ok: true; instant: Date }> | Readonly<{ ok: false; reason: 'invalid' | 'gap' }>;

const hour = 3_600_000;

/**
 * The instant a wall-clock time ("2026-03-29T14:30") names in `timeZone`. A time the clocks skip
 * (02:30 on the last Sunday of March in Berlin) is a `gap`; a time they pass twice (02:30 on the
 * last Sunday of October) is its first occurrence, as a calendar shows it.
 */
export const instantOf = (text: string, timeZone = productTimeZone): ZonedInstant => {
  const wall = parseLocalDateTime(text);
  if (!wall) return { ok: false, reason: 'invalid' };
  const key = dateTimeKey(wall);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // The zone's offsets a day before and after cover both sides of any change of offset.
  const offsets = new Set([asUtc - 24 * hour, asUtc, asUtc + 24 * hour].map((t) => offsetAt(t, timeZone)));
  const matches = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((t) => {
      const back = wallClock(t, timeZone);
      return back !== null && dateTimeKey(back) === key;
    })
    .sort((a, b) => a - b);
  const first = matches[0];
  return first === undefined ? { ok: false, reason: 'gap' } : { ok: true, instant: new Date(first) };
};

/** The zone's offset from UTC at an instant, in milliseconds (Berlin: one or two hours). */
const offsetAt = (t: number, timeZone: string): number => {
  const wall = wallClock(t, timeZone) as WallClock;
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(t / 1000) * 1000;
};

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (wall: Pick<WallClock, 'year' | 'month' | 'day'>): number => {
  const d = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  return d === 0 ? 7 : d;
};

/** "YYYY-MM-DD" plus `days` calendar days (no zone involved). */
export const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** Minutes since midnight of "HH:MM" (24:00 allowed as the end of a day), or null. */
export const minutesOf = (text: string): number | null => {
  const match = /^(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (m > 59 || h > 24 || (h === 24 && m > 0)) return null;
  return h * 60 + m;
};
