import type { RecordType } from '@kontor/contract/api/record-types';
import * as api from '@kontor/contract/api/records';
import { translator } from '@kontor/contract/i18n/catalogs';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk } from '../../test/assertions';
import { userWithEnvironment } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { bulkInsertRecords, envIdOf } from '../../test/records';
import { inlinedStatement } from '../db/env-opening';
import { trustedEnvId } from '../db/env-scope';
import { rowsOf } from '../db/rows';
import { recordListStatement } from './record-list.repo';
import { recordListPlan } from './record-list.service';
import { shippedSortIndexes, sortIndexFor } from './sort-indexes';

const indexName = (type: string, field: string) =>
  sortIndexFor(type, field, 'text')?.name ?? `no index for ${type}.${field}`;

/**
 * How the planner runs the list queries as the application role, under Row Level Security, inside
 * a tenant transaction: the conditions on sort keys and the search must stay index conditions,
 * which they only do when every function in them is LEAKPROOF (migration 0009: the product's own
 * functions, not pg_catalog's).
 */

const de = translator('de_sie');
const cities = ['Berlin', 'Hamburg', 'München', 'Leipzig', 'Dresden', 'Bremen', 'Essen', 'Bonn'];

let t: TestApp;
let who: { env: string; token: string };
let customers: RecordType;

beforeAll(async () => {
  t = await startTestApp();
  who = await userWithEnvironment(t, 'Planbar GmbH', 'craftsman');
  customers = (await t.call(api.recordTypeDetails, { _env: who.env, type: 'customers' }, who.token)).body
    .data as RecordType;
  await bulkInsertRecords(
    t,
    who.env,
    customers,
    Array.from({ length: 3000 }, (_, i) => ({
      customer_number: `P-${i}`,
      name: `${['Schmidt', 'Meyer', 'Weber', 'Wagner', 'Becker'][i % 5]} ${i} GmbH`,
      city: cities[i % cities.length],
    })),
  );
  await t.deps.database.analyze();
});
afterAll(() => t.close());

type Body = Omit<Parameters<typeof recordListPlan>[1], '_env' | 'model'>;

/**
 * The plan of the list query for `body`, as text, planned as the app would run it: with parameters,
 * or `inlined` as a one-trip read sends it (Database.readOpened).
 */
