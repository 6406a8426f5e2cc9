import type { OverviewBooking, OverviewRoom } from '@kontor/contract/api/bookings';
import { minutesOf } from '@kontor/contract/logic/zoned-time';
import { addDaysTo } from './booking-labels';
import { dayMinutes, minutesFrom, weekdayOf } from './timeline-math';

type Span = Readonly<{ start: number; end: number }>;

/** A new booking's length until the user says otherwise. */
export const defaultBookingMinutes = 120;
/** Where a room without opening hours is searched: a bookable day, not the small hours. */
const unlistedHours: Span = { start: 8 * 60, end: dayMinutes };

/** The room's open hours of one day in minutes of that day; a room without opening hours: 08–24. */
const openHours = (room: OverviewRoom, day: string): Span[] => {
  if (room.opening_hours.length === 0) return [unlistedHours];
  const weekday = String(weekdayOf(day));
  return room.opening_hours
    .filter((h) => h.weekday === weekday)
    .map((h) => ({ start: minutesOf(h.from) ?? 0, end: minutesOf(h.to) || dayMinutes }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
};

/**
 * The first free `length` minutes of a room (issue 31 item 6), on full hours from `earliest`
 * (minutes from `from`'s midnight) within the shown `days`: inside the room's opening hours and
 * clear of its bookings (cancelled ones hold nothing). Null when the shown days have none.
 */
export const nextOpenSlot = (args: {
  room: OverviewRoom;
  bookings: readonly OverviewBooking[];
  from: string;
  days: number;
  earliest: number;
  length?: number;
}): Span | null => {
  const { room, bookings, from, days, earliest, length = defaultBookingMinutes } = args;
  const busy = bookings
    .filter((b) => b.status !== 'cancelled' && b.rooms.includes(room._id))
    .map((b) => ({ start: minutesFrom(from, b.start), end: minutesFrom(from, b.end) }))
    .filter((s): s is Span => s.start !== null && s.end !== null);
  const first = Math.ceil(Math.max(0, earliest) / 60) * 60;
  for (let day = Math.floor(first / dayMinutes); day < days; day++) {
    const base = day * dayMinutes;
    for (const open of openHours(room, addDaysTo(from, day))) {
      const startAt = Math.max(base + Math.ceil(open.start / 60) * 60, first);
      for (let start = startAt; start + length <= base + open.end; start += 60) {
        const end = start + length;
        if (!busy.some((b) => b.start < end && b.end > start)) return { start, end };
      }
    }
  }
  return null;
};
