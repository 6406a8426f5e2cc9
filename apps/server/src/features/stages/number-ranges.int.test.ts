import * as records from '@kontor/contract/api/records';
import { numberRanges, saveNumberRange, stageChange } from '@kontor/contract/api/stages';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { memberOf, userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';

const de = translator('de_sie');
const year = new Date().getFullYear();

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
let other: Awaited<ReturnType<typeof userWithEnvironment>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Nummernkreis GmbH', 'craftsman');
  other = await userWithEnvironment(t, 'Andere Nummern KG', 'craftsman');
});
afterAll(() => t.close());

type Who = { env: string; token: string };
const ranges = async (who: Who = owner) => {
  const res = await t.call(numberRanges, { _env: who.env }, who.token);
  expectOk(res);
  return res.body.data ?? [];
};
const rangeOf = async (type: string, who: Who = owner) => (await ranges(who)).find((r) => r.type === type);
const save = (body: { type: string; format: string; next: number; auto: boolean }, who: Who = owner) =>
  t.call(saveNumberRange, { _env: who.env, ...body }, who.token);
const saveRecord = (type: string, data: Record<string, unknown>, who: Who = owner) =>
  t.call(records.saveRecord, { _env: who.env, type, id: 'new', data }, who.token);
const valuesOf = async (type: string, id: string, who: Who = owner) =>
  (await t.call(records.loadRecordForm, { _env: who.env, type, id }, who.token)).body.data?.values ?? {};
const firstCustomer = async (who: Who = owner) =>
  (await t.call(records.simpleTableData, { _env: who.env, model: 'DynamicRecord', type: 'customers' }, who.token)).body
    .data?.rows[0]?._id ?? '';
const frozenInvoice = async (who: Who = owner) => {
  const saved = await saveRecord(
    'invoices',
    {
      customer: await firstCustomer(who),
      date: '2026-03-02',
      positions: [{ title: 'Beratung', quantity: '1', price_single: '90.00', taxes: [{ name: 'USt.', percent: 19 }] }],
    },
    who,
  );
  expectOk(saved);
  const frozen = await t.call(
    stageChange,
    { _env: who.env, type: 'invoices', stage: 'sent', id: saved.body.data?.key ?? '' },
    who.token,
  );
  expectOk(frozen);
  return frozen.body.data?.frozen?.number ?? '';
};

