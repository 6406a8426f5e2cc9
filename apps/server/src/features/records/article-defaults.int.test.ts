import { environmentDetails } from '@kontor/contract/api/environments';
import * as api from '@kontor/contract/api/records';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';

/** Issue 31 item 3: a new article starts with the environment's standard tax rate. */

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
let defaultTax: string | null;
let otherTax: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Tischlerei Kern', 'craftsman');
  const details = await t.call(environmentDetails, { _env: owner.env }, owner.token);
  defaultTax = details.body.data?.environment.default_tax ?? null;
  otherTax = details.body.data?.environment.taxes.find((tax) => tax._id !== defaultTax)?._id ?? '';
});
afterAll(() => t.close());

const articleForm = (id: string) => t.call(api.loadRecordForm, { _env: owner.env, type: 'articles', id }, owner.token);

describe('the tax rate of a new article', () => {
  test("is the environment's standard tax rate in the new form, next to the type's own defaults", async () => {
    expect(defaultTax).toEqual(expect.any(String));
    const res = await articleForm('new');
    expectOk(res);
    expect(res.body.data?.values).toMatchObject({ tax: defaultTax, unit: 'stk', active: true });
  });

  test('stays changeable: a saved article keeps the rate it was given', async () => {
    const saved = await t.call(
      api.saveRecord,
      {
        _env: owner.env,
        type: 'articles',
        id: 'new',
        data: { title: 'Türzarge einbauen', unit: 'stk', price: 120, tax: otherTax },
      },
      owner.token,
    );
    expectOk(saved);
    const res = await articleForm(saved.body.data?.key ?? '');
    expect(res.body.data?.values.tax).toBe(otherTax);
  });
});
