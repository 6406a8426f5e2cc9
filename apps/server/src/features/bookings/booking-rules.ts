import type { FieldErrors } from '@kontor/contract/call';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { parseLocalDateTime } from '@kontor/contract/logic/dates';
import { type DateFormat, formatDate } from '@kontor/contract/logic/number-format';
import { instantOf, isoWeekday, minutesOf } from '@kontor/contract/logic/zoned-time';

/** A booking longer than this is a typing mistake (a year instead of a day), not a stay. */
export const maxBookingDays = 31;

export type Room = Readonly<{
  id: string;
  name: string;
  capacity: number | null;
  isActive: boolean;
  openingHours: ReadonlyArray<{ weekday: string; from: string; to: string }>;
}>;

export const roomOf = (id: string, data: Record<string, unknown>): Room => ({
  id,
  name: typeof data.name === 'string' ? data.name : '',
  capacity: typeof data.capacity === 'number' ? data.capacity : null,
  isActive: data.is_active !== false,
  openingHours: Array.isArray(data.opening_hours)
    ? (data.opening_hours as Record<string, unknown>[]).map((h) => ({
        weekday: String(h.weekday ?? ''),
        from: String(h.from ?? ''),
        to: String(h.to ?? ''),
      }))
    : [],
});

/** The rooms a booking occupies: its room (booking_table) first, then the further rooms, each once. */
export const roomIdsOf = (data: Record<string, unknown>): string[] => {
  const main = typeof data.booking_table === 'string' && data.booking_table !== '' ? [data.booking_table] : [];
  const more = Array.isArray(data.rooms) ? data.rooms.filter((r): r is string => typeof r === 'string') : [];
  return [...new Set([...main, ...more])];
};

/** How many people a booking is for: the number typed, else the persons listed. */
export const guestsOf = (data: Record<string, unknown>): number | null =>
  typeof data.guests === 'number'
    ? data.guests
    : Array.isArray(data.persons) && data.persons.length > 0
      ? data.persons.length
      : null;

export const statusOf = (data: Record<string, unknown>): string =>
  typeof data.status === 'string' && data.status !== '' ? data.status : 'requested';

export type Times = Readonly<{ from: Date; to: Date }>;

/**
 * Start and end as instants, or field errors: a time the clocks skip, an end not after the start
 * (also zero length), a booking longer than `maxBookingDays`. Missing values are the type's
 * required rule's business (already reported).
 */
export const checkTimes = (
  data: Record<string, unknown>,
  errors: FieldErrors,
  t: Translate,
  dateFormat: DateFormat,
): Times | null => {
  if (errors.start || errors.end || typeof data.start !== 'string' || typeof data.end !== 'string') return null;
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  const start = instantOf(data.start);
  const end = instantOf(data.end);
  for (const [key, value, parsed] of [
    ['start', data.start, start],
    ['end', data.end, end],
  ] as const) {
    if (!parsed.ok) add(key, t('bookings.timeInGap', { date: formatDate(value, dateFormat) }));
  }
  if (!start.ok || !end.ok) return null;
  if (end.instant.getTime() <= start.instant.getTime()) {
    add('end', t('bookings.endBeforeStart'));
    return null;
  }
  if (end.instant.getTime() - start.instant.getTime() > maxBookingDays * 86_400_000) {
    add('end', t('bookings.tooLong', { days: maxBookingDays }));
    return null;
  }
  return { from: start.instant, to: end.instant };
};

const weekdayNames = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];

/**
 * Whether [start, end] (wall clock) lies inside one opening interval of the room on the start's
 * weekday. A room without opening hours is always open; a booking over midnight fits only a room
 * open until 24:00 and ending at midnight.
 */
export const openingProblem = (room: Room, start: string, end: string, t: Translate): string | null => {
  if (room.openingHours.length === 0) return null;
  const s = parseLocalDateTime(start);
  const e = parseLocalDateTime(end);
  if (!s || !e) return null;
  const weekday = isoWeekday(s);
  const sameDay = s.year === e.year && s.month === e.month && s.day === e.day;
  const startMin = s.hour * 60 + s.minute;
  const endMin = sameDay ? e.hour * 60 + e.minute : e.hour === 0 && e.minute === 0 ? 1440 : Number.POSITIVE_INFINITY;
  const nextDay = new Date(Date.UTC(s.year, s.month - 1, s.day + 1));
  const endsNextMidnight =
    sameDay ||
    (nextDay.getUTCFullYear() === e.year && nextDay.getUTCMonth() + 1 === e.month && nextDay.getUTCDate() === e.day);
  const intervals = room.openingHours.filter((h) => h.weekday === String(weekday));
  const fits =
    endsNextMidnight &&
    intervals.some((h) => {
      const from = minutesOf(h.from);
      const to = minutesOf(h.to);
      return from !== null && to !== null && from <= startMin && endMin <= to;
    });
  if (fits) return null;
  const day = weekdayNames[weekday - 1] ?? '';
  const hours =
    intervals.length === 0
      ? `${day} ${t('bookings.closedOnDay')}`
      : `${day} ${intervals.map((h) => `${h.from}–${h.to}`).join(', ')}`;
  return t('bookings.outsideOpeningHours', { room: room.name, hours });
};

/** Persons over the rooms' places together; a room without a number of places does not limit. */
export const capacityProblem = (rooms: Room[], guests: number | null, t: Translate): string | null => {
  if (guests === null || rooms.length === 0 || rooms.some((r) => r.capacity === null)) return null;
  const capacity = rooms.reduce((sum, r) => sum + (r.capacity ?? 0), 0);
  return guests > capacity ? t('bookings.overCapacity', { guests, capacity }) : null;
};

/** The room's opening hours: "HH:MM", "Bis" after "Von" (24:00 ends the day). */
export const checkOpeningHours = (data: Record<string, unknown>, errors: FieldErrors, t: Translate): void => {
  if (!Array.isArray(data.opening_hours)) return;
  (data.opening_hours as Record<string, unknown>[]).forEach((h, i) => {
    const path = `opening_hours[${i}]`;
    const from = typeof h.from === 'string' ? minutesOf(h.from) : null;
    const to = typeof h.to === 'string' ? minutesOf(h.to) : null;
    if (h.from && from === null && !errors[`${path}.from`]) errors[`${path}.from`] = [t('bookings.timeFormat')];
    if (h.to && to === null && !errors[`${path}.to`]) errors[`${path}.to`] = [t('bookings.timeFormat')];
    if (from !== null && to !== null && to <= from) errors[`${path}.to`] = [t('bookings.openingOrder')];
  });
};