describe('settings/number-ranges', () => {
  test('lists every numbered type: invoices at the freeze first, then the ranges drawn on creation', async () => {
    const list = await ranges();
    expect(list.map((r) => r.type)).toEqual(['invoices', 'offers', 'articles', 'customers']);
    expect(list[0]).toMatchObject({
      name: 'Rechnungen',
      fieldLabel: 'Rechnungsnummer',
      assign: 'freeze',
      format: 'RE-{YYYY}-{NNNN}',
      auto: true,
      next: 1,
      example: `RE-${year}-0001`,
    });
    // The demo customers drew 10001–10003 from the range: the next real one follows them.
    expect(list.find((r) => r.type === 'customers')).toMatchObject({
      format: '{NNNNN}',
      next: 10004,
      minNext: 10004,
      auto: true,
      example: '10004',
    });
  });

  test('demo records carry numbers in the real format, drafts none before the freeze', async () => {
    const rows = async (type: string) =>
      (await t.call(records.simpleTableData, { _env: owner.env, model: 'DynamicRecord', type }, owner.token)).body.data
        ?.rows ?? [];
    expect((await rows('customers')).map((r) => r.customer_number).sort()).toEqual(['10001', '10002', '10003']);
    expect((await rows('articles')).map((r) => r.article_number).sort()).toEqual([
      'A-0001',
      'A-0002',
      'A-0003',
      'A-0004',
    ]);
    expect((await rows('offers')).map((r) => r.number)).toEqual([`AN-${year}-0001`]);
    expect((await rows('invoices')).map((r) => r.number)).toEqual([null, null]);
  });

  test('a customer saved without a number gets the next one; a typed number is kept and skipped', async () => {
    const typed = await saveRecord('customers', { name: 'Eigene Nummer GmbH', customer_number: '10005' });
    expectOk(typed);
    const drawn = await saveRecord('customers', { name: 'Neu GmbH' });
    expectOk(drawn);
    const skipped = await saveRecord('customers', { name: 'Übernächste GmbH' });
    expectOk(skipped);
    expect((await valuesOf('customers', typed.body.data?.key ?? '')).customer_number).toBe('10005');
    expect((await valuesOf('customers', drawn.body.data?.key ?? '')).customer_number).toBe('10004');
    expect((await valuesOf('customers', skipped.body.data?.key ?? '')).customer_number).toBe('10006');
  });

  test('a new pattern and next number apply to the next record; switched off, nothing is drawn', async () => {
    const saved = await save({ type: 'articles', format: 'ART-{YYYY}-{NNN}', next: 50, auto: true });
    expectOk(saved);
    expect(saved.body.message).toBe(de('stages.rangeSaved'));
    expect(saved.body.data).toMatchObject({ format: 'ART-{YYYY}-{NNN}', next: 50, example: `ART-${year}-050` });
    const article = await saveRecord('articles', { title: 'Leimholzplatte' });
    expect((await valuesOf('articles', article.body.data?.key ?? '')).article_number).toBe(`ART-${year}-050`);

    expectOk(await save({ type: 'articles', format: 'ART-{YYYY}-{NNN}', next: 51, auto: false }));
    const manual = await saveRecord('articles', { title: 'Ohne Nummer' });
    expectOk(manual);
    expect((await valuesOf('articles', manual.body.data?.key ?? '')).article_number).toBe('');
    expect(await rangeOf('articles')).toMatchObject({ auto: false, next: 51 });
  });

  test('an invoice number is never issued twice: the next number can be raised, never lowered', async () => {
    const first = await frozenInvoice();
    expect(first).toBe(`RE-${year}-0001`);
    const lower = await save({ type: 'invoices', format: 'RE-{YYYY}-{NNNN}', next: 1, auto: true });
    expectRefused(lower, 400);
    expect(lower.body.errors?.next).toEqual([de('stages.rangeNextTooLow', { min: '2' })]);

    expectOk(await save({ type: 'invoices', format: 'R{YYYY}-{NNNNN}', next: 100, auto: false }));
    // Numbers drawn at the freeze cannot be switched off.
    expect(await rangeOf('invoices')).toMatchObject({ auto: true, next: 100, minNext: 100, example: `R${year}-00100` });
    expect(await frozenInvoice()).toBe(`R${year}-00100`);
    expect(await rangeOf('invoices')).toMatchObject({ next: 101, minNext: 101 });
  });

  test('refuses bad patterns, unknown types and foreign environments with clear messages', async () => {
    const cases: Array<[string, string]> = [
      ['RE-{YYYY}', de('stages.rangeFormatInvalid')],
      ['RE/{YYYY}/{NNNN}', de('stages.rangeFormatInvalid')],
      ['RE-{JJJJ}-{NNNN}', de('stages.rangeFormatInvalid')],
      ['RECHNUNGSNUMMER-{YYYY}-{NNNNNNNNN}-X', de('stages.rangeTooLong', { max: 30 })],
    ];
    for (const [format, message] of cases) {
      const res = await save({ type: 'offers', format, next: 5, auto: true });
      expectRefused(res, 400);
      expect(res.body.errors?.format, format).toEqual([message]);
    }
    const unknown = await save({ type: 'contacts', format: 'KO-{NNNN}', next: 1, auto: true });
    expectRefused(unknown, 404);
    expect(unknown.body.message).toBe(de('stages.rangeUnknown'));
    expect(await rangeOf('offers')).toMatchObject({ format: 'AN-{YYYY}-{NNNN}' });

    // Tenant isolation: another environment's member can neither read nor change this one's ranges.
    expectRefused(await t.call(numberRanges, { _env: owner.env }, other.token), 403);
    expectRefused(
      await save({ type: 'customers', format: 'X-{NNNN}', next: 1, auto: true }, { ...other, env: owner.env }),
      403,
    );
    expect(await rangeOf('customers')).toMatchObject({ format: '{NNNNN}' });
    // … and its own ranges are untouched by everything above.
    expect(await rangeOf('articles', other)).toMatchObject({ format: 'A-{NNNN}', next: 5, auto: true });
    expect(await rangeOf('invoices', other)).toMatchObject({ format: 'RE-{YYYY}-{NNNN}', next: 1 });
  });

  test('members without the settings right read the ranges but cannot change them', async () => {
    const staff = await memberOf(t, owner, 'staff');
    expect((await ranges(staff)).length).toBe(4);
    expectRefused(await save({ type: 'customers', format: 'K-{NNNN}', next: 99_999, auto: true }, staff), 403);
  });
});
