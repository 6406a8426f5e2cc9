import * as api from '@kontor/contract/api/records';
import type { BodyOf } from '@kontor/contract/call';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { type EnvPair, expectForeignEnvRefused, setStatus } from '../../../test/cross-tenant';
import { twoEnvironments } from '../../../test/fixtures';
import { startTestApp, type TestApp, type TestResponse } from '../../../test/harness';
import { setStage } from '../../../test/records';

const de = translator('de_sie');

let t: TestApp;
let pair: EnvPair;
let alpha: EnvPair['alpha'];
let beta: EnvPair['beta'];
beforeAll(async () => {
  t = await startTestApp();
  pair = await twoEnvironments(t, 'craftsman');
  ({ alpha, beta } = pair);
});
afterAll(() => t.close());

type Who = { env: string; token: string };
const form = (who: Who, type: string, id: string, extra: { form?: string } = {}) =>
  t.call(api.loadRecordForm, { _env: who.env, type, id, ...extra }, who.token);
const save = (who: Who, type: string, id: string, data: Record<string, unknown>, version?: number | null) =>
  t.call(api.saveRecord, { _env: who.env, type, id, data, ...(version === undefined ? {} : { version }) }, who.token);
const remove = (who: Who, type: string, id: string) => t.call(api.removeRecord, { _env: who.env, type, id }, who.token);
const list = (who: Who, type: string, extra: Partial<BodyOf<typeof api.simpleTableData>> = {}) =>
  t.call(api.simpleTableData, { _env: who.env, model: 'DynamicRecord', type, pageSize: 100, ...extra }, who.token);

let customerCounter = 0;
const newCustomer = async (who: Who = alpha, data: Record<string, unknown> = {}) => {
  const res = await save(who, 'customers', 'new', { name: `Kunde ${++customerCounter} GmbH`, ...data });
  expectOk(res);
  return res.body.data as { key: string; version: number };
};

const notFound = (res: TestResponse, message = de('records.notFound')) => {
  expectRefused(res, 404);
  expect(res.body.message).toBe(message);
};

describe('dynamic-records/form', () => {
  test("'new' answers the form definition, the field definitions and the type's defaults", async () => {
    const res = await form(alpha, 'customers', 'new');
    expectOk(res);
    const data = res.body.data;
    expect(data).toMatchObject({
      type: 'customers',
      singular: 'Kunde',
      version: null,
      stage: null,
      readOnly: false,
      stageActions: [],
      hasPreview: false,
    });
    expect(data?.values).toEqual({ kind: 'company' });
    expect(data?.form[0]).toMatchObject({
      type: 'card',
      headerTitle: 'Stammdaten',
      children: expect.arrayContaining([{ type: 'field', field: 'name', columns: 12 }]),
    });
    expect(data?.fields.name).toMatchObject({
      key: 'name',
      type: 'string',
      label: 'Name / Firma',
      validation: { required: true, maxLength: 200 },
      origin: 'customer',
    });
    expect(data?.fields.kind).toMatchObject({
      appearance: 'select',
      options: [
        { value: 'company', label: 'Firma' },
        { value: 'person', label: 'Privatperson' },
      ],
    });

    const article = (await form(alpha, 'articles', 'new')).body.data;
    // The environment's standard tax rate is a default too (issue 31 item 3; article-defaults.int.test.ts).
    expect(article?.values).toEqual({ unit: 'stk', active: true, tax: expect.any(String) });
  });

  test('starts a new invoice in its required first stage, without stage actions', async () => {
    const data = (await form(alpha, 'invoices', 'new')).body.data;
    expect(data?.stage).toMatchObject({ key: 'draft', name: 'Entwurf' });
    expect(data?.stageActions).toEqual([]);
    expect(data?.fields.positions).toMatchObject({ type: 'map', subType: 'positions-map' });
    expect(data?.fields.net).toMatchObject({ type: 'integer', currency: true, computed: 'positions.net' });
  });

  test('answers a saved record with its values, id, version and the stages it may move to', async () => {
    const invoices = (await list(alpha, 'invoices')).body.data?.rows ?? [];
    const id = invoices.find((r) => r.subject === 'Reparatur Backofen')?._id ?? '';
    const data = (await form(alpha, 'invoices', id)).body.data;
    // A draft's number comes with the freeze (issue 31): the demo draft has none.
    expect(data?.values.number).toBeUndefined();
    expect(data?.values).toMatchObject({
      _id: id,
      customer_name: expect.stringContaining('Bäckerei Schröder'),
      net: 42280,
      tax_total: 8033,
      gross: 50313,
    });
    expect(data?.version).toBe(1);
    expect(data?.stage?.key).toBe('draft');
    // A draft can only be frozen: paying and cancelling need a frozen invoice first.
    expect(data?.stageActions.map((s) => s.key)).toEqual(['sent']);
    expect(data?.stageActions[0]).toEqual({
      key: 'sent',
      name: 'Festgeschrieben/versendet',
      actionName: 'Rechnung festschreiben',
    });
  });

  test('loads system types such as tax rates, addresses and rooms', async () => {
    for (const type of ['envTaxes', 'envAddresses', 'envBankDetails', 'bookingElement', 'booking'])
      expectOk(await form(alpha, type, 'new'));
  });

  test("answers an unknown type with 404 'Seite nicht gefunden ...'", async () => {
    for (const type of ['gibtsnicht', 'customer', 'Customers'])
      notFound(await form(alpha, type, 'new'), de('records.unknownType'));
  });

  test('answers an unknown record id with 404, also when it is no uuid at all', async () => {
    for (const id of ['00000000-0000-7000-8000-000000000000', 'abc', "1' or '1'='1", '../../etc/passwd', 'NEW']) {
      notFound(await form(alpha, 'customers', id));
    }
  });

  test('answers a record of another type as unknown', async () => {
    const { key } = await newCustomer();
    notFound(await form(alpha, 'articles', key));
  });

  test('answers an unknown form with 404', async () => {
    notFound(await form(alpha, 'customers', 'new', { form: 'gibtsnicht' }), de('records.formNotFound'));
  });
});

