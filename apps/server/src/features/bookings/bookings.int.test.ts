import * as api from '@kontor/contract/api/bookings';
import * as recordsApi from '@kontor/contract/api/records';
import { translator } from '@kontor/contract/i18n/catalogs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { expectForeignEnvRefused, sharedEnvPair } from '../../../test/cross-tenant';
import { startTestApp } from '../../../test/harness';
import { inEnv } from '../../../test/records';
import { rowsOf } from '../../db/rows';

const de = translator('de_sie');
const t = await startTestApp();
afterAll(() => t.close());
const { alpha, beta } = await sharedEnvPair(t);
type Caller = typeof alpha;

const saveRoom = async (u: Caller, data: Record<string, unknown>) =>
  t.call(recordsApi.saveRecord, { _env: u.env, type: 'bookingElement', id: 'new', data }, u.token);

const newRoom = async (u: Caller, data: Record<string, unknown> = {}) => {
  const res = await saveRoom(u, { name: `Saal ${Math.random().toString(36).slice(2, 7)}`, is_active: true, ...data });
  expectOk(res);
  return res.body.data?.key as string;
};

const book = (u: Caller, room: string, start: string, end: string, extra: Partial<api.NewBookingBody> = {}) =>
  t.call(api.createBooking, { _env: u.env, name: 'Familie Kaya', room, start, end, ...extra }, u.token);

/** The projection as the database holds it: room, status and the range's length in minutes. */
const slotsOf = (u: Caller, bookingId: string) =>
  inEnv(t, u.env, async (scope) =>
    rowsOf<{ room_id: string; status: string; minutes: number; starts: Date }>(
      await scope.tx.execute(sql`
        select room_id, status, lower(slot) as starts,
          (extract(epoch from upper(slot) - lower(slot)) / 60)::int as minutes
        from booking_slots where booking_id = ${bookingId}`),
    ),
  );

describe('rooms', () => {
  test('opening hours must be times, "Bis" after "Von"', async () => {
    const res = await saveRoom(alpha, {
      name: 'Terrasse',
      opening_hours: [
        { weekday: '1', from: '9:00', to: '18:00' },
        { weekday: '2', from: '18:00', to: '10:00' },
      ],
    });
    expectRefused(res, 400);
    expect(res.body.errors?.['opening_hours[0].from']).toEqual([de('bookings.timeFormat')]);
    expect(res.body.errors?.['opening_hours[1].to']).toEqual([de('bookings.openingOrder')]);
  });
});

