import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { records } from '../engine/records.table';
import { environments } from '../features/environments/environments.table';
import { type EnvId, lastStatement, trustedEnvId } from './env-scope';
import { newId } from './ids';
import { rowsOf } from './rows';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let alpha: EnvId;
let beta: EnvId;

beforeAll(async () => {
  t = await startTestApp();
  const made = Date.now();
  alpha = trustedEnvId(newId());
  beta = trustedEnvId(newId());
  await t.db.insert(environments).values([
    { id: alpha, name: 'Alpha GmbH', urlSlug: `alpha-${made}` },
    { id: beta, name: 'Beta KG', urlSlug: `beta-${made}` },
  ]);
  for (const [envId, name] of [
    [alpha, 'Müller GmbH'],
    [beta, 'Schmidt KG'],
  ] as const) {
    await t.deps.database.inEnv(envId, null, (scope) =>
      scope.tx.insert(records).values({ envId, id: newId(), type: 'customer', data: { name } }),
    );
  }
});
afterAll(() => t.close());

/** The customers' names an environment sees, in a transaction of its own. */
const namesIn = (envId: EnvId) =>
  t.deps.database.inEnv(envId, null, async (scope) =>
    rowsOf<{ name: string }>(
      await scope.tx.execute(sql`select data->>'name' as name from records where env_id = ${envId} order by 1`),
    ).map((r) => r.name),
  );

describe("lastStatement: the transaction's last read commits in its round trip", () => {
  test('the read runs inside the tenant transaction: its environment set, Row Level Security in force', async () => {
    const seen = await t.deps.database.inEnv(alpha, null, (scope) =>
      lastStatement(scope, async () =>
        rowsOf<{ env: string; names: string[] }>(
          await scope.tx.execute(
            sql`select current_setting('app.env_id') as env, array(select data->>'name' from records order by 1) as names`,
          ),
        ),
      ),
    );
    expect(seen).toEqual([{ env: alpha, names: ['Müller GmbH'] }]);
  });

  test('what the transaction wrote before its last statement is committed with it', async () => {
    const id = newId();
    await t.deps.database.inEnv(alpha, null, async (scope) => {
      await scope.tx.insert(records).values({ envId: alpha, id, type: 'customer', data: { name: 'Neu AG' } });
      return lastStatement(scope, () => scope.tx.execute(sql`select 1`));
    });
    expect(await namesIn(alpha)).toEqual(['Müller GmbH', 'Neu AG']);
    await t.asSuperuser(sql`delete from records where id = ${id}`);
  });

  test('a failing last statement takes back what the transaction wrote, and the connections stay usable', async () => {
    const id = newId();
    const failing = t.deps.database.inEnv(alpha, null, async (scope) => {
      await scope.tx.insert(records).values({ envId: alpha, id, type: 'customer', data: { name: 'Verloren AG' } });
      return lastStatement(scope, () => scope.tx.execute(sql`select 1 / 0`));
    });
    await expect(failing).rejects.toThrow();
    expect(await namesIn(alpha)).toEqual(['Müller GmbH']);
    // Every pooled connection still answers in the right environment (none was left in a failed transaction).
    const envs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.deps.database.inEnv(i % 2 ? beta : alpha, null, async (scope) =>
          rowsOf<{ env: string }>(await scope.tx.execute(sql`select current_setting('app.env_id') as env`)),
        ),
      ),
    );
    expect(envs.map((rows) => rows[0]?.env)).toEqual(Array.from({ length: 8 }, (_, i) => (i % 2 ? beta : alpha)));
  });

  test.runIf(onPostgres)('a statement after the last one is refused, not run outside the transaction', async () => {
    const id = newId();
    const after = t.deps.database.inEnv(alpha, null, async (scope) => {
      await lastStatement(scope, () => scope.tx.execute(sql`select 1`));
      return scope.tx.insert(records).values({ envId: alpha, id, type: 'customer', data: { name: 'Zu spät AG' } });
    });
    await expect(after).rejects.toMatchObject({ cause: { message: 'the transaction has already committed' } });
    expect((await t.asSuperuser(sql`select id from records where id = ${id}`)).rows).toEqual([]);
  });
});
