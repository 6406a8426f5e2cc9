import { maxSelectorColumns } from '@kontor/contract/api/record-types';
import * as api from '@kontor/contract/api/records';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp, type TestResponse } from '../../../test/harness';

const de = translator('de_sie');

let t: TestApp;
let who: { env: string; token: string };

beforeAll(async () => {
  t = await startTestApp();
  who = await userWithEnvironment(t, 'Grenzfall GmbH', 'craftsman');
});
afterAll(() => t.close());

/** Fires `/healthz` every 20 ms while `work` runs; answers each probe's status and the longest wait. */
const whileProbingHealth = async <T>(work: () => Promise<T>) => {
  const probes: Array<{ status: number; ms: number }> = [];
  let running = true;
  const probing = (async () => {
    while (running) {
      const started = performance.now();
      const res = await t.get('/healthz');
      probes.push({ status: res.statusCode, ms: performance.now() - started });
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  running = false;
  await probing;
  return { result, ms, probes };
};

describe('hostile request sizes are refused before any SQL is built', () => {
  test('a list filter with 10,000 keys (~130 KiB) answers 400 at once while /healthz keeps answering', async () => {
    const filter = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`feld_${i}`, `wert-${i}`]));
    const body = { _env: who.env, model: 'DynamicRecord' as const, type: 'customers', filter };
    expect(JSON.stringify(body).length).toBeGreaterThan(130_000);
    const { result, ms, probes } = await whileProbingHealth(() => t.call(api.simpleTableData, body, who.token));
    expectRefused(result as TestResponse, 400);
    expect(result.body.errors?.filter).toEqual([de('common.fieldTooMany', { n: api.maxFilterKeys })]);
    expect(ms).toBeLessThan(1500);
    expect(probes.every((p) => p.status === 200)).toBe(true);
  });

  test('a model selector with 100,000 columns answers 400 at once while /healthz keeps answering', async () => {
    const columns = Array.from({ length: 100_000 }, (_, i) => `c${i}`);
    const { result, ms, probes } = await whileProbingHealth(() =>
      t.call(api.modelSelectorSearch, { _env: who.env, selector: { type: 'customers', columns } }, who.token),
    );
    expectRefused(result as TestResponse, 400);
    expect(result.body.errors?.['selector.columns']).toEqual([de('common.fieldTooMany', { n: maxSelectorColumns })]);
    expect(ms).toBeLessThan(1500);
    expect(probes.every((p) => p.status === 200)).toBe(true);
  });

  test('a list filter of up to the limit is served', async () => {
    const res = await t.call(
      api.simpleTableData,
      { _env: who.env, model: 'DynamicRecord', type: 'customers', filter: { city: 'Köln' } },
      who.token,
    );
    expectOk(res);
  });

  test('a record with more data keys than any type has fields is refused, naming the limit', async () => {
    const data = Object.fromEntries(Array.from({ length: api.maxDataKeys + 1 }, (_, i) => [`f${i}`, 'x']));
    const res = await t.call(api.saveRecord, { _env: who.env, type: 'customers', id: 'new', data }, who.token);
    expectRefused(res, 400);
    expect(res.body.errors?.data).toEqual([de('common.fieldTooMany', { n: api.maxDataKeys })]);
  });

  test('over-long keys and labels are refused by the contract', async () => {
    const cases: Array<[string, object, string]> = [
      [
        api.simpleTableData.path,
        { model: 'DynamicRecord', type: 'customers', filter: { ['k'.repeat(61)]: 'x' } },
        'filter',
      ],
      [
        api.modelSelectorSearch.path,
        { selector: { type: 'customers', columns: ['n'.repeat(61)] } },
        'selector.columns[0]',
      ],
      [api.modelSelectorSearch.path, { selector: { type: 'customers', label: 'l'.repeat(201) } }, 'selector.label'],
      [api.saveRecord.path, { type: 'customers', id: 'new', data: { ['k'.repeat(101)]: 'x' } }, 'data'],
    ];
    for (const [path, body, field] of cases) {
      const res = await t.post(path, { _env: who.env, ...body }, who.token);
      expectRefused(res, 400);
      expect(
        Object.keys(res.body.errors ?? {}).some((k) => k.startsWith(field)),
        JSON.stringify(res.body),
      ).toBe(true);
    }
  });
});