describe('dynamic-records/save', () => {
  test('creates a record with version 1 and the success message; the form shows what was saved', async () => {
    const res = await save(alpha, 'customers', 'new', {
      customer_number: 'K-2001',
      name: '  Weiß & Söhne OHG  ',
      kind: 'person',
      street: 'Königsallee',
      email: 'info@weiss-soehne.de',
      website: 'https://weiss-soehne.de',
    });
    expectOk(res);
    expect(res.body.message).toBe(de('records.saveSuccess'));
    expect(res.body.data).toEqual({ key: expect.stringMatching(/^[0-9a-f-]{36}$/), version: 1 });
    const values = (await form(alpha, 'customers', res.body.data?.key ?? '')).body.data?.values;
    expect(values).toMatchObject({
      customer_number: 'K-2001',
      name: 'Weiß & Söhne OHG',
      kind: 'person',
      street: 'Königsallee',
      email: 'info@weiss-soehne.de',
    });
  });

  test('updates a record, counts its version up, and keeps keys out of the form out of the record', async () => {
    const { key } = await newCustomer(alpha, { city: 'Bonn' });
    const res = await save(
      alpha,
      'customers',
      key,
      { name: 'Umbenannt GmbH', city: 'Köln', _id: 'anders', hacked: true, searchText: 'x' },
      1,
    );
    expectOk(res);
    expect(res.body.data).toEqual({ key, version: 2 });
    const data = (await form(alpha, 'customers', key)).body.data;
    expect(data?.version).toBe(2);
    expect(data?.values).toMatchObject({ _id: key, name: 'Umbenannt GmbH', city: 'Köln' });
    expect(data?.values).not.toHaveProperty('hacked');
    expect(data?.values).not.toHaveProperty('searchText');
  });

  test('refuses a save with a stale version with 409 and overwrites nothing', async () => {
    const { key } = await newCustomer(alpha, { city: 'Erstfassung' });
    expectOk(await save(alpha, 'customers', key, { name: 'Zweite Fassung GmbH' }, 1));
    const stale = await save(alpha, 'customers', key, { name: 'Veraltet GmbH' }, 1);
    expectRefused(stale, 409);
    expect(stale.body.message).toBe(de('records.staleVersion'));
    expect(stale.body.code).toBe('stale_version');
    const data = (await form(alpha, 'customers', key)).body.data;
    expect(data).toMatchObject({ version: 2, values: { name: 'Zweite Fassung GmbH' } });
  });

  test('of two saves with the same version only the first is taken', async () => {
    const { key } = await newCustomer();
    const first = await save(alpha, 'customers', key, { name: 'Erste GmbH' }, 1);
    const second = await save(alpha, 'customers', key, { name: 'Zweite GmbH' }, 1);
    expectOk(first);
    expectRefused(second, 409);
    expect((await form(alpha, 'customers', key)).body.data?.values.name).toBe('Erste GmbH');
  });

  test('of two simultaneous saves with the same version exactly one is taken', async () => {
    const { key } = await newCustomer();
    const answers = await Promise.all(
      ['Eins', 'Zwei', 'Drei', 'Vier'].map((n) => save(alpha, 'customers', key, { name: `${n} GmbH` }, 1)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    const winner = answers.find((r) => r.statusCode === 200);
    const data = (await form(alpha, 'customers', key)).body.data;
    expect(data?.version).toBe(2);
    expect(winner?.body.data?.version).toBe(2);
    expect(['Eins GmbH', 'Zwei GmbH', 'Drei GmbH', 'Vier GmbH']).toContain(data?.values.name);
  });

  test('refuses a version below 1 or of the wrong type as bad input', async () => {
    const { key } = await newCustomer();
    for (const version of [0, -1, 1.5, '1']) {
      const res = await t.post(
        api.saveRecord.path,
        { _env: alpha.env, type: 'customers', id: key, data: { name: 'X' }, version },
        alpha.token,
      );
      expectRefused(res, 400);
      expect(res.body.errors?.version).toBeDefined();
    }
  });

  test('answers a save of an unknown id with 404 and creates nothing', async () => {
    const before = (await list(alpha, 'customers')).body.data?.total;
    for (const id of ['00000000-0000-7000-8000-000000000000', 'kein-uuid']) {
      notFound(await save(alpha, 'customers', id, { name: 'Phantom GmbH' }));
    }
    notFound(await save(alpha, 'gibtsnicht', 'new', { name: 'X' }), de('records.unknownType'));
    expect((await list(alpha, 'customers')).body.data?.total).toBe(before);
  });

  test('refuses to change a record whose stage forbids editing', async () => {
    const invoices = (await list(alpha, 'invoices')).body.data?.rows ?? [];
    const id = invoices.find((r) => r.subject === 'Lieferung Fachbuch')?._id ?? '';
    await setStage(t, alpha.env, id, 'sent');
    const res = await save(alpha, 'invoices', id, { subject: 'Lieferung Fachbuch geändert' });
    expectRefused(res, 409);
    expect(res.body.message).toBe(de('records.editDisabled'));
    expectRefused(await remove(alpha, 'invoices', id), 409);
    const data = (await form(alpha, 'invoices', id)).body.data;
    expect(data).toMatchObject({ readOnly: true, stage: { key: 'sent' }, values: { subject: 'Lieferung Fachbuch' } });
    expect(data?.stageActions.map((s) => s.key)).toEqual(['paid', 'cancelled']);
  });
});

describe('dynamic-records/remove', () => {
  test('removes the record: its form is 404, it leaves the list, a second removal is 404', async () => {
    const { key } = await newCustomer(alpha, { name: 'Wegdamit GmbH' });
    const res = await remove(alpha, 'customers', key);
    expectOk(res);
    expect(res.body.message).toBe(de('records.removeSuccess'));
    notFound(await form(alpha, 'customers', key));
    expect((await list(alpha, 'customers', { search: 'Wegdamit' })).body.data?.total).toBe(0);
    notFound(await remove(alpha, 'customers', key));
  });

  test('answers unknown ids, non-uuid ids and unknown types with 404', async () => {
    for (const id of ['00000000-0000-7000-8000-000000000000', 'new', 'x'.repeat(64)])
      notFound(await remove(alpha, 'customers', id));
    notFound(await remove(alpha, 'gibtsnicht', 'new'), de('records.unknownType'));
  });
});

describe('environment status', () => {
  test('refuses creating, editing and removing unless the environment is active; the form turns read-only', async () => {
    const { key } = await newCustomer(alpha, { name: 'Statusprobe GmbH' });
    await setStatus(t, alpha.env, 'inactive');
    try {
      for (const res of [
        await save(alpha, 'customers', 'new', { name: 'Neu GmbH' }),
        await save(alpha, 'customers', key, { name: 'Geändert GmbH' }),
        await remove(alpha, 'customers', key),
      ]) {
        expectRefused(res, 403);
        expect(res.body.message).toBe(de('environments.notActive'));
      }
      const read = await form(alpha, 'customers', key);
      expectOk(read);
      expect(read.body.data?.readOnly).toBe(true);
      expect((await form(alpha, 'customers', 'new')).body.data?.readOnly).toBe(true);
    } finally {
      await setStatus(t, alpha.env, 'active');
    }
    await setStatus(t, alpha.env, 'blocked');
    try {
      for (const res of [
        await form(alpha, 'customers', key),
        await save(alpha, 'customers', key, { name: 'Geändert GmbH' }),
        await list(alpha, 'customers'),
      ]) {
        expectRefused(res, 403);
        expect(res.body.message).toBe(de('environments.blocked'));
      }
    } finally {
      await setStatus(t, alpha.env, 'active');
    }
    expect((await form(alpha, 'customers', key)).body.data?.values.name).toBe('Statusprobe GmbH');
  });
});

describe('dynamic-records/type/details', () => {
  test('answers the effective child type: inherited fields carry origin, inherited forms and lists are presets', async () => {
    const res = await t.call(api.recordTypeDetails, { _env: alpha.env, type: 'invoices' }, alpha.token);
    expectOk(res);
    const type = res.body.data;
    expect(type).toMatchObject({
      key: 'invoices',
      parent: 'invoice',
      singular: 'Rechnung',
      plural: 'Rechnungen',
      system: false,
      isCreatable: true,
      mainForm: 'main',
      defaultList: 'main',
    });
    expect(type?.fields.length).toBeGreaterThan(5);
    for (const field of type?.fields ?? []) expect(field.origin, field.key).toBe('invoice');
    expect(type?.forms.map((f) => [f.key, f.isPreset])).toEqual([['main', true]]);
    expect(type?.lists.map((l) => [l.key, l.isPreset])).toEqual([['main', true]]);
    expect(type?.stages.map((s) => s.key)).toEqual(['draft', 'sent', 'paid', 'cancelled', 'cancellation']);
    expect(type?.count).toBe(2);
  });

  test('counts the records of the type in this environment only', async () => {
    const alphaCount =
      (await t.call(api.recordTypeDetails, { _env: alpha.env, type: 'customers' }, alpha.token)).body.data?.count ?? 0;
    const betaCount = (await t.call(api.recordTypeDetails, { _env: beta.env, type: 'customers' }, beta.token)).body.data
      ?.count;
    await newCustomer(alpha);
    expect(
      (await t.call(api.recordTypeDetails, { _env: alpha.env, type: 'customers' }, alpha.token)).body.data?.count,
    ).toBe(alphaCount + 1);
    expect(
      (await t.call(api.recordTypeDetails, { _env: beta.env, type: 'customers' }, beta.token)).body.data?.count,
    ).toBe(betaCount);
  });

  test('answers system types as they are and unknown types with 404', async () => {
    const taxes = (await t.call(api.recordTypeDetails, { _env: alpha.env, type: 'envTaxes' }, alpha.token)).body.data;
    expect(taxes).toMatchObject({ key: 'envTaxes', parent: null, system: true, isCreatable: false, count: 3 });
    for (const field of taxes?.fields ?? []) expect(field.origin).toBeUndefined();
    for (const type of ['customer', 'drop table records;--', 'ä'.repeat(60)]) {
      notFound(await t.call(api.recordTypeDetails, { _env: alpha.env, type }, alpha.token), de('records.unknownType'));
    }
  });
});

describe('isolation', () => {
  test('every record call refuses a foreign, unknown or missing environment and a deactivated member', async () => {
    const { key } = await newCustomer();
    await expectForeignEnvRefused(t, api.loadRecordForm, { type: 'customers', id: key }, { pair, mode: 'read' });
    await expectForeignEnvRefused(
      t,
      api.saveRecord,
      { type: 'customers', id: 'new', data: { name: 'Fremd GmbH' } },
      { pair, mode: 'write' },
    );
    await expectForeignEnvRefused(t, api.removeRecord, { type: 'customers', id: key }, { pair, mode: 'write' });
    await expectForeignEnvRefused(t, api.recordTypeDetails, { type: 'customers' }, { pair, mode: 'read' });
    await expectForeignEnvRefused(
      t,
      api.simpleTableData,
      { model: 'DynamicRecord', type: 'customers' },
      { pair, mode: 'read' },
    );
    await expectForeignEnvRefused(
      t,
      api.modelSelectorSearch,
      { selector: { type: 'customer' } },
      { pair, mode: 'read' },
    );
    await expectForeignEnvRefused(
      t,
      api.modelSelectorResult,
      { selector: { type: 'customer' }, value: key },
      { pair, mode: 'read' },
    );
  });

  test("a record id of environment A is unknown in environment B: form, save and remove answer 404 and A's record stays", async () => {
    const { key } = await newCustomer(alpha, { name: 'Nur Alpha GmbH' });
    notFound(await form(beta, 'customers', key));
    notFound(await save(beta, 'customers', key, { name: 'Übernommen GmbH' }));
    notFound(await save(beta, 'customers', key, { name: 'Übernommen GmbH' }, 1));
    notFound(await remove(beta, 'customers', key));
    const res = await form(alpha, 'customers', key);
    expect(res.body.data).toMatchObject({ version: 1, values: { name: 'Nur Alpha GmbH' } });
  });

  test('a list of B never shows records of A', async () => {
    await newCustomer(alpha, { name: 'Geheimkunde Alpha GmbH' });
    const res = await list(beta, 'customers', { search: 'Geheimkunde' });
    expectOk(res);
    expect(res.body.data?.total).toBe(0);
    const all = (await list(beta, 'customers')).body.data?.rows ?? [];
    expect(all.map((r) => r.name)).not.toContain('Geheimkunde Alpha GmbH');
  });
});

describe('bad input', () => {
  const paths = [api.loadRecordForm.path, api.saveRecord.path, api.removeRecord.path, api.recordTypeDetails.path];

  test('answers malformed JSON, a wrong content type and an oversized body with 4xx and a message', async () => {
    for (const path of paths) {
      const bad = await t.post(path, `{"_env":"${alpha.env}","type":"customers",`, alpha.token);
      expectRefused(bad, 400);
      expect(bad.body.message).toBe(de('common.malformedJson'));
      expectRefused(
        await t.post(path, 'type=customers', alpha.token, { 'content-type': 'application/x-www-form-urlencoded' }),
        415,
      );
      expectRefused(
        await t.post(
          path,
          { _env: alpha.env, type: 'customers', id: 'new', data: { name: 'x'.repeat(1_100_000) } },
          alpha.token,
        ),
        413,
      );
    }
  });

  test('answers wrongly typed, missing and huge parameters with 400 naming the field', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [api.loadRecordForm.path, { type: 42, id: 'new' }, 'type'],
      [api.loadRecordForm.path, { type: 'customers' }, 'id'],
      [api.loadRecordForm.path, { type: 'customers', id: ['new'] }, 'id'],
      [api.loadRecordForm.path, { type: 'x'.repeat(100_000), id: 'new' }, 'type'],
      [api.loadRecordForm.path, { type: 'customers', id: 'x'.repeat(100_000) }, 'id'],
      [api.loadRecordForm.path, { type: 'customers', id: 'new', form: { key: 'main' } }, 'form'],
      [api.saveRecord.path, { type: 'customers', id: 'new' }, 'data'],
      [api.saveRecord.path, { type: 'customers', id: 'new', data: 'name=X' }, 'data'],
      [api.saveRecord.path, { type: 'customers', id: 'new', data: [{ name: 'X' }] }, 'data'],
      [api.saveRecord.path, { type: 'customers', id: null, data: {} }, 'id'],
      [api.removeRecord.path, { type: 'customers', id: 7 }, 'id'],
      [api.recordTypeDetails.path, { type: null }, 'type'],
    ];
    for (const [path, body, field] of cases) {
      const res = await t.post(path, { _env: alpha.env, ...body }, alpha.token);
      expectRefused(res, 400);
      expect(res.body.errors?.[field], `${path} ${JSON.stringify(body).slice(0, 60)}`).toBeDefined();
    }
  });

  test('answers huge values and huge lists in the record data with field errors, never 500', async () => {
    const huge = await save(alpha, 'customers', 'new', { name: 'n'.repeat(300_000) });
    expectRefused(huge, 400);
    expect(huge.body.errors?.name).toBeDefined();
    const positions = Array.from({ length: 5000 }, () => ({ title: 'x' }));
    const many = await save(alpha, 'invoices', 'new', {
      number: 'RE-HUGE',
      customer: null,
      date: '2026-01-01',
      positions,
    });
    expectRefused(many, 400);
    expect(many.body.errors?.positions).toEqual([de('records.tooManyEntries', { n: 500 })]);
    const deep = await save(alpha, 'customers', 'new', { name: { a: { b: { c: [1, 2, 3] } } } });
    expectRefused(deep, 400);
    expect(deep.body.errors).toEqual({ name: [de('records.invalidValue')] });
    const nul = await save(alpha, 'customers', 'new', { name: 'Null\u0000Byte GmbH' });
    expect(nul.statusCode).toBeLessThan(500);
  });
});
