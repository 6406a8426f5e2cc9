import { customType, foreignKey, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { records } from '../../engine/records.table';

/** PostgreSQL's range of instants, as its text form ("[\"2026-01-01 10:00:00+00\",…)"). */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

/**
 * One row per room a booking occupies: the projection the exclusion constraint of migration 0017
 * guards (confirmed rows of one room never overlap). Written only by bookings.record-hooks.ts, in
 * the transaction of the booking's save. A tenant table under Row Level Security.
 */
export const bookingSlots = pgTable(
  'booking_slots',
  {
    envId: uuid('env_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    roomId: uuid('room_id').notNull(),
    slot: tstzrange('slot').notNull(),
    status: text('status').notNull(),
  },
  (t) => [
    primaryKey({ name: 'booking_slots_pk', columns: [t.envId, t.bookingId, t.roomId] }),
    foreignKey({
      name: 'booking_slots_booking_fk',
      columns: [t.envId, t.bookingId],
      foreignColumns: [records.envId, records.id],
    }).onDelete('cascade'),
  ],
);
