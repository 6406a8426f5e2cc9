import { z } from 'zod';
import { call, envScoped, id } from '../call';

/**
 * The bookings manager's calls (issue 14). Times travel as the wall clock of the product's zone
 * (Europe/Berlin), "YYYY-MM-DDTHH:mm", exactly as a `datetime` field stores them; the server turns
 * them into instants for the exclusion constraint (docs/decisions.md "Bookings").
 */

export const bookingStatuses = ['requested', 'confirmed', 'cancelled'] as const;
export const bookingStatusSchema = z.enum(bookingStatuses);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/** "2026-03-29": the first day the overview shows. */
const day = z
  .string()
  .trim()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/);
/** "2026-03-29T14:30": a wall-clock time; the server checks the calendar and the zone's gaps. */
const wallTime = z
  .string()
  .trim()
  .max(19)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/);

/** The longest window one overview call may ask for (a week view plus a margin). */
const maxOverviewDays = 14;

const openingHoursSchema = z.object({ weekday: z.string(), from: z.string(), to: z.string() });

export const overviewRoomSchema = z.object({
  _id: z.string(),
  name: z.string(),
  capacity: z.number().int().nullable(),
  is_active: z.boolean(),
  opening_hours: z.array(openingHoursSchema),
});
export type OverviewRoom = z.infer<typeof overviewRoomSchema>;

export const overviewBookingSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  name: z.string(),
  event: z.string(),
  start: z.string(),
  end: z.string(),
  status: bookingStatusSchema,
  /** The main room (booking_table) first, then the further rooms. */
  rooms: z.array(z.string()),
  guests: z.number().int().nullable(),
});
export type OverviewBooking = z.infer<typeof overviewBookingSchema>;

/** The rooms and every booking overlapping [from, from + days). */
export const bookingsOverview = call('/api/bookings/overview', {
  body: envScoped({ from: day, days: z.number().int().min(1).max(maxOverviewDays) }),
  data: z.object({
    rooms: z.array(overviewRoomSchema),
    bookings: z.array(overviewBookingSchema),
    timeZone: z.string(),
  }),
});

const saved = z.object({ key: z.string(), version: z.number().int() });

/** A booking made in the overview (a dragged free slot): the generic form edits the rest. */
export const createBooking = call('/api/bookings/create', {
  body: envScoped({
    name: z.string().max(200),
    event: z.string().max(200).optional(),
    start: wallTime,
    end: wallTime,
    room: id,
    guests: z.number().int().min(1).max(100_000).nullable().optional(),
    status: bookingStatusSchema.optional(),
  }),
  data: saved,
});

export type NewBookingBody = Omit<z.input<typeof createBooking.body>, '_env'>;

/** Moves, resizes or confirms a booking; `version` is the one the overview showed (stale → 409). */
export const updateBooking = call('/api/bookings/update', {
  body: envScoped({
    id,
    version: z.number().int().min(1).max(2_147_483_647),
    start: wallTime.optional(),
    end: wallTime.optional(),
    /** Moves the booking from room `from` to room `to` (a drag across rows). */
    room: z.object({ from: id, to: id }).optional(),
    status: bookingStatusSchema.optional(),
  }),
  data: saved,
});
