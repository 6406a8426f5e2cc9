import * as authApi from '@kontor/contract/api/auth';
import * as envApi from '@kontor/contract/api/environments';
import * as api from '@kontor/contract/api/records';
import type { BodyOf } from '@kontor/contract/call';
import { translator } from '@kontor/contract/i18n/catalogs';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { setMembership, setStatus } from '../../../test/cross-tenant';
import { loginAgain, twoEnvironments } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { touchConfig } from '../../../test/records';
import type { Database } from '../../db/client';
import { environments } from '../environments/environments.table';

/**
 * A list page travels with the guard's read in one round trip once the process has seen the
 * environment and cached its types (issue 16, Database.readOpened). The guard still decides every
 * answer, and a guess that no longer holds (another environment behind the slug, a changed
 * configuration) only costs the usual path.
 */

const de = translator('de_sie');

let t: TestApp;
let alpha: Awaited<ReturnType<typeof twoEnvironments>>['alpha'];
let beta: Awaited<ReturnType<typeof twoEnvironments>>['beta'];

/** What readOpened answered on each call since the last reset: rows handed out, none, or thrown. */
let trips: Array<'rows' | 'no rows' | 'failed' | 'refused'> = [];
/** Whether readOpened answers at all (off: as if the round trip failed, so the usual path answers). */
let oneTripOn = true;
let usualPaths = 0;

beforeAll(async () => {
  t = await startTestApp();
  ({ alpha, beta } = await twoEnvironments(t, 'craftsman'));
  const database = t.deps.database as { -readonly [K in keyof Database]: Database[K] };
  const readOpened = database.readOpened;
  database.readOpened = async (opening, read, signal) => {
    if (!oneTripOn) return null;
    try {
      const answer = await readOpened(opening, read, signal);
      trips.push(answer === null ? 'failed' : answer.rows ? 'rows' : 'no rows');
      return answer;
    } catch (error) {
      trips.push('refused');
      throw error;
    }
  };
  const inEnvOpened = database.inEnvOpened;
  database.inEnvOpened = (opening, work, signal) => {
    usualPaths++;
    return inEnvOpened(opening, work, signal);
  };
  for (const [who, names] of [
    [alpha, ["O'Brien \\ Söhne", 'Müller 50% KG', 'Zeta_Bau']],
    [beta, ['Nur bei Beta']],
  ] as const) {
    for (const name of names) {
      expectOk(
        await t.call(
          api.saveRecord,
          { _env: who.env, type: 'customers', id: 'new', data: { name, city: 'Leipzig' } },
          who.token,
        ),
      );
    }
  }
});
afterEach(() => {
  trips = [];
  usualPaths = 0;
  oneTripOn = true;
});
afterAll(() => t.close());

type ListBody = Omit<BodyOf<typeof api.simpleTableData>, '_env' | 'model'>;
const list = (who: { env: string; token: string }, body: ListBody = { type: 'customers' }, env = who.env) =>
  t.call(api.simpleTableData, { _env: env, model: 'DynamicRecord', ...body }, who.token);
const names = (res: Awaited<ReturnType<typeof list>>) =>
  (res.body.data?.rows ?? []).map((r) => String((r as Record<string, unknown>).name));

