import * as api from '@kontor/contract/api/records';
import { translator } from '@kontor/contract/i18n/catalogs';
import { normalizePosition, type PositionInput, summarizePositions } from '@kontor/contract/logic/positions';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { seededRandom } from '../../../test/records';

/**
 * Positions and totals are computed by the server in integer cents (spec 01 §5, CLARIFICATIONS
 * "Money"): whatever derived values a client sends are replaced.
 */

const de = translator('de_sie');

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
let customerId: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Rechenwerk GmbH', 'craftsman');
  const customers = await t.call(
    api.simpleTableData,
    { _env: owner.env, model: 'DynamicRecord', type: 'customers' },
    owner.token,
  );
  customerId = customers.body.data?.rows[0]?._id ?? '';
});
afterAll(() => t.close());

let numbers = 0;
const saveInvoice = async (positions: unknown[], extra: Record<string, unknown> = {}) => {
  const res = await t.call(
    api.saveRecord,
    {
      _env: owner.env,
      type: 'invoices',
      id: 'new',
      data: { number: `RE-T-${++numbers}`, customer: customerId, date: '2026-03-01', positions, ...extra },
    },
    owner.token,
  );
  expectOk(res);
  const form = await t.call(
    api.loadRecordForm,
    { _env: owner.env, type: 'invoices', id: res.body.data?.key ?? '' },
    owner.token,
  );
  return form.body.data?.values as Record<string, unknown> & { positions: Array<Record<string, unknown>> };
};

const vat19 = { name: 'USt. 19 %', percent: 19, number: '8400' };
const vat7 = { name: 'USt. 7 %', percent: 7, number: '8300' };

describe('position amounts', () => {
  test('computes price_full and the tax sums of each position, ignoring what the client sent', async () => {
    const values = await saveInvoice([
      {
        title: 'Arbeitsstunde',
        quantity: 2.5,
        unit: 'std',
        price_single: 58,
        price_full: 1,
        taxes: [vat19],
        taxes_sum_percent: 99,
        taxes_sum_price: 1234,
      },
      {
        title: 'Material',
        quantity: '3',
        unit: 'stk',
        price_single: '19.99',
        price_full: null,
        taxes: [vat19, { ...vat7, name: 'Sonderabgabe' }],
      },
      { title: 'Hinweiszeile ohne Preis', quantity: null, price_single: null, price_full: 500, taxes: [vat19] },
    ]);
    expect(values.positions).toEqual([
      expect.objectContaining({
        quantity: 2.5,
        price_single: 58,
        price_full: 145,
        taxes_sum_percent: 19,
        taxes_sum_price: 27.55,
      }),
      expect.objectContaining({
        quantity: 3,
        price_single: 19.99,
        price_full: 59.97,
        taxes_sum_percent: 26,
        taxes_sum_price: 15.59,
      }),
      expect.objectContaining({
        quantity: null,
        price_single: null,
        price_full: null,
        taxes_sum_percent: 19,
        taxes_sum_price: null,
      }),
    ]);
  });

  test("stores net, tax_total and gross in integer cents and ignores the client's totals", async () => {
    const values = await saveInvoice(
      [
        { title: 'A', quantity: 1, price_single: 0.1, taxes: [vat19] },
        { title: 'B', quantity: 1, price_single: 0.2, taxes: [vat19] },
        { title: 'C', quantity: 3, price_single: 0.35, taxes: [vat7] },
      ],
      { net: 1, tax_total: 2, gross: 3, customer_name: 'Falscher Name' },
    );
    // 0.10 + 0.20 + 1.05 = 1.35 net; tax 0.02 + 0.04 + 0.07 (rounded per line).
    expect(values).toMatchObject({ net: 135, tax_total: 13, gross: 148 });
    expect(values.customer_name).not.toBe('Falscher Name');
  });

  test('rounds half away from zero per line, also for credit lines', async () => {
    const values = await saveInvoice([
      { title: 'Gutschrift', quantity: -1, price_single: 0.5, taxes: [vat7] },
      { title: 'Drittel', quantity: 0.3333, price_single: 10, taxes: [vat19] },
    ]);
    // -0.50 × 7 % = -0.035 → -0.04; 0.3333 × 10.00 = 3.333 → 3.33; 3.33 × 19 % = 0.6327 → 0.63.
    expect(values.positions.map((p) => [p.price_full, p.taxes_sum_price])).toEqual([
      [-0.5, -0.04],
      [3.33, 0.63],
    ]);
    expect(values).toMatchObject({ net: 283, tax_total: 59, gross: 342 });
  });

  test('refuses amounts beyond the money range as field errors, also when only their sum is, never 500', async () => {
    const save = (positions: unknown[]) =>
      t.call(
        api.saveRecord,
        {
          _env: owner.env,
          type: 'invoices',
          id: 'new',
          data: { number: `RE-T-${++numbers}`, customer: customerId, date: '2026-03-01', positions },
        },
        owner.token,
      );
    const max = 999_999_999_999.99;
    const single = await save([{ title: 'Zu teuer', quantity: 1, price_single: 1e13 }]);
    expectRefused(single, 400);
    expect(single.body.errors).toEqual({ 'positions[0].price_single': [de('validation.outOfRange')] });
    const product = await save([{ title: 'Zu viel', quantity: 1000, price_single: max }]);
    expectRefused(product, 400);
    expect(product.body.errors).toEqual({ 'positions[0].price_full': [de('validation.outOfRange')] });
    const sum = await save([
      { title: 'Teuer', quantity: 1, price_single: max },
      { title: 'Noch teurer', quantity: 1, price_single: max },
    ]);
    expectRefused(sum, 400);
    expect(sum.body.errors).toEqual({ positions: [de('validation.outOfRange')] });
    expectOk(await save([{ title: 'Gerade noch', quantity: 1, price_single: max }]));
  });

  test('an invoice without positions totals zero', async () => {
    expect(await saveInvoice([])).toMatchObject({ net: 0, tax_total: 0, gross: 0 });
  });

  test('keeps totals right when an invoice is saved again with other positions', async () => {
    const first = await saveInvoice([{ title: 'A', quantity: 1, price_single: 100, taxes: [vat19] }]);
    const res = await t.call(
      api.saveRecord,
      {
        _env: owner.env,
        type: 'invoices',
        id: String(first._id),
        version: 1,
        data: { ...first, positions: [{ title: 'A', quantity: 2, price_single: 100, taxes: [vat19] }], net: 1 },
      },
      owner.token,
    );
    expectOk(res);
    const again = (
      await t.call(api.loadRecordForm, { _env: owner.env, type: 'invoices', id: String(first._id) }, owner.token)
    ).body.data?.values;
    expect(again).toMatchObject({ net: 20000, tax_total: 3800, gross: 23800 });
  });
});

