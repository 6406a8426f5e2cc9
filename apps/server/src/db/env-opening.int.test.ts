import * as api from '@kontor/contract/api/records';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { userWithEnvironment } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { envIdOf } from '../../test/records';
import { type EnvOpening, sqlLiteral } from './env-opening';
import { type EnvId, trustedEnvId } from './env-scope';
import { rowsOf } from './rows';

let t: TestApp;
let alpha: { env: string; token: string; id: EnvId };
let beta: { env: string; token: string; id: EnvId };

beforeAll(async () => {
  t = await startTestApp();
  for (const [name, who] of [
    ['Alpha GmbH', 'alpha'],
    ['Beta KG', 'beta'],
  ] as const) {
    const user = await userWithEnvironment(t, name, 'craftsman');
    const made = { ...user, id: trustedEnvId(await envIdOf(t, user.env)) };
    if (who === 'alpha') alpha = made;
    else beta = made;
  }
});
afterAll(() => t.close());

/** An opening that names `envId` (or nothing) and hands `marker` on. */
const opening = (envId: EnvId | null, marker = 'geöffnet'): EnvOpening<string> => ({
  sql: `SELECT ${envId ? sqlLiteral(envId) : 'NULL'}::uuid AS tenant_env_id, ${sqlLiteral(marker)} AS marker`,
  decide: (row) => {
    if (!row?.tenant_env_id) throw new Error('keine Umgebung');
    return { envId: trustedEnvId(String(row.tenant_env_id)), userId: null, opened: String(row.marker) };
  },
});

const customerCount = (envId: EnvId) =>
  t.deps.database.inEnv(envId, null, async (scope) => {
    const rows = rowsOf<{ n: number }>(await scope.tx.execute(sql`select count(*)::int as n from records`));
    return rows[0]?.n ?? -1;
  });

describe('a tenant transaction opened by its guard read (issue 16: one round trip fewer)', () => {
  test('enters the environment the opening names, and only that one', async () => {
    const seen = await t.deps.database.inEnvOpened(opening(alpha.id), async (scope, opened) => {
      const envs = rowsOf<{ env_id: string }>(await scope.tx.execute(sql`select distinct env_id from records`));
      return { envId: scope.envId, opened, envs: envs.map((r) => r.env_id) };
    });
    expect(seen).toEqual({ envId: alpha.id, opened: 'geöffnet', envs: [alpha.id] });
  });

  test('a refusing decision rolls back before any work, and the database answers on', async () => {
    let worked = false;
    await expect(
      t.deps.database.inEnvOpened(opening(null), async () => {
        worked = true;
      }),
    ).rejects.toThrow('keine Umgebung');
    expect(worked).toBe(false);
    expect(await customerCount(beta.id)).toBeGreaterThan(0);
  });

  test('a decision naming another environment than the one entered is refused', async () => {
    const lying: EnvOpening<null> = {
      sql: opening(alpha.id).sql,
      decide: () => ({ envId: beta.id, userId: null, opened: null }),
    };
    await expect(t.deps.database.inEnvOpened(lying, async () => 'nie')).rejects.toThrow(/another environment/);
  });

  test('failing work is rolled back; a broken opening fails alone', async () => {
    const before = await customerCount(alpha.id);
    await expect(
      t.deps.database.inEnvOpened(opening(alpha.id), async (scope) => {
        await scope.tx.execute(sql`delete from records`);
        throw new Error('abgebrochen');
      }),
    ).rejects.toThrow('abgebrochen');
    expect(await customerCount(alpha.id)).toBe(before);
    await expect(
      t.deps.database.inEnvOpened({ ...opening(alpha.id), sql: 'SELECT FROM nirgendwo' }, async () => 'nie'),
    ).rejects.toThrow();
    expect(await customerCount(alpha.id)).toBe(before);
  });

  test('literals carry any text unchanged, quotes and backslashes included', async () => {
    for (const text of ["O'Reilly", 'C:\\Daten\\', "'; DELETE FROM records; --", "\\'", 'Grüße €', '\\x41']) {
      const back = await t.deps.database.inEnvOpened(opening(alpha.id, text), async (_scope, opened) => opened);
      expect(back).toBe(text);
    }
    expect(await customerCount(alpha.id)).toBeGreaterThan(0);
    expect(() => sqlLiteral('a\0b')).toThrow(/NUL/);
  });
});

describe('a read in one round trip with its opening (Database.readOpened)', () => {
  const read = (expectedEnvId: EnvId, statement = 'SELECT DISTINCT env_id FROM records') => ({
    expectedEnvId,
    statement,
  });

  test('hands out the rows of the environment entered, which Row Level Security kept to that one', async () => {
    const answer = await t.deps.database.readOpened(opening(alpha.id), read(alpha.id));
    expect(answer?.opened).toEqual({ envId: alpha.id, userId: null, opened: 'geöffnet' });
    expect(answer?.rows).toEqual([{ env_id: alpha.id }]);
  });

  test('a read written for another environment than the one entered gives no rows', async () => {
    const answer = await t.deps.database.readOpened(opening(alpha.id), read(beta.id));
    expect(answer?.opened.envId).toBe(alpha.id);
    expect(answer?.rows).toBeNull();
  });

  test('a refusing opening throws, as in inEnvOpened', async () => {
    await expect(t.deps.database.readOpened(opening(null), read(alpha.id))).rejects.toThrow('keine Umgebung');
  });

  test('the transaction is read only: a statement that writes fails, nothing stays, and the database answers on', async () => {
    const before = await customerCount(alpha.id);
    expect(await t.deps.database.readOpened(opening(alpha.id), read(alpha.id, 'DELETE FROM records'))).toBeNull();
    expect(await t.deps.database.readOpened(opening(alpha.id), read(alpha.id, 'SELECT FROM nirgendwo'))).toBeNull();
    expect(await customerCount(alpha.id)).toBe(before);
    expect((await t.deps.database.readOpened(opening(alpha.id), read(alpha.id)))?.rows).toHaveLength(1);
  });
});

describe('the guard as the opening, over HTTP', () => {
  const list = (env: string, token: string) =>
    t.call(api.simpleTableData, { _env: env, model: 'DynamicRecord', type: 'customers', pageSize: 5 }, token);

  test("a member lists their environment; another environment's slug answers like an unknown one", async () => {
    expect((await list(alpha.env, alpha.token)).statusCode).toBe(200);
    const foreign = await list(beta.env, alpha.token);
    const unknown = await list('gibt-es-nicht', alpha.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toEqual(unknown.body);
  });

  test('a slug made to break out of its literal is only an unknown environment', async () => {
    for (const slug of [`${alpha.env}' OR '1'='1`, `x'; SELECT set_config('app.env_id', '${beta.id}', true); --`]) {
      const answer = await list(slug, alpha.token);
      expect(answer.statusCode, slug).toBe(403);
      expect(answer.body.code).toBe('not_member');
    }
  });

  test('a logout takes effect on the very next call', async () => {
    const user = await userWithEnvironment(t, 'Gamma OHG', 'craftsman');
    expect((await list(user.env, user.token)).statusCode).toBe(200);
    expect((await t.post('/api/users/logout', {}, user.token)).statusCode).toBe(200);
    const after = await list(user.env, user.token);
    expect(after.statusCode).toBe(401);
  });
});