describe('a list page in one round trip (issue 16)', () => {
  test('answers exactly what the usual path answers: filters, search with quotes and backslashes, sort, pages, cursors', async () => {
    expectOk(await list(alpha)); // the process now knows the slug and has the types
    const bodies: ListBody[] = [
      { type: 'customers' },
      { type: 'customers', sort: { field: 'name', dir: 'desc' }, pageSize: 1 },
      { type: 'customers', sort: { field: 'name', dir: 'asc' }, pageSize: 1, page: 2 },
      { type: 'customers', search: "o'brien \\ s" },
      { type: 'customers', search: '50%' },
      { type: 'customers', search: 'a_b' },
      { type: 'customers', filter: { city: 'leipzig' }, sort: { field: 'name', dir: 'asc' } },
      { type: 'customers', filter: { name: "O'Brien \\ Söhne" } },
    ];
    for (const body of bodies) {
      trips = [];
      oneTripOn = true;
      const fast = await list(alpha, body);
      expectOk(fast);
      expect(trips, JSON.stringify(body)).toEqual(['rows']);
      oneTripOn = false;
      const usual = await list(alpha, body);
      expect(fast.body, JSON.stringify(body)).toEqual(usual.body);
    }
    const first = await list(alpha, { type: 'customers', sort: { field: 'name', dir: 'asc' }, pageSize: 1 });
    const cursor = first.body.data?.nextCursor ?? '';
    expect(cursor).not.toBe('');
    const cursorBody: ListBody = { type: 'customers', sort: { field: 'name', dir: 'asc' }, pageSize: 1, cursor };
    trips = [];
    oneTripOn = true;
    const next = await list(alpha, cursorBody);
    expect(trips).toEqual(['rows']);
    expect(names(next)).toHaveLength(1);
    expect(names(next)).not.toEqual(names(first));
    oneTripOn = false;
    expect(next.body).toEqual((await list(alpha, cursorBody)).body);
  });

  test('the search finds the quoted name itself, and nothing of another environment', async () => {
    expectOk(await list(alpha));
    trips = [];
    const found = await list(alpha, { type: 'customers', search: "O'Brien" });
    expect(trips).toEqual(['rows']);
    expect(names(found)).toEqual(["O'Brien \\ Söhne"]);
    const foreign = await list(alpha, { type: 'customers', search: 'Nur bei Beta' });
    expect(names(foreign)).toEqual([]);
  });

  test("another user's token with a known slug is refused by the guard, and sees no row", async () => {
    expectOk(await list(alpha)); // alpha's slug and types are known to the process
    trips = [];
    const res = await list(beta, { type: 'customers' }, alpha.env);
    expectRefused(res, 403);
    expect(res.body.message).toBe(de('environments.notMember'));
    expect(res.body.data).toBeUndefined();
    expect(trips).toEqual(['refused']);
  });

  test('a logout, a deactivated membership and a blocked environment take effect on the very next page', async () => {
    const who = { env: alpha.env, token: await loginAgain(t, alpha.email) };
    expectOk(await list(who));
    expectOk(await t.call(authApi.logout, {}, who.token));
    trips = [];
    expectRefused(await list(who), 401);
    expect(trips).toEqual(['refused']);

    await setMembership(t, alpha.env, alpha.userId, false);
    try {
      trips = [];
      expectRefused(await list(alpha), 403);
      expect(trips).toEqual(['refused']);
    } finally {
      await setMembership(t, alpha.env, alpha.userId, true);
    }

    await setStatus(t, alpha.env, 'blocked');
    try {
      trips = [];
      const blocked = await list(alpha);
      expectRefused(blocked, 403);
      expect(blocked.body.message).toBe(de('environments.blocked'));
      expect(trips).toEqual(['refused']);
    } finally {
      await setStatus(t, alpha.env, 'active');
    }
    expectOk(await list(alpha));
  });

  test('a changed configuration is answered by the usual path, which reads the types again', async () => {
    expectOk(await list(alpha));
    await touchConfig(t, alpha.env);
    trips = [];
    usualPaths = 0;
    expectOk(await list(alpha));
    expect(trips).toEqual(['rows']); // rows came, but for the old configuration: not used
    expect(usualPaths).toBe(1);
    trips = [];
    usualPaths = 0;
    expectOk(await list(alpha));
    expect(trips).toEqual(['rows']);
    expect(usualPaths).toBe(0);
  });

  test('a slug that now names another environment answers with that environment, through the usual path', async () => {
    const second = await t.call(
      envApi.createEnvironment,
      { name: 'Alpha Zwei GmbH', preset: 'craftsman' },
      alpha.token,
    );
    expectOk(second);
    const secondSlug = second.body.data?.environment.url_slug ?? '';
    expectOk(
      await t.call(
        api.saveRecord,
        { _env: secondSlug, type: 'customers', id: 'new', data: { name: 'Nur in Zwei' } },
        alpha.token,
      ),
    );
    expectOk(await list(alpha)); // the process remembers alpha.env → the first environment
    const idOf = async (slug: string) =>
      (await t.db.select().from(environments).where(eq(environments.urlSlug, slug)))[0]?.id ?? '';
    const setSlug = (id: string, slug: string) =>
      t.db.update(environments).set({ urlSlug: slug }).where(eq(environments.id, id));
    const [first, other] = [await idOf(alpha.env), await idOf(secondSlug)];
    // Swapped through a third slug: the slug is unique at every step.
    const swap = async (a: string, b: string) => {
      await setSlug(first, `${a}-tausch`);
      await setSlug(other, a);
      await setSlug(first, b);
    };
    await swap(alpha.env, secondSlug);
    try {
      trips = [];
      usualPaths = 0;
      const res = await list(alpha);
      expectOk(res);
      expect(names(res)).toContain('Nur in Zwei');
      expect(names(res)).not.toContain('Zeta_Bau');
      expect(trips).toEqual(['no rows']);
      expect(usualPaths).toBe(1);
    } finally {
      await setSlug(other, `${alpha.env}-zurück`);
      await setSlug(first, alpha.env);
      await setSlug(other, secondSlug);
    }
  });

  test('a body the statement cannot be written for goes the usual way and is refused there, in German', async () => {
    expectOk(await list(alpha));
    trips = [];
    expectRefused(await list(alpha, { type: 'customers', sort: { field: 'gibt_es_nicht', dir: 'asc' } }), 400);
    expectRefused(await list(alpha, { type: 'customers', cursor: 'kaputt' }), 400);
    const nul = await list(alpha, { type: 'customers', search: 'a\u0000b' });
    expect(nul.statusCode).toBeLessThan(500);
    expect(trips).toEqual([]);
  });
});
