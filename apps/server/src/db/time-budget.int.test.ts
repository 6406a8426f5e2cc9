import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as api from '@kontor/contract/api/records';
import { call, envScoped } from '@kontor/contract/call';
import { translator } from '@kontor/contract/i18n/catalogs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { expectOk } from '../../test/assertions';
import { userWithEnvironment } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { envIdOf } from '../../test/records';
import { records } from '../engine/records.table';
import { route } from '../http/route';
import { tenantStatementTimeoutMs } from './client';
import { type EnvId, trustedEnvId } from './env-scope';
import { ClientGoneError } from './errors';
import { newId } from './ids';
import { rowsOf } from './rows';

const de = translator('de_sie');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const queueTimeoutMs = 300;

let t: TestApp;
let who: { env: string; token: string };
let envId: EnvId;

/** Test-only calls: no route of the product lets a client run an arbitrary statement. */
const slowStatement = call('/api/test/slow-statement', { body: envScoped({}), data: z.undefined() });
const writeThenWait = call('/api/test/write-then-wait', { body: envScoped({ id: z.string() }), data: z.undefined() });
/** The handler of writeThenWait reports that it has written, then waits for `finish`. */
let written: () => void = () => {};
let finish: () => void = () => {};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sqlState = (error: unknown): unknown => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
};
const countRecord = async (id: string) =>
  Number((await t.asSuperuser(sql`select count(*)::int as n from records where id = ${id}`)).rows[0]?.n);

beforeAll(async () => {
  t = await startTestApp({ database: { queueTimeoutMs } });
  route(t.app, slowStatement, { env: 'read', may: 'read' }, async ({ scope }) => {
    if (!onPostgres) {
      // PGlite has no statement_timeout (nothing can interrupt its one thread): what the driver
      // reports on PostgreSQL stands in, so the mapping is tested on both.
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    }
    await scope.tx.execute(sql`set local statement_timeout = 100`);
    await scope.tx.execute(sql`select pg_sleep(2)`);
  });
  route(t.app, writeThenWait, { env: 'write', may: 'records' }, async ({ scope, body }) => {
    await scope.tx.insert(records).values({ envId: scope.envId, id: body.id, type: 'customers', data: {} });
    written();
    await new Promise<void>((resolve) => {
      finish = resolve;
    });
  });
  who = await userWithEnvironment(t, 'Zeitbudget GmbH', 'craftsman');
  envId = trustedEnvId(await envIdOf(t, who.env));
});
afterAll(() => t.close());

describe('time budget of the database', () => {
  test.runIf(onPostgres)('a tenant transaction may run a statement 5 s, any other query 10 s', async () => {
    const inTenant = await t.deps.database.inEnv(envId, null, (scope) =>
      scope.tx.execute(sql`select current_setting('statement_timeout') as v`),
    );
    expect(tenantStatementTimeoutMs).toBe(5_000);
    expect(rowsOf<{ v: string }>(inTenant)[0]?.v).toBe('5s');
    const outside = await t.db.execute(sql`select current_setting('statement_timeout') as v`);
    expect(rowsOf<{ v: string }>(outside)[0]?.v).toBe('10s');
  });

  test.runIf(onPostgres)('a statement past the timeout is cancelled by PostgreSQL (57014)', async () => {
    const started = performance.now();
    const error = await t.deps.database
      .inEnv(envId, null, async (scope) => {
        await scope.tx.execute(sql`set local statement_timeout = 100`);
        await scope.tx.execute(sql`select pg_sleep(3)`);
      })
      .catch((e) => e);
    expect(sqlState(error)).toBe('57014');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  test('a cancelled statement answers 503 with a German message, never a 500 or a stack', async () => {
    const res = await t.call(slowStatement, { _env: who.env }, who.token);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ status: 'error', message: de('common.queryTimeout') });
  });

  test.runIf(!onPostgres)(
    'PGlite: a call that waits longer than its budget answers 503, and the database serves again after',
    async () => {
      let release: () => void = () => {};
      const held = t.deps.database.inEnv(envId, null, () => new Promise<void>((r) => (release = r)));
      try {
        const started = performance.now();
        const [list, health] = await Promise.all([
          t.call(api.simpleTableData, { _env: who.env, model: 'DynamicRecord', type: 'customers' }, who.token),
          t.get('/healthz'),
        ]);
        expect(performance.now() - started).toBeLessThan(queueTimeoutMs + 1_000);
        expect(list.statusCode).toBe(503);
        expect(list.headers['retry-after']).toBe('5');
        expect(list.body).toEqual({ status: 'error', message: de('common.busy') });
        expect(health.statusCode).toBe(503);
      } finally {
        release();
        await held;
      }
      expectOk(
        await t.call(api.simpleTableData, { _env: who.env, model: 'DynamicRecord', type: 'customers' }, who.token),
      );
      expect((await t.get('/healthz')).statusCode).toBe(200);
    },
  );
});

describe('one turn at a time on PGlite', () => {
  test.runIf(!onPostgres)(
    'nothing runs between the statements of the maintenance, least of all as the superuser',
    async () => {
      let done = false;
      const vacuum = t.deps.database.analyze().finally(() => {
        done = true;
      });
      const seen = new Set<string>();
      while (!done) {
        const row = rowsOf<{ u: string }>(await t.db.execute(sql`select current_user as u`))[0];
        seen.add(row?.u ?? '');
      }
      await vacuum;
      expect([...seen]).toEqual(['kontor_app']);
    },
  );
});

describe('work stops when the client has gone', () => {
  test('a transaction whose client left before it ended is rolled back, not committed', async () => {
    const gone = new AbortController();
    const id = newId();
    const error = await t.deps.database
      .inEnv(
        envId,
        null,
        async (scope) => {
          await scope.tx.insert(records).values({ envId, id, type: 'customers', data: {} });
          gone.abort();
          return 'done';
        },
        gone.signal,
      )
      .catch((e) => e);
    expect(error).toBeInstanceOf(ClientGoneError);
    expect(await countRecord(id)).toBe(0);
  });

  test('a transaction whose client has already left never starts', async () => {
    const gone = new AbortController();
    gone.abort();
    let ran = false;
    const error = await t.deps.database
      .inEnv(
        envId,
        null,
        async () => {
          ran = true;
        },
        gone.signal,
      )
      .catch((e) => e);
    expect(error).toBeInstanceOf(ClientGoneError);
    expect(ran).toBe(false);
  });

  test.runIf(onPostgres)('a running statement is cancelled when the client leaves', async () => {
    const gone = new AbortController();
    const started = performance.now();
    setTimeout(() => gone.abort(), 200);
    const error = await t.deps.database
      .inEnv(envId, null, (scope) => scope.tx.execute(sql`select pg_sleep(4)`), gone.signal)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ClientGoneError);
    expect(performance.now() - started).toBeLessThan(2_000);
    const sleeping = await t.asSuperuser(
      sql`select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep(4)%' and state = 'active'`,
    );
    expect(Number(sleeping.rows[0]?.n)).toBe(0);
  });

  test('over HTTP: a request whose connection closes before the answer leaves no write behind', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const id = newId();
    const didWrite = new Promise<void>((resolve) => {
      written = resolve;
    });
    const body = JSON.stringify({ _env: who.env, id });
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: writeThenWait.path,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        authorization: `Bearer ${who.token}`,
      },
    });
    req.on('error', () => {}); // the socket is destroyed on purpose
    req.end(body);
    await didWrite;
    req.destroy();
    await sleep(100); // the server sees the closed connection
    finish();
    await sleep(200); // the handler returns, the transaction ends
    expect(await countRecord(id)).toBe(0);
  });
});