test('server totals equal summarizePositions for random position lists', async () => {
  const random = seededRandom(20261122);
  const taxes = [
    vat19,
    vat7,
    { name: 'Steuerfrei', percent: 0, number: '8100' },
    { name: 'Sondersatz', percent: 10.7, number: '8200' },
  ];
  for (let round = 0; round < 12; round++) {
    const positions: PositionInput[] = Array.from({ length: random.int(1, 12) }, (_, i) => ({
      title: `Position ${i + 1}`,
      quantity: random.int(-2, 400) / random.pick([1, 4, 100, 1000]),
      unit: 'stk',
      price_single: random.int(-5000, 250_000) / 100,
      taxes: random.next() < 0.15 ? [] : [random.pick(taxes), ...(random.next() < 0.2 ? [random.pick(taxes)] : [])],
    }));
    const values = await saveInvoice(positions.map((p) => ({ ...p, price_full: 999, taxes_sum_price: 999 })));
    const summary = summarizePositions(positions);
    const where = `round ${round}: ${JSON.stringify(positions)}`;
    expect(values.net, where).toBe(summary.netCents);
    expect(values.gross, where).toBe(summary.grossCents);
    expect(values.tax_total, where).toBe(summary.grossCents - summary.netCents);
    expect(
      values.positions.map((p) => [p.price_full, p.taxes_sum_price, p.taxes_sum_percent]),
      where,
    ).toEqual(
      positions.map((p) => {
        const n = normalizePosition(p);
        return [n.price_full, n.taxes_sum_price, n.taxes_sum_percent];
      }),
    );
  }
});

describe('title, text and subtotal lines (issue 31 item 3)', () => {
  test('are stored without numbers and leave the totals to the items', async () => {
    const items = [
      { title: 'Parkett verlegen', quantity: 12.5, unit: 'm2', price_single: 38, taxes: [vat19] },
      { title: 'Sockelleiste', quantity: 14, unit: 'm', price_single: 6.4, taxes: [vat7] },
    ];
    const values = await saveInvoice([
      { kind: 'title', title: 'Wohnzimmer' },
      items[0],
      { kind: 'text', title: 'Inklusive Trittschalldämmung.\nUntergrund bauseits.', quantity: 3, price_single: 99 },
      items[1],
      { kind: 'subtotal', title: 'Zwischensumme Wohnzimmer', taxes: [vat19] },
    ]);
    const plain = summarizePositions(items);
    expect(values).toMatchObject({
      net: plain.netCents,
      gross: plain.grossCents,
      tax_total: plain.grossCents - plain.netCents,
    });
    expect(values.positions.map((p) => p.kind)).toEqual(['title', '', 'text', '', 'subtotal']);
    expect(values.positions[2]).toMatchObject({
      title: 'Inklusive Trittschalldämmung.\nUntergrund bauseits.',
      quantity: null,
      price_single: null,
      price_full: null,
      taxes: [],
    });
    expect(values.positions[4]).toMatchObject({ price_full: null, taxes: [] });
  });

  test('an unknown line kind is a field error, and a title line needs its text', async () => {
    const res = await t.call(
      api.saveRecord,
      {
        _env: owner.env,
        type: 'invoices',
        id: 'new',
        data: {
          number: `RE-T-${++numbers}`,
          customer: customerId,
          date: '2026-03-01',
          positions: [
            { kind: 'banner', title: 'x' },
            { kind: 'title', title: '' },
          ],
        },
      },
      owner.token,
    );
    expectRefused(res, 400);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['positions[0].kind', 'positions[1].title']);
    expect(res.body.errors?.['positions[1].title']).toEqual([de('validation.required')]);
  });
});
