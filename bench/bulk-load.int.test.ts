import * as api from '@kontor/contract/api/records';
import { translator } from '@kontor/contract/i18n/catalogs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rowsOf } from '../apps/server/src/db/rows';
import { readTypes } from '../apps/server/src/engine/record-types.service';
import { AppError } from '../apps/server/src/http/errors';
import { twoEnvironments } from '../apps/server/test/fixtures';
import { startTestApp, type TestApp } from '../apps/server/test/harness';
import { inEnv } from '../apps/server/test/records';
import { bulkLoad } from './bulk-load';

/**
 * The bench's seeder (bench/generate.ts): the save's rules for every row, all or nothing, errors
 * that name the row and the field, and records equal to those the save call stores.
 */

const de = translator('de_sie');
let t: TestApp;
let alpha: { env: string; token: string };
let beta: { env: string; token: string };

beforeAll(async () => {
  t = await startTestApp();
  ({ alpha, beta } = await twoEnvironments(t, 'craftsman'));
});
afterAll(() => t.close());

const customer = (i: number) => ({
  customer_number: `B-${i}`,
  name: `Bäckerei ${i} GmbH`,
  city: 'Köln',
  email: `b${i}@example.de`,
});

const loadInto = (env: string, rows: Record<string, unknown>[]) =>
  inEnv(t, env, async (scope) =>
    bulkLoad(
      { scope, types: await readTypes(scope), t: de, writable: true, actor: 'system', now: new Date() },
      'customers',
      rows,
    ),
  );

/** The load's error, or a failure when it succeeded. */
const refusal = async (env: string, rows: Record<string, unknown>[]) => {
  const error = await loadInto(env, rows).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

const countIn = async (env: string, prefix: string) =>
  inEnv(t, env, async (scope) => {
    const rows = await scope.tx.execute(
      sql`select count(*)::int as n from records where type = 'customers' and data->>'customer_number' like ${`${prefix}%`}`,
    );
    return Number(rowsOf<{ n: number }>(rows)[0]?.n);
  });

describe('bulk load', () => {
  test('stores every row with its search text and the type defaults', async () => {
    const result = await loadInto(
      alpha.env,
      Array.from({ length: 4500 }, (_, i) => customer(i)),
    );
    expect(result).toEqual({ inserted: 4500 });
    expect(await countIn(alpha.env, 'B-')).toBe(4500);
    const [row] = rowsOf<{ data: Record<string, unknown>; search_text: string; version: number }>(
      await inEnv(t, alpha.env, (scope) =>
        scope.tx.execute(
          sql`select data, search_text, version from records where type = 'customers' and data->>'customer_number' = 'B-4499'`,
        ),
      ),
    );
    expect(row?.data).toMatchObject({ name: 'Bäckerei 4499 GmbH', city: 'Köln' });
    expect(row?.search_text).toContain('bäckerei 4499 gmbh');
    expect(row?.version).toBe(1);
  });

  test('a loaded record equals the one the save call stores from the same input', async () => {
    // Coercion (a number, padded text, a field left out), a field no form shows (dropped).
    const input = { ...customer(9000), customer_number: ' G-1 ', zip: 50667, computed_elsewhere: 'nein' };
    delete (input as { city?: string }).city;
    const saved = await t.call(
      api.saveRecord,
      { _env: alpha.env, type: 'customers', id: 'new', data: input },
      alpha.token,
    );
    expect(saved.statusCode).toBe(200);
    expect(await loadInto(beta.env, [input])).toEqual({ inserted: 1 });
    const stored = (env: string) =>
      inEnv(t, env, async (scope) =>
        rowsOf<Record<string, unknown>>(
          await scope.tx.execute(
            sql`select data, search_text, stage, version from records where type = 'customers' and data->>'customer_number' = 'G-1'`,
          ),
        ),
      );
    const [bySave] = await stored(alpha.env);
    expect(bySave?.data).toMatchObject({ customer_number: 'G-1', zip: '50667', city: '' });
    expect(bySave?.data).not.toHaveProperty('computed_elsewhere');
    expect(await stored(beta.env)).toEqual([bySave]);
  });

  test('a bad row names its index and field, and nothing of the batch is written', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => customer(1000 + i));
    rows[7] = { ...customer(1007), email: 'keine-adresse' };
    rows[30] = { ...customer(1030), customer_number: 'x'.repeat(31) };
    const error = await refusal(beta.env, rows);
    expect(error.code).toBe('invalid');
    expect(Object.keys(error.errors ?? {}).sort()).toEqual(['30.customer_number', '7.email']);
    expect(await countIn(beta.env, 'B-')).toBe(0);
  });

  test('a bad row after chunks already written: the error names it and the whole load is undone', async () => {
    // Chunks of 2,000 go into the table while the next is validated: rows 0–3,999 are written
    // before row 4,321 fails, and the transaction takes them back.
    const rows = Array.from({ length: 4500 }, (_, i) => customer(20_000 + i));
    rows[4321] = { ...customer(24_321), email: 'keine-adresse' };
    const error = await refusal(beta.env, rows);
    expect(error.errors).toEqual({ '4321.email': [de('validation.email')] });
    expect(await countIn(beta.env, 'B-2')).toBe(0);
  });

  test('a value twice in the batch is the second row’s fault; one the environment holds, the row’s that brings it', async () => {
    const twice = await refusal(beta.env, [customer(1), customer(2), { ...customer(3), customer_number: 'B-1' }]);
    expect(twice.errors).toEqual({ '2.customer_number': [de('validation.unique')] });
    // Alpha holds B-0 … B-4499 (first test): beta does not see them, so the same numbers import there.
    expect(await loadInto(beta.env, [customer(10), customer(11)])).toEqual({ inserted: 2 });
    const taken = await refusal(beta.env, [customer(20), customer(21), customer(11)]);
    expect(taken.errors).toEqual({ '2.customer_number': [de('validation.unique')] });
    expect(await countIn(beta.env, 'B-')).toBe(2);
  });

  test('more than a hundred bad rows: the first hundred are named', async () => {
    const error = await refusal(
      beta.env,
      Array.from({ length: 300 }, (_, i) => ({ ...customer(5000 + i), email: 'falsch' })),
    );
    const keys = Object.keys(error.errors ?? {});
    expect(keys).toHaveLength(100);
    expect(keys[0]).toBe('0.email');
    expect(keys.at(-1)).toBe('99.email');
  });
});
