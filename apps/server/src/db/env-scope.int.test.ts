import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { records } from '../engine/records.table';
import { environments } from '../features/environments/environments.table';
import { type EnvId, trustedEnvId, withEnv } from './env-scope';
import { newId } from './ids';

let t: TestApp;
let alpha: EnvId;
let beta: EnvId;
const ids = { alpha: newId(), beta: newId() };

beforeAll(async () => {
  t = await startTestApp();
  // Environments are a control-plane table (no tenant scope needed to create one).
  for (const [name, slug] of [
    ['Alpha GmbH', `alpha-${Date.now()}`],
    ['Beta KG', `beta-${Date.now()}`],
  ] as const) {
    await t.db.insert(environments).values({ id: newId(), name, urlSlug: slug });
  }
  const rows = await t.db.select({ id: environments.id, name: environments.name }).from(environments);
  alpha = trustedEnvId(rows.find((r) => r.name === 'Alpha GmbH')?.id ?? '');
  beta = trustedEnvId(rows.find((r) => r.name === 'Beta KG')?.id ?? '');
  await withEnv(t.db, alpha, null, (scope) =>
    scope.tx.insert(records).values({ envId: alpha, id: ids.alpha, type: 'customer', data: { name: 'Müller GmbH' } }),
  );
  await withEnv(t.db, beta, null, (scope) =>
    scope.tx.insert(records).values({ envId: beta, id: ids.beta, type: 'customer', data: { name: 'Schmidt KG' } }),
  );
});
afterAll(() => t.close());

/** What really is in the table, seen past Row Level Security. */
const allRows = async () =>
  (await t.asSuperuser(sql`select env_id, id from records order by id`)).rows.map((r) => ({
    envId: String(r.env_id),
    id: String(r.id),
  }));

