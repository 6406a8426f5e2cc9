import type { RecordType } from '@kontor/contract/api/record-types';
import * as api from '@kontor/contract/api/records';
import type { BodyOf } from '@kontor/contract/call';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectOk } from '../../../test/assertions';
import type { EnvPair } from '../../../test/cross-tenant';
import { twoEnvironments } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { bulkInsertRecords } from '../../../test/records';

/** Lists stop counting at 10,000 matches (`totalCap`); a file of its own for the many records. */

const many = api.totalCap + 50;

let t: TestApp;
let alpha: EnvPair['alpha'];
let beta: EnvPair['beta'];
beforeAll(async () => {
  t = await startTestApp();
  ({ alpha, beta } = await twoEnvironments(t, 'craftsman'));
  const type = (await t.call(api.recordTypeDetails, { _env: alpha.env, type: 'customers' }, alpha.token)).body
    .data as RecordType;
  await bulkInsertRecords(
    t,
    alpha.env,
    type,
    Array.from({ length: many }, (_, i) => ({
      customer_number: `B-${String(i).padStart(5, '0')}`,
      name: i % 100 === 0 ? `Hundertster Kunde ${i}` : `Bulkkunde ${i}`,
      city: i % 2 === 0 ? 'Gerade' : 'Ungerade',
    })),
  );
}, 120_000);
afterAll(() => t.close());

const list = (body: Partial<BodyOf<typeof api.simpleTableData>>, who = alpha) =>
  t.call(api.simpleTableData, { _env: who.env, model: 'DynamicRecord', type: 'customers', ...body }, who.token);

test('counts at most 10,000 records and says the total is capped', async () => {
  const res = await list({});
  expectOk(res);
  expect(res.body.data).toMatchObject({ total: api.totalCap, totalCapped: true });
  expect(res.body.data?.rows).toHaveLength(api.defaultPageSize);
});

test('counts exactly below the cap, e.g. for a search', async () => {
  const res = await list({ search: 'hundertster' });
  expect(res.body.data).toMatchObject({ total: 101, totalCapped: false });
  const half = await list({ filter: { city: 'Ungerade' } });
  expect(half.body.data).toMatchObject({ total: many / 2, totalCapped: false });
});

test('pages deep by cursor and by page number behind the cap', async () => {
  const sort = { field: 'customer_number', dir: 'asc' } as const;
  // The preset's sample customers (numbered 10001… from the customer range) sort before 'B-'.
  const first = await list({ sort, pageSize: 10 });
  const before = first.body.data?.rows.filter((r) => !String(r.customer_number).startsWith('B-')).length ?? 0;
  expect(before).toBeLessThan(10);
  const deep = await list({ sort, page: 401, pageSize: 25 });
  expect(deep.body.data?.rows.map((r) => r.customer_number)).toEqual(
    Array.from({ length: 25 }, (_, i) => `B-${String(10_000 - before + i).padStart(5, '0')}`),
  );
  let cursor: string | null | undefined;
  let seen = 0;
  for (let page = 0; page < 5; page++) {
    const res = await list({ sort, pageSize: 100, ...(cursor ? { cursor } : {}) });
    expectOk(res);
    seen += res.body.data?.rows.length ?? 0;
    cursor = res.body.data?.nextCursor;
    expect(cursor).toEqual(expect.any(String));
  }
  expect(seen).toBe(500);
});

test("another environment's list knows nothing of them", async () => {
  const res = await list({}, beta);
  expect(res.body.data).toMatchObject({ total: 3, totalCapped: false });
});