const planOf = async (body: Body, inlined = false): Promise<string> => {
  const envId = trustedEnvId(await envIdOf(t, who.env));
  return t.deps.database.inEnv(envId, null, async (scope) => {
    const { plan } = recordListPlan(customers, { _env: who.env, model: 'DynamicRecord', ...body }, de);
    const query = recordListStatement(scope, plan);
    // Small tables tempt the planner to scan them whole; this asks what it can do with indexes.
    await scope.tx.execute(sql`set local enable_seqscan = off`);
    const statement = inlined ? sql.raw(inlinedStatement(query)) : (query as SQL);
    const rows = rowsOf<{ 'QUERY PLAN': string }>(await scope.tx.execute(sql`explain ${statement}`));
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
};

/** The `Index Cond` lines of a plan. */
const indexConditions = (plan: string) => plan.split('\n').filter((line) => line.includes('Index Cond:'));

describe('list queries keep their indexes under Row Level Security', () => {
  test('the role that plans is the application role, not a superuser', async () => {
    const envId = trustedEnvId(await envIdOf(t, who.env));
    const [me] = await t.deps.database.inEnv(envId, null, async (scope) =>
      rowsOf<{ super: boolean }>(
        await scope.tx.execute(sql`select rolsuper as super from pg_roles where rolname = current_user`),
      ),
    );
    expect(me?.super).toBe(false);
  });

  test('a filter on a field is an index condition on its sort index', async () => {
    const plan = await planOf({ type: 'customers', filter: { city: 'Leipzig' }, sort: { field: 'name', dir: 'asc' } });
    const indexes = [indexName('customers', 'city'), indexName('customers', 'name')];
    expect(indexes.some((name) => plan.includes(`Index Scan using ${name}`))).toBe(true);
    expect(indexConditions(plan).some((line) => line.includes("'city'"))).toBe(true);
  });

  test('a keyset page starts inside the sort index', async () => {
    const first = await t.call(
      api.simpleTableData,
      { _env: who.env, model: 'DynamicRecord', type: 'customers', sort: { field: 'name', dir: 'asc' }, pageSize: 50 },
      who.token,
    );
    expectOk(first);
    const cursor = first.body.data?.nextCursor ?? '';
    expect(cursor).not.toBe('');
    const plan = await planOf({ type: 'customers', sort: { field: 'name', dir: 'asc' }, pageSize: 50, cursor });
    expect(plan).toContain(`Index Scan using ${indexName('customers', 'name')}`);
    expect(indexConditions(plan).some((line) => line.includes("'name'") && line.includes('>'))).toBe(true);
  });

  test('the search box is served by the trigram index', async () => {
    const plan = await planOf({ type: 'customers', search: 'schmidt', sort: { field: 'name', dir: 'asc' } });
    expect(plan).toContain('Bitmap Index Scan on records_search_trgm_idx');
    expect(indexConditions(plan).some((line) => line.includes('search_text OPERATOR(kontor.~~)'))).toBe(true);
  });

  test('a page sent with its values inlined (one round trip) is planned as with parameters', async () => {
    const first = await t.call(
      api.simpleTableData,
      { _env: who.env, model: 'DynamicRecord', type: 'customers', sort: { field: 'city', dir: 'desc' }, pageSize: 20 },
      who.token,
    );
    const cursor = first.body.data?.nextCursor ?? '';
    expect(cursor).not.toBe('');
    const bodies: Body[] = [
      { type: 'customers', filter: { city: 'Leipzig' }, sort: { field: 'name', dir: 'asc' } },
      { type: 'customers', sort: { field: 'city', dir: 'desc' }, pageSize: 20, cursor },
      { type: 'customers', search: "schmidt's", sort: { field: 'name', dir: 'asc' } },
      { type: 'customers', page: 3, pageSize: 10 },
    ];
    for (const body of bodies) {
      const withParameters = await planOf(body);
      expect(indexConditions(withParameters).length, JSON.stringify(body)).toBeGreaterThan(0);
      expect(await planOf(body, true), JSON.stringify(body)).toBe(withParameters);
    }
  });
});

describe('a record is written into the sort indexes of its own type only', () => {
  test("every sort index is partial and shipped; a customer's are its list's sortable cells", async () => {
    const { rows } = await t.asSuperuser(
      sql`select indexname as name, indexdef as def from pg_indexes where tablename = 'records' and indexname like 'records\_sort\_%'`,
    );
    const defs = rows.map((r) => ({ name: String(r.name), def: String(r.def) }));
    expect(defs.length).toBeGreaterThan(0);
    expect(defs.filter((d) => !d.def.includes(' WHERE '))).toEqual([]);
    const ownOfCustomers = defs.filter((d) => d.def.includes("WHERE (type = 'customers'::text)")).map((d) => d.name);
    const shippedOfCustomers = [...shippedSortIndexes().values()].filter((i) => i.type === 'customers');
    expect(ownOfCustomers.sort()).toEqual(shippedOfCustomers.map((i) => i.name).sort());
    expect(defs.map((d) => d.name).filter((name) => !shippedSortIndexes().has(name))).toEqual([]);
  });
});

describe('LEAKPROOF stays with the product', () => {
  test("pg_catalog's built-ins are not declared LEAKPROOF for the whole database", async () => {
    const { rows } = await t.asSuperuser(sql`
      select p.oid::regprocedure::text as name, p.proleakproof as leakproof from pg_proc p
      where p.oid in ('pg_catalog.textlike(text, text)'::regprocedure, 'pg_catalog.lower(text)'::regprocedure,
        'pg_catalog.replace(text, text, text)'::regprocedure, 'pg_catalog.left(text, integer)'::regprocedure,
        'pg_catalog.jsonb_object_field_text(jsonb, text)'::regprocedure)`);
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => r.leakproof)).toEqual([]);
  });

  test('every LEAKPROOF function the migrations declared lives in the schema kontor', async () => {
    const { rows } = await t.asSuperuser(sql`
      select n.nspname as schema, p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.proleakproof and n.nspname not in ('pg_catalog', 'information_schema') order by 2`);
    expect(rows).toEqual(
      ['sort_key_num', 'sort_key_text', 'text_like'].map((name) => ({
        schema: 'kontor',
        name,
      })),
    );
  });
});
