import type { BookingStatus, OverviewBooking, OverviewRoom } from '@kontor/contract/api/bookings';
import { bookingStatuses } from '@kontor/contract/api/bookings';
import { newRecordId } from '@kontor/contract/api/records';
import { addDays, instantOf, productTimeZone } from '@kontor/contract/logic/zoned-time';
import type { EnvScope } from '../../db/env-scope';
import type { RecordsService } from '../../engine/records.service';
import { AppError } from '../../http/errors';
import { guestsOf, roomIdsOf, roomOf, statusOf } from './booking-rules';
import { bookingsRepo } from './bookings.repo';

/** More rooms than a calendar can show in rows; the overview lists the first by name. */
const maxRooms = 500;
/** A fortnight of the busiest environment; beyond, the overview shows the first by start. */
const maxBookings = 5_000;

const midnight = (day: string): Date => {
  const at = instantOf(`${day}T00:00`);
  if (!at.ok) throw new AppError('invalid');
  return at.instant;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The overview's rows and the bookings overlapping [from, from + days) in the product's zone. */
export const bookingsOverview = async (scope: EnvScope, from: string, days: number) => {
  const repo = bookingsRepo(scope);
  const start = midnight(from);
  const end = midnight(addDays(from, days));
  const [rooms, bookings] = [await repo.rooms(maxRooms), await repo.bookingsBetween(start, end, maxBookings)];
  return {
    rooms: rooms.map((r): OverviewRoom => {
      const room = roomOf(r.id, r.data);
      return {
        _id: r.id,
        name: room.name,
        capacity: room.capacity,
        is_active: room.isActive,
        opening_hours: [...room.openingHours],
      };
    }),
    bookings: bookings.map(
      (b): OverviewBooking => ({
        _id: b.id,
        version: b.version,
        name: text(b.data.name),
        event: text(b.data.event),
        start: text(b.data.start),
        end: text(b.data.end),
        status: (bookingStatuses as readonly string[]).includes(statusOf(b.data))
          ? (statusOf(b.data) as BookingStatus)
          : 'requested',
        rooms: roomIdsOf(b.data),
        guests: guestsOf(b.data),
      }),
    ),
    timeZone: productTimeZone,
  };
};

export type NewBooking = Readonly<{
  name: string;
  event?: string | undefined;
  start: string;
  end: string;
  room: string;
  guests?: number | null | undefined;
  status?: BookingStatus | undefined;
}>;

/** A booking made by staff in the overview: confirmed unless said otherwise, through the engine's save. */
export const createBooking = (records: RecordsService, input: NewBooking) =>
  records.save({
    type: 'booking',
    id: newRecordId,
    data: {
      name: input.name,
      event: input.event ?? '',
      start: input.start,
      end: input.end,
      booking_table: input.room,
      guests: input.guests ?? null,
      status: input.status ?? 'confirmed',
    },
  });

export type BookingChange = Readonly<{
  id: string;
  version: number;
  start?: string | undefined;
  end?: string | undefined;
  room?: { from: string; to: string } | undefined;
  status?: BookingStatus | undefined;
}>;

/**
 * Moves, resizes or changes the status of a booking: the stored values with the change applied,
 * saved through the engine (same rules, same hooks, same 409 on a stale version or a double booking).
 */
export const updateBooking = async (
  records: RecordsService,
  change: BookingChange,
  t: (k: 'bookings.roomNotInBooking') => string,
) => {
  const form = await records.load({ type: 'booking', id: change.id });
  const values: Record<string, unknown> = { ...form.values };
  if (change.start !== undefined) values.start = change.start;
  if (change.end !== undefined) values.end = change.end;
  if (change.status !== undefined) values.status = change.status;
  if (change.room && change.room.from !== change.room.to) {
    const { from, to } = change.room;
    const more = Array.isArray(values.rooms) ? (values.rooms as string[]) : [];
    if (values.booking_table === from) values.booking_table = to;
    else if (more.includes(from)) values.rooms = more.map((r) => (r === from ? to : r));
    else
      throw new AppError('invalid', {
        message: t('bookings.roomNotInBooking'),
        errors: { room: [t('bookings.roomNotInBooking')] },
      });
    values.rooms = ((values.rooms as string[] | undefined) ?? []).filter((r) => r !== values.booking_table);
  }
  return records.save({ type: 'booking', id: change.id, data: values, version: change.version });
};
