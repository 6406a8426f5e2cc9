import * as api from '@kontor/contract/api/bookings';
import { instantOf } from '@kontor/contract/logic/zoned-time';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import pg from 'pg';
import { baseTypes } from '../apps/server/src/engine/base-types/registry';
import { userWithEnvironment } from '../apps/server/test/fixtures';
import { startTestApp } from '../apps/server/test/harness';
import { bulkInsertRecords, envIdOf, inEnv } from '../apps/server/test/records';

/**
 * `npx tsx bench/bookings.ts` (issue 14 item 7). Two numbers:
 * 1. the week view's call (`bookings/overview`, 7 days) with 50 rooms and 2,000 bookings: p99
 *    over BOOKINGS_RUNS calls (default 300), beside a same-run baseline — a bare Fastify route in
 *    this process running the overview's two statements straight on the database as its owner
 *    (no session, no membership, no Row Level Security transaction, no envelope, no answer
 *    schema), as bench/bare-server.ts does for lists — and their ratio; target p99 ≤ 50 ms;
 * 2. 200 parallel confirmations of 200 requests for the same slot of one room: the time until all
 *    are answered (target ≤ 2 s) and the winners (exactly one).
 * PGlite by default; with TEST_DATABASE_URL on PostgreSQL.
 */
const runs = Number(process.env.BOOKINGS_RUNS ?? 300);
const log = (line: string) => console.log(line);
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const week = { from: '2027-03-08', days: 7 };

const t = await startTestApp();
try {
  const owner = await userWithEnvironment(t, 'Bench Buchungen GmbH', 'gastronomy');
  const envId = await envIdOf(t, owner.env);
  const roomType = baseTypes.get('bookingElement');
  const bookingType = baseTypes.get('booking');
  if (!roomType || !bookingType) throw new Error('base types missing');

  // 50 rooms, 2,000 confirmed bookings over four weeks (40 per room, none overlapping).
  const roomIds = await bulkInsertRecords(
    t,
    owner.env,
    roomType,
    Array.from({ length: 50 }, (_, i) => ({
      name: `Raum ${String(i + 1).padStart(2, '0')}`,
      is_active: true,
      capacity: 40,
    })),
  );
  const day = (n: number) => `2027-03-${String(1 + n).padStart(2, '0')}`;
  const bookings = Array.from({ length: 2000 }, (_, i) => {
    const k = Math.floor(i / 50);
    const date = k < 28 ? day(k % 28) : day((k - 28) * 2);
    const [from, to] = k < 28 ? ['12:00', '14:00'] : ['18:00', '21:00'];
    return {
      name: `Gast ${i + 1}`,
      start: `${date}T${from}`,
      end: `${date}T${to}`,
      status: 'confirmed',
      booking_table: roomIds[i % 50],
      guests: 4,
    };
  });
  await bulkInsertRecords(t, owner.env, bookingType, bookings);
  const project = (where: SQL) =>
    inEnv(t, owner.env, (scope) =>
      scope.tx.execute(sql`
        insert into booking_slots (env_id, booking_id, room_id, slot, status)
        select env_id, id, (data->>'booking_table')::uuid,
          tstzrange((data->>'start')::timestamp at time zone 'Europe/Berlin', (data->>'end')::timestamp at time zone 'Europe/Berlin', '[)'),
          data->>'status'
        from records where type = 'booking' and ${where}`),
    );
  await project(sql`true`);
  await t.deps.database.analyze();

  // The baseline: the same two statements, bare.
  const dialect = new PgDialect();
  const owned = t.ownerUrl ? new pg.Pool({ connectionString: t.ownerUrl, max: 4 }) : undefined;
  const raw = async (statement: SQL) => {
    if (!owned) return (await t.asSuperuser(statement)).rows;
    const q = dialect.sqlToQuery(statement);
    return (await owned.query(q.sql, q.params)).rows;
  };
  const bare = Fastify({ logger: false });
  bare.post('/bare/bookings', async (req) => {
    const body = req.body as { from: string; days: number };
    const from = instantOf(`${body.from}T00:00`);
    const to = instantOf(`2027-03-${String(8 + body.days).padStart(2, '0')}T00:00`);
    if (!from.ok || !to.ok) throw new Error('bad window');
    const range = sql`tstzrange(${from.instant.toISOString()}::timestamptz, ${to.instant.toISOString()}::timestamptz, '[)')`;
    const rooms = await raw(sql`select id, version, data from records
      where env_id = ${envId} and type = 'bookingElement' order by lower(data->>'name'), id limit 500`);
    const rows = await raw(sql`select r.id, r.version, r.data from records r
      where r.env_id = ${envId} and r.type = 'booking' and r.id in (
        select s.booking_id from booking_slots s where s.env_id = ${envId} and s.status <> 'cancelled' and s.slot && ${range})
      order by r.data->>'start', r.id limit 5000`);
    return { rooms, bookings: rows };
  });
  await bare.ready();

  const time = async (call: () => Promise<{ statusCode: number }>) => {
    for (let i = 0; i < 10; i++) await call(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const res = await call();
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`call failed: ${res.statusCode}`);
    }
    return times.sort((a, b) => a - b);
  };
  // t.post, not t.call: the harness's check of the answer against the contract is no part of the product.
  const product = await time(() => t.post(api.bookingsOverview.path, { _env: owner.env, ...week }, owner.token));
  const baseline = await time(() => bare.inject({ method: 'POST', url: '/bare/bookings', payload: week }));
  const shown = await t.call(api.bookingsOverview, { _env: owner.env, ...week }, owner.token);
  const p99 = quantile(product, 0.99);
  const b99 = quantile(baseline, 0.99);
  log(
    `database: ${t.ownerUrl ? 'PostgreSQL' : 'PGlite'}; 50 rooms, 2,000 bookings; the week shows ${shown.body.data?.bookings.length} bookings`,
  );
  log(
    `week view   p50 ${quantile(product, 0.5).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms (target ≤ 50 ms: ${p99 <= 50 ? 'met' : 'MISSED'})`,
  );
  log(`bare route  p50 ${quantile(baseline, 0.5).toFixed(1)} ms  p99 ${b99.toFixed(1)} ms`);
  log(`ratio p99 product / bare: ${(p99 / b99).toFixed(2)}`);

  // 200 requests for the same slot, confirmed all at once.
  const room = roomIds[0] as string;
  const requests = Array.from({ length: 200 }, (_, i) => ({
    name: `Anfrage ${i + 1}`,
    start: '2027-04-01T18:00',
    end: '2027-04-01T22:00',
    status: 'requested',
    booking_table: room,
  }));
  const requestIds = await bulkInsertRecords(t, owner.env, bookingType, requests);
  await project(sql`data->>'status' = 'requested'`);
  const started = performance.now();
  const answers = await Promise.all(
    requestIds.map((id) =>
      t.call(api.updateBooking, { _env: owner.env, id, version: 1, status: 'confirmed' }, owner.token),
    ),
  );
  const elapsed = performance.now() - started;
  const winners = answers.filter((a) => a.statusCode === 200).length;
  const refused = answers.filter((a) => a.statusCode === 409).length;
  log(
    `200 parallel confirmations: ${elapsed.toFixed(0)} ms (target ≤ 2,000 ms: ${elapsed <= 2000 ? 'met' : 'MISSED'}), ` +
      `${winners} confirmed, ${refused} refused with 409, ${200 - winners - refused} other (${winners === 1 ? 'exactly one winner' : 'WRONG'})`,
  );
  await owned?.end();
  await bare.close();
} finally {
  await t.close();
}