describe('Row Level Security on tenant tables', () => {
  test("both environments' rows exist", async () => {
    expect(await allRows()).toEqual(
      [
        { envId: alpha, id: ids.alpha },
        { envId: beta, id: ids.beta },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  test('a query without the tenant scope sees nothing, even when it names the environment', async () => {
    expect(await t.db.select().from(records)).toEqual([]);
    expect(await t.db.select().from(records).where(eq(records.envId, alpha))).toEqual([]);
    const counted = (await t.db.execute(sql`select count(*)::int as n from records`)) as unknown as { rows: unknown[] };
    expect(counted.rows).toEqual([{ n: 0 }]);
  });

  test('a query without the tenant scope changes nothing and cannot insert', async () => {
    const updated = await t.db.update(records).set({ stage: 'gehackt' }).returning({ id: records.id });
    expect(updated).toEqual([]);
    const deleted = await t.db.delete(records).returning({ id: records.id });
    expect(deleted).toEqual([]);
    await expect(
      t.db.insert(records).values({ envId: alpha, id: newId(), type: 'customer', data: {} }),
    ).rejects.toThrow();
    expect(await allRows()).toHaveLength(2);
  });

  test("inside one scope only that environment's rows are visible", async () => {
    const seen = await withEnv(t.db, alpha, null, (scope) => scope.tx.select().from(records));
    expect(seen.map((r) => [r.envId, r.id])).toEqual([[alpha, ids.alpha]]);
    const foreign = await withEnv(t.db, alpha, null, (scope) =>
      scope.tx.select().from(records).where(eq(records.envId, beta)),
    );
    expect(foreign).toEqual([]);
    const byId = await withEnv(t.db, beta, null, (scope) =>
      scope.tx.select().from(records).where(eq(records.id, ids.alpha)),
    );
    expect(byId).toEqual([]);
  });

  test("inside one scope a row of another env_id is refused, and another environment's rows cannot be changed", async () => {
    await expect(
      withEnv(t.db, alpha, null, (scope) =>
        scope.tx.insert(records).values({ envId: beta, id: newId(), type: 'customer', data: { name: 'Eindringling' } }),
      ),
    ).rejects.toThrow();
    await expect(
      withEnv(t.db, alpha, null, (scope) =>
        scope.tx.update(records).set({ envId: beta }).where(eq(records.id, ids.alpha)),
      ),
    ).rejects.toThrow();
    const touched = await withEnv(t.db, alpha, null, (scope) =>
      scope.tx.update(records).set({ stage: 'gehackt' }).where(eq(records.id, ids.beta)).returning({ id: records.id }),
    );
    expect(touched).toEqual([]);
    const removed = await withEnv(t.db, alpha, null, (scope) =>
      scope.tx.delete(records).where(eq(records.envId, beta)).returning({ id: records.id }),
    );
    expect(removed).toEqual([]);
    const rows = (await t.asSuperuser(sql`select id, stage from records where env_id = ${beta}`)).rows;
    expect(rows).toEqual([{ id: ids.beta, stage: null }]);
  });

  test('the scope ends with its transaction: the next query outside sees nothing again', async () => {
    for (let i = 0; i < 6; i++) {
      await withEnv(t.db, i % 2 ? alpha : beta, null, (scope) => scope.tx.select().from(records));
      expect(await t.db.select().from(records)).toEqual([]);
    }
  });

  test('simultaneous scopes each see only their own environment', async () => {
    const seen = await Promise.all(
      Array.from({ length: 8 }, (_, i) => {
        const env = i % 2 ? alpha : beta;
        return withEnv(t.db, env, null, async (scope) => {
          const rows = await scope.tx.select({ envId: records.envId }).from(records);
          return { env, rows: rows.map((r) => r.envId) };
        });
      }),
    );
    for (const { env, rows } of seen) expect(rows).toEqual([env]);
  });

  test('every table keyed by env_id enforces Row Level Security, except the named control-plane tables', async () => {
    // Membership and invitations are read across environments (the account page lists them); a
    // portal is found by its product-wide unique slug before any environment is known (/portal/…).
    const controlPlane = ['environment_invitations', 'environment_users', 'portals', 'website_hosts'];
    const { rows } = await t.asSuperuser(sql`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
             exists (select 1 from pg_policies p where p.tablename = c.relname) as has_policy
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'env_id' and not a.attisdropped)
      order by c.relname`);
    const tenantTables = rows.filter((r) => !controlPlane.includes(String(r.table)));
    expect(tenantTables.map((r) => r.table)).toContain('records');
    for (const r of tenantTables) {
      expect({ table: r.table, enabled: r.enabled, forced: r.forced, has_policy: r.has_policy }).toEqual({
        table: r.table,
        enabled: true,
        forced: true,
        has_policy: true,
      });
    }
  });

  /**
   * Tables without Row Level Security, each with the reason. A new table must either be keyed by
   * env_id under forced RLS or be named here: the test fails for a table nobody classified.
   */
  const controlPlaneReasons: Record<string, string> = {
    users: 'identity across environments: login reads it by e-mail before any environment is known',
    sessions: 'looked up by the hash of the bearer token before any environment is known',
    user_tokens: 'activation and reset links, opened before login',
    environments: 'the guard resolves the url_slug to an environment before it can enter its scope',
    environment_users: 'membership: the guard and the account page read it across environments',
    environment_invitations: 'the invitee (no member yet) lists and answers them across environments',
    mail_outbox: 'the mail worker sends for every environment; rows hold rendered mails, no records',
    presets: 'the templates for new environments, the same for everyone',
    portals: 'the public portal page finds its environment by the slug before any environment is known',
    maintenance_leases: 'which server process runs the housekeeping; no environment data',
    website_hosts: 'a website on its own host is found by the Host header before any environment is known',
    website_salts: 'the daily salt of the visitor hash is one for all environments and holds no tenant data',
    kontor_start_tasks:
      'the one-time tasks a start has run (names and times); no environment data, no right for the app role',
  };

  test('every table is tenant-scoped under forced RLS or a named control-plane table with its reason', async () => {
    const { rows } = await t.asSuperuser(sql`
      select c.relname as table, c.relforcerowsecurity as forced,
             exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'env_id' and not a.attisdropped) as keyed
      from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind in ('r', 'p') order by c.relname`);
    const unclassified = rows
      .filter((r) => !(r.forced && r.keyed) && !(String(r.table) in controlPlaneReasons))
      .map((r) => r.table);
    expect(unclassified).toEqual([]);
    const known = new Set(rows.map((r) => String(r.table)));
    expect(Object.keys(controlPlaneReasons).filter((name) => !known.has(name))).toEqual([]);
  });

  test('outside a scope the application role sees no row of any tenant table', async () => {
    const { rows } = await t.asSuperuser(sql`
      select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind = 'r' and c.relforcerowsecurity order by c.relname`);
    expect(rows.length).toBeGreaterThan(1);
    for (const { table } of rows) {
      const seen = await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(String(table))}`);
      expect({ table, n: Number((seen as unknown as { rows: { n: number }[] }).rows[0]?.n) }).toEqual({ table, n: 0 });
    }
    // …while the rows exist.
    expect((await allRows()).length).toBe(2);
  });
});
