import { sql } from 'drizzle-orm';
import type { EnvScope } from '../../db/env-scope';
import { rowsOf } from '../../db/rows';

export type SlotInput = Readonly<{ roomId: string; from: Date; to: Date; status: string }>;
export type ConflictRow = Readonly<{ booking_id: string; room_id: string; starts: Date | string; ends: Date | string }>;
export type RecordData = Readonly<{ id: string; version: number; data: Record<string, unknown> }>;

/** Half-open range of two instants, as PostgreSQL reads it. */
const range = (from: Date, to: Date) =>
  sql`tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`;

/** Exclusion violation (23P01) or a deadlock between two conflicting inserts (40P01). */
export const isSlotConflict = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '23P01' || code === '40P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/** The only SQL of the bookings manager; every statement names the scope's environment (and RLS binds it). */
export const bookingsRepo = (scope: EnvScope) => {
  const { tx, envId } = scope;
  return {
    /**
     * Replaces the booking's slots inside a savepoint: when the exclusion constraint refuses a slot,
     * the transaction stays usable, so the caller can still ask who holds the room before the save
     * is rolled back. Savepoints by hand: on PostgreSQL the scope's `tx` is a drizzle client bound
     * to the connection, whose `transaction()` would send a second BEGIN, not a SAVEPOINT.
     */
    replaceSlots: async (bookingId: string, slots: SlotInput[]) => {
      await tx.execute(sql`savepoint booking_slots`);
      try {
        await tx.execute(sql`delete from booking_slots where env_id = ${envId} and booking_id = ${bookingId}`);
        for (const s of slots) {
          await tx.execute(sql`
            insert into booking_slots (env_id, booking_id, room_id, slot, status)
            values (${envId}, ${bookingId}, ${s.roomId}, ${range(s.from, s.to)}, ${s.status})`);
        }
      } catch (error) {
        await tx.execute(sql`rollback to savepoint booking_slots`);
        throw error;
      }
      await tx.execute(sql`release savepoint booking_slots`);
    },

    /** The status the projection holds for the booking (before this save), or null for a new one. */
    slotStatus: async (bookingId: string): Promise<string | null> =>
      rowsOf<{ status: string }>(
        await tx.execute(
          sql`select status from booking_slots where env_id = ${envId} and booking_id = ${bookingId} limit 1`,
        ),
      )[0]?.status ?? null,

    /** A confirmed booking of another record holding one of the rooms in the time. */
    conflictWith: async (
      bookingId: string,
      roomIds: string[],
      from: Date,
      to: Date,
    ): Promise<ConflictRow | undefined> =>
      roomIds.length === 0
        ? undefined
        : rowsOf<ConflictRow>(
            await tx.execute(sql`
          select booking_id, room_id, lower(slot) as starts, upper(slot) as ends from booking_slots
          where env_id = ${envId} and status = 'confirmed' and booking_id <> ${bookingId}
            and room_id in (${sql.join(
              roomIds.map((r) => sql`${r}::uuid`),
              sql`, `,
            )})
            and slot && ${range(from, to)}
          order by lower(slot) limit 1`),
          )[0],

    /** Rooms with these ids (of this environment: RLS and the env_id condition). */
    roomsByIds: async (ids: string[]): Promise<RecordData[]> =>
      ids.length === 0
        ? []
        : rowsOf<RecordData>(
            await tx.execute(sql`
              select id, version, data from records
              where env_id = ${envId} and type = 'bookingElement' and id in (${sql.join(
                ids.map((r) => sql`${r}::uuid`),
                sql`, `,
              )})`),
          ),

    /** How many bookings (not cancelled) hold or request the room. */
    bookingsInRoom: async (roomId: string): Promise<number> =>
      Number(
        rowsOf<{ n: number | string }>(
          await tx.execute(sql`select count(*) as n from booking_slots
            where env_id = ${envId} and room_id = ${roomId} and status <> 'cancelled'`),
        )[0]?.n ?? 0,
      ),

    /** Rooms of the environment, by name (the overview's rows). */
    rooms: async (limit: number): Promise<RecordData[]> =>
      rowsOf<RecordData>(
        await tx.execute(sql`
          select id, version, data from records
          where env_id = ${envId} and type = 'bookingElement'
          order by lower(data->>'name'), id limit ${limit}`),
      ),

    /** Bookings with a slot overlapping [from, to), cancelled ones left out: only what the overview shows. */
    bookingsBetween: async (from: Date, to: Date, limit: number): Promise<RecordData[]> =>
      rowsOf<RecordData>(
        await tx.execute(sql`
          select r.id, r.version, jsonb_build_object(
            'name', r.data->'name', 'event', r.data->'event', 'start', r.data->'start', 'end', r.data->'end',
            'status', r.data->'status', 'booking_table', r.data->'booking_table', 'rooms', r.data->'rooms',
            'guests', r.data->'guests', 'persons', case when jsonb_typeof(r.data->'persons') = 'array'
              then to_jsonb(array_fill(0, array[jsonb_array_length(r.data->'persons')])) end) as data
          from records r
          where r.env_id = ${envId} and r.type = 'booking' and r.id in (
            select s.booking_id from booking_slots s
            where s.env_id = ${envId} and s.status <> 'cancelled' and s.slot && ${range(from, to)})
          order by r.data->>'start', r.id limit ${limit}`),
      ),
  };
};
