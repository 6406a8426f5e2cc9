import { dateKey, parseLocalDateTime, wallClock } from '@kontor/contract/logic/dates';
import { addDays, isoWeekday } from '@kontor/contract/logic/zoned-time';

/**
 * The overview works in wall-clock minutes of the product's zone, counted from the first shown
 * day's midnight: a booking's "2026-11-23T18:00" is where a calendar on the wall shows it, with
 * no browser time zone involved (the server turns wall clocks into instants).
 */

export const dayMinutes = 1440;

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes from `from`'s midnight to the wall-clock time; null for unreadable text. */
export const minutesFrom = (from: string, wall: string): number | null => {
  const w = parseLocalDateTime(wall);
  const f = parseLocalDateTime(from);
  if (!w || !f) return null;
  const days = Math.round((Date.UTC(w.year, w.month - 1, w.day) - Date.UTC(f.year, f.month - 1, f.day)) / 86_400_000);
  return days * dayMinutes + w.hour * 60 + w.minute;
};

/** The wall-clock text `minutes` after `from`'s midnight: "2026-11-23T18:30". */
export const wallAt = (from: string, minutes: number): string => {
  const day = Math.floor(minutes / dayMinutes);
  const rest = minutes - day * dayMinutes;
  return `${addDays(from, day)}T${pad(Math.floor(rest / 60))}:${pad(rest % 60)}`;
};

/** "18:30" of a wall-clock text. */
export const timeOf = (wall: string): string => wall.slice(11, 16);

/** The Monday of the week `day` lies in (German weeks start on Monday). */
export const mondayOf = (day: string): string => {
  const w = parseLocalDateTime(day);
  return w ? addDays(day, 1 - isoWeekday(w)) : day;
};

/** Today and the minute of the day on the product zone's wall clock. */
export const nowOnWall = (now = new Date()): { day: string; minute: number } => {
  const w = wallClock(now);
  return w ? { day: dateKey(w), minute: w.hour * 60 + w.minute } : { day: now.toISOString().slice(0, 10), minute: 0 };
};

/** Rounds to the nearest multiple of `step` minutes. */
export const snap = (minutes: number, step: number): number => Math.round(minutes / step) * step;

type Span = Readonly<{ start: number; end: number }>;

/** The part of [start, end) inside [0, length), or null when it lies outside. */
export const clip = (span: Span, length: number): Span | null => {
  const start = Math.max(0, span.start);
  const end = Math.min(length, span.end);
  return end > start ? { start, end } : null;
};

/** Short weekday names, Monday first, for day headers. */
export const weekdayShort = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];

export const weekdayOf = (day: string): number => {
  const w = parseLocalDateTime(day);
  return w ? isoWeekday(w) : 1;
};

/** The room column's width in pixels (bookings.module.css `.corner`, `.roomCell`). */
export const roomColumnWidth = 170;

/**
 * Pixels per hour so that `days` whole days fit beside the room column in `width` pixels (issue 31
 * item 6: the whole week at 1280 px); `fallback` until the width is known, never below `min`.
 */
export const fitHourWidth = (width: number, days: number, fallback: number, min = 3): number =>
  width > 0 ? Math.max(min, (width - roomColumnWidth - 2) / (days * 24)) : fallback;

/** A week's day header needs no year (the range above names it): "23.11.2026" → "23.11.", "2026-11-23" → "11-23". */
export const withoutYear = (shown: string): string =>
  /^\d{2}\.\d{2}\.\d{4}$/.test(shown) ? shown.slice(0, 6) : /^\d{4}-\d{2}-\d{2}$/.test(shown) ? shown.slice(5) : shown;