describe('no double booking, by the database', () => {
  test('a confirmed overlap is refused with 409 naming the other booking’s time; touching is fine', async () => {
    const room = await newRoom(alpha, { name: 'Wintergarten' });
    const first = await book(alpha, room, '2026-11-23T18:00', '2026-11-23T20:00');
    expectOk(first);
    const clash = await book(alpha, room, '2026-11-23T19:00', '2026-11-23T21:00');
    expectRefused(clash, 409);
    expect(clash.body.code).toBe('conflict');
    expect(clash.body.message).toBe(
      'Der Raum „Wintergarten“ ist von 23.11.2026 18:00 bis 23.11.2026 20:00 bereits gebucht.',
    );
    expectOk(await book(alpha, room, '2026-11-23T20:00', '2026-11-23T22:00'));
    // A request does not hold the room; confirming it does, and is refused the same way.
    const request = await book(alpha, room, '2026-11-23T17:00', '2026-11-23T19:00', { status: 'requested' });
    expectOk(request);
    const confirm = await t.call(
      api.updateBooking,
      { _env: alpha.env, id: request.body.data?.key as string, version: 1, status: 'confirmed' },
      alpha.token,
    );
    expectRefused(confirm, 409);
    expect(confirm.body.message).toContain('18:00 bis 23.11.2026 20:00');
    // Nothing of the refused saves was kept: the request stays requested.
    expect((await slotsOf(alpha, request.body.data?.key as string)).map((s) => s.status)).toEqual(['requested']);
    expect(await slotsOf(alpha, clash.body.data?.key ?? '00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  test('the constraint holds even for a write that skips the application', async () => {
    const room = await newRoom(alpha);
    const a = await book(alpha, room, '2026-12-01T10:00', '2026-12-01T12:00');
    const b = await book(alpha, room, '2026-12-01T12:00', '2026-12-01T14:00');
    expectOk(a);
    expectOk(b);
    await expect(
      inEnv(t, alpha.env, (scope) =>
        scope.tx.execute(sql`update booking_slots set slot = tstzrange(lower(slot) - interval '1 hour', upper(slot))
          where booking_id = ${b.body.data?.key as string}`),
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) });
  });

  test('moving a booking into another’s time is refused; into free time it moves', async () => {
    const room = await newRoom(alpha);
    const other = await newRoom(alpha);
    expectOk(await book(alpha, room, '2026-12-02T10:00', '2026-12-02T12:00'));
    const mine = await book(alpha, other, '2026-12-02T10:00', '2026-12-02T12:00');
    const id = mine.body.data?.key as string;
    const into = await t.call(
      api.updateBooking,
      { _env: alpha.env, id, version: 1, room: { from: other, to: room } },
      alpha.token,
    );
    expectRefused(into, 409);
    const later = await t.call(
      api.updateBooking,
      {
        _env: alpha.env,
        id,
        version: 1,
        room: { from: other, to: room },
        start: '2026-12-02T12:00',
        end: '2026-12-02T13:30',
      },
      alpha.token,
    );
    expectOk(later);
    expect((await slotsOf(alpha, id)).map((s) => [s.room_id, s.minutes])).toEqual([[room, 90]]);
    const stale = await t.call(
      api.updateBooking,
      { _env: alpha.env, id, version: 1, end: '2026-12-02T14:00' },
      alpha.token,
    );
    expectRefused(stale, 409);
    expect(stale.body.code).toBe('stale_version');
    const notMine = await t.call(
      api.updateBooking,
      { _env: alpha.env, id, version: 2, room: { from: other, to: room } },
      alpha.token,
    );
    expectRefused(notMine, 400);
    expect(notMine.body.message).toBe(de('bookings.roomNotInBooking'));
  });

  test('200 simultaneous confirmations of one slot: exactly one wins, the rest get 409', async () => {
    const room = await newRoom(alpha, { name: 'Festsaal' });
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await book(alpha, room, '2026-12-24T18:00', '2026-12-24T23:00', { status: 'requested' });
      expectOk(res);
      ids.push(res.body.data?.key as string);
    }
    const answers = await Promise.all(
      ids.map((id) => t.call(api.updateBooking, { _env: alpha.env, id, version: 1, status: 'confirmed' }, alpha.token)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    const confirmed = await inEnv(t, alpha.env, async (scope) =>
      rowsOf<{ n: number }>(
        await scope.tx.execute(sql`select count(*)::int as n from records
          where type = 'booking' and data->>'status' = 'confirmed' and data->>'booking_table' = ${room}`),
      ),
    );
    expect(confirmed[0]?.n).toBe(1);
  }, 120_000);
});

describe('rooms with bookings', () => {
  test('a room with bookings is not removed; without, it is', async () => {
    const room = await newRoom(alpha, { name: 'Terrasse' });
    const booked = await book(alpha, room, '2026-12-05T12:00', '2026-12-05T14:00');
    expectOk(booked);
    const refused = await t.call(
      recordsApi.removeRecord,
      { _env: alpha.env, type: 'bookingElement', id: room },
      alpha.token,
    );
    expectRefused(refused, 409);
    expect(refused.body.message).toBe(
      'Der Raum hat noch Buchungen (1). Bitte verschieben oder stornieren Sie diese zuerst.',
    );
    const cancel = await t.call(
      api.updateBooking,
      { _env: alpha.env, id: booked.body.data?.key as string, version: 1, status: 'cancelled' },
      alpha.token,
    );
    expectOk(cancel);
    expectOk(await t.call(recordsApi.removeRecord, { _env: alpha.env, type: 'bookingElement', id: room }, alpha.token));
  });
});

describe('bad input', () => {
  test('end before start and zero length are field errors', async () => {
    const room = await newRoom(alpha);
    const backwards = await book(alpha, room, '2026-11-23T18:00', '2026-11-23T17:00');
    expectRefused(backwards, 400);
    expect(backwards.body.errors?.end).toEqual([de('bookings.endBeforeStart')]);
    const empty = await book(alpha, room, '2026-11-23T18:00', '2026-11-23T18:00');
    expectRefused(empty, 400);
    expect(empty.body.errors?.end).toEqual([de('bookings.endBeforeStart')]);
    const calendar = await book(alpha, room, '2026-02-30T18:00', '2026-03-01T18:00');
    expectRefused(calendar, 400);
    expect(calendar.body.errors?.start).toBeDefined();
    const tooLong = await book(alpha, room, '2026-01-01T18:00', '2026-03-01T18:00');
    expectRefused(tooLong, 400);
    expect(tooLong.body.errors?.end).toEqual([de('bookings.tooLong', { days: 31 })]);
  });

  test('more guests than places, and an inactive room', async () => {
    const room = await newRoom(alpha, { capacity: 10 });
    const crowd = await book(alpha, room, '2026-11-25T18:00', '2026-11-25T20:00', { guests: 12 });
    expectRefused(crowd, 400);
    expect(crowd.body.errors?.guests).toEqual(['Für 12 Personen reichen die Plätze nicht: höchstens 10.']);
    expectOk(await book(alpha, room, '2026-11-25T18:00', '2026-11-25T20:00', { guests: 10 }));
    const closed = await newRoom(alpha, { name: 'Keller', is_active: false });
    const inactive = await book(alpha, closed, '2026-11-25T18:00', '2026-11-25T20:00');
    expectRefused(inactive, 400);
    expect(inactive.body.errors?.booking_table).toEqual(['Der Raum „Keller“ ist nicht aktiv.']);
  });

  test('opening hours: inside is fine, beyond or on a closed day is refused', async () => {
    const room = await newRoom(alpha, {
      name: 'Bistro',
      opening_hours: [
        { weekday: '1', from: '10:00', to: '22:00' },
        { weekday: '6', from: '18:00', to: '24:00' },
      ],
    });
    // 2026-11-23 is a Monday, 2026-11-24 a Tuesday, 2026-11-28 a Saturday.
    expectOk(await book(alpha, room, '2026-11-23T10:00', '2026-11-23T22:00'));
    const late = await book(alpha, room, '2026-11-23T21:00', '2026-11-23T23:00', { status: 'requested' });
    expectRefused(late, 400);
    expect(late.body.errors?.start).toEqual([
      'Der Raum „Bistro“ ist zu dieser Zeit nicht geöffnet (Montag 10:00–22:00).',
    ]);
    const tuesday = await book(alpha, room, '2026-11-24T12:00', '2026-11-24T13:00');
    expect(tuesday.body.errors?.start).toEqual([
      'Der Raum „Bistro“ ist zu dieser Zeit nicht geöffnet (Dienstag geschlossen).',
    ]);
    expectOk(await book(alpha, room, '2026-11-28T20:00', '2026-11-29T00:00'));
  });

  test('DST: a skipped time is refused; a booking over the change has its real length', async () => {
    const room = await newRoom(alpha);
    const gap = await book(alpha, room, '2026-03-29T02:30', '2026-03-29T04:00');
    expectRefused(gap, 400);
    expect(gap.body.errors?.start).toEqual([
      'Diese Uhrzeit gibt es am 29.03.2026 wegen der Umstellung auf Sommerzeit nicht.',
    ]);
    const spring = await book(alpha, room, '2026-03-29T01:00', '2026-03-29T04:00');
    expectOk(spring);
    const [slot] = await slotsOf(alpha, spring.body.data?.key as string);
    expect(slot?.minutes).toBe(120);
    expect(new Date(slot?.starts as Date).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    const clash = await book(alpha, room, '2026-03-29T03:30', '2026-03-29T05:00');
    expectRefused(clash, 409);
    expect(clash.body.message).toBe(
      `Der Raum „${(await overview(alpha, '2026-03-29')).rooms.find((r) => r._id === room)?.name}“ ist von 29.03.2026 01:00 bis 29.03.2026 04:00 bereits gebucht.`,
    );
    const autumn = await book(alpha, room, '2026-10-25T01:00', '2026-10-25T04:00');
    expectOk(autumn);
    expect((await slotsOf(alpha, autumn.body.data?.key as string))[0]?.minutes).toBe(240);
  });
});

const overview = async (u: Caller, from: string, days = 7) => {
  const res = await t.call(api.bookingsOverview, { _env: u.env, from, days }, u.token);
  expectOk(res);
  return res.body.data as NonNullable<typeof res.body.data>;
};

describe('the overview', () => {
  test('rooms and the bookings overlapping the window, cancelled ones left out', async () => {
    const room = await newRoom(alpha, { name: 'Aaa Overview' });
    const inside = await book(alpha, room, '2027-01-04T09:00', '2027-01-04T11:00', { guests: 4 });
    const before = await book(alpha, room, '2027-01-03T22:00', '2027-01-04T01:00');
    const after = await book(alpha, room, '2027-01-11T00:00', '2027-01-11T02:00');
    const cancelled = await book(alpha, room, '2027-01-05T09:00', '2027-01-05T11:00', { status: 'cancelled' });
    const data = await overview(alpha, '2027-01-04');
    const ids = data.bookings.map((b) => b._id);
    expect(ids).toContain(inside.body.data?.key);
    expect(ids).toContain(before.body.data?.key);
    expect(ids).not.toContain(after.body.data?.key);
    expect(ids).not.toContain(cancelled.body.data?.key);
    expect(data.bookings.find((b) => b._id === inside.body.data?.key)).toMatchObject({
      start: '2027-01-04T09:00',
      end: '2027-01-04T11:00',
      status: 'confirmed',
      rooms: [room],
      guests: 4,
      version: 1,
    });
    expect(data.rooms.some((r) => r._id === room && r.name === 'Aaa Overview')).toBe(true);
    expect(data.timeZone).toBe('Europe/Berlin');
  });

  test('a window beyond the limit is refused', async () => {
    const res = await t.call(api.bookingsOverview, { _env: alpha.env, from: '2027-01-04', days: 15 }, alpha.token);
    expectRefused(res, 400);
    expect(res.body.errors?.days).toBeDefined();
  });
});

describe('one environment never reaches another’s bookings', () => {
  test('every bookings call refuses a foreign environment', async () => {
    const room = await newRoom(alpha);
    await expectForeignEnvRefused(t, api.bookingsOverview, { from: '2026-11-23', days: 7 });
    await expectForeignEnvRefused(
      t,
      api.createBooking,
      { name: 'X', room, start: '2026-11-30T10:00', end: '2026-11-30T11:00' },
      { mode: 'write' },
    );
    const mine = await book(alpha, room, '2026-11-30T12:00', '2026-11-30T13:00');
    await expectForeignEnvRefused(
      t,
      api.updateBooking,
      { id: mine.body.data?.key as string, version: 1, status: 'cancelled' },
      { mode: 'write' },
    );
  });

  test('a room or booking of the other environment is not found, and nothing of theirs changes', async () => {
    const theirRoom = await newRoom(beta, { name: 'Beta-Saal' });
    const theirs = await book(beta, theirRoom, '2026-11-30T10:00', '2026-11-30T12:00');
    expectOk(theirs);
    const intoTheirRoom = await book(alpha, theirRoom, '2026-11-30T10:00', '2026-11-30T12:00');
    expectRefused(intoTheirRoom, 400);
    expect(intoTheirRoom.body.errors?.booking_table).toEqual([de('records.modelNotFound')]);
    const change = await t.call(
      api.updateBooking,
      { _env: alpha.env, id: theirs.body.data?.key as string, version: 1, status: 'cancelled' },
      alpha.token,
    );
    expectRefused(change, 404);
    const seen = await overview(alpha, '2026-11-30');
    expect(seen.rooms.map((r) => r._id)).not.toContain(theirRoom);
    expect(seen.bookings.map((b) => b._id)).not.toContain(theirs.body.data?.key);
    const theirView = await overview(beta, '2026-11-30');
    expect(theirView.bookings.find((b) => b._id === theirs.body.data?.key)?.status).toBe('confirmed');
    expect(await slotsOf(alpha, theirs.body.data?.key as string)).toEqual([]);
  });
});
