import * as api from '@kontor/contract/api/records';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import type { EnvPair } from '../../../test/cross-tenant';
import { twoEnvironments } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { defineChildType } from '../../../test/records';

const de = translator('de_sie');

let t: TestApp;
let alpha: EnvPair['alpha'];
let beta: EnvPair['beta'];
/** Customer ids by name, per environment. */
const customers: Record<'alpha' | 'beta', Record<string, string>> = { alpha: {}, beta: {} };

type Selector = api.ModelSelectorItem;
const search = (selector: { type: string; columns?: string[] }, text?: string, who = alpha) =>
  t.call(
    api.modelSelectorSearch,
    { _env: who.env, selector, ...(text === undefined ? {} : { search: text }) },
    who.token,
  );
const result = (selector: { type: string; columns?: string[] }, value: string | string[], who = alpha) =>
  t.call(api.modelSelectorResult, { _env: who.env, selector, value }, who.token);
const labels = (items: Selector[] | undefined) => (items ?? []).map((i) => i.label);

beforeAll(async () => {
  t = await startTestApp();
  ({ alpha, beta } = await twoEnvironments(t, 'craftsman'));
  for (const [who, key] of [
    [alpha, 'alpha'],
    [beta, 'beta'],
  ] as const) {
    const rows =
      (await t.call(api.simpleTableData, { _env: who.env, model: 'DynamicRecord', type: 'customers' }, who.token)).body
        .data?.rows ?? [];
    for (const row of rows) customers[key][String(row.name)] = row._id;
  }
  // A second child type of the base type customer: a selector on 'customer' finds both.
  await defineChildType(t, alpha.env, {
    key: 'lieferanten',
    parent: 'customer',
    definition: { singular: 'Lieferant', plural: 'Lieferanten' },
  });
  expectOk(
    await t.call(
      api.saveRecord,
      {
        _env: alpha.env,
        type: 'lieferanten',
        id: 'new',
        data: { customer_number: 'L-1', name: 'Holzhandel Übermut KG', city: 'Würzburg' },
      },
      alpha.token,
    ),
  );
});
afterAll(() => t.close());

describe('model-selector/search', () => {
  test("labels records by the type's modelSelectorLabel, ordered by its first column", async () => {
    const res = await search({ type: 'customers' });
    expectOk(res);
    expect(res.body.data).toEqual([
      { _id: customers.alpha['Bäckerei Schröder GmbH'], label: '10001 · Bäckerei Schröder GmbH · Köln' },
      { _id: customers.alpha['Müller & Söhne KG'], label: '10002 · Müller & Söhne KG · Stuttgart' },
      { _id: customers.alpha['Praxis Dr. Weiß'], label: '10003 · Praxis Dr. Weiß · München' },
    ]);
  });

  test("labels records by the selector's own columns when it names them", async () => {
    const res = await search({ type: 'customers', columns: ['name', 'email'] });
    expect(labels(res.body.data)).toEqual([
      'Bäckerei Schröder GmbH · info@baeckerei-schroeder.de',
      'Müller & Söhne KG · kontakt@mueller-soehne.de',
      'Praxis Dr. Weiß · praxis@dr-weiss.de',
    ]);
    const contacts = await search({ type: 'contacts' });
    expect(labels(contacts.body.data)).toEqual(['Sabine · Schröder']);
  });

  test('searches the label columns, ignoring case, with umlauts, taking wildcards literally', async () => {
    expect(labels((await search({ type: 'customers' }, 'schröder')).body.data)).toEqual([
      '10001 · Bäckerei Schröder GmbH · Köln',
    ]);
    expect(labels((await search({ type: 'customers' }, 'MÜNCHEN')).body.data)).toEqual([
      '10003 · Praxis Dr. Weiß · München',
    ]);
    expect(labels((await search({ type: 'customers' }, '10002')).body.data)).toEqual([
      '10002 · Müller & Söhne KG · Stuttgart',
    ]);
    expect((await search({ type: 'customers' }, 'baeckerei')).body.data).toEqual([]);
    expect((await search({ type: 'customers' }, '%')).body.data).toEqual([]);
    expect((await search({ type: 'customers' }, '_')).body.data).toEqual([]);
    expect(labels((await search({ type: 'customers' }, '   ')).body.data)).toHaveLength(3);
  });

  test('a base type key finds the records of every child type of it in the environment', async () => {
    const res = await search({ type: 'customer' });
    expect(labels(res.body.data)).toEqual([
      '10001 · Bäckerei Schröder GmbH · Köln',
      '10002 · Müller & Söhne KG · Stuttgart',
      '10003 · Praxis Dr. Weiß · München',
      'L-1 · Holzhandel Übermut KG · Würzburg',
    ]);
    expect(labels((await search({ type: 'customer' }, 'übermut')).body.data)).toEqual([
      'L-1 · Holzhandel Übermut KG · Würzburg',
    ]);
    expect(labels((await search({ type: 'customer' }, undefined, beta)).body.data)).toHaveLength(3);
  });

  test('answers system types too (tax rates for an article)', async () => {
    expect(labels((await search({ type: 'envTaxes' })).body.data).sort()).toEqual([
      'Steuerfrei',
      'USt. 19 %',
      'USt. 7 %',
    ]);
  });

  test('answers at most 30 records', async () => {
    for (let i = 0; i < 32; i++) {
      expectOk(
        await t.call(
          api.saveRecord,
          {
            _env: beta.env,
            type: 'articles',
            id: 'new',
            data: { article_number: `S-${String(i).padStart(2, '0')}`, title: `Schraube ${i}` },
          },
          beta.token,
        ),
      );
    }
    const res = await search({ type: 'articles' }, 'schraube', beta);
    expect(res.body.data).toHaveLength(30);
    expect(res.body.data?.[0]?.label).toBe('S-00 · Schraube 0');
  });

  test("answers an unknown type with 'Seite nicht gefunden ...' and missing label columns with 'Missing label information'", async () => {
    for (const type of ['gibtsnicht', 'Customers']) {
      const res = await search({ type });
      expectRefused(res, 404);
      expect(res.body.message).toBe(de('records.unknownType'));
    }
    await defineChildType(t, alpha.env, {
      key: 'ohneLabel',
      parent: 'customer',
      definition: { singular: 'Ohne', plural: 'Ohne', modelSelectorLabel: [] },
    });
    const res = await search({ type: 'ohneLabel' });
    expectRefused(res, 400);
    expect(res.body.message).toBe('Missing label information');
  });

  test('refuses label columns that are not fields of the type', async () => {
    for (const columns of [['name; drop table records'], ['name', 'gibtsnicht'], ['passwort']]) {
      for (const res of [
        await search({ type: 'customers', columns }),
        await search({ type: 'customer', columns }),
        await result({ type: 'customers', columns }, customers.alpha['Müller & Söhne KG'] ?? ''),
      ]) {
        expectRefused(res, 400);
        expect(res.body.message).toBe(de('records.selectorUnknownColumn'));
      }
    }
    // A field of the type that no list shows is a fine label column.
    expectOk(await search({ type: 'customers', columns: ['vat_id', 'name'] }));
  });

  test("never shows another environment's types: a child type of A is unknown in B", async () => {
    const res = await search({ type: 'lieferanten' }, undefined, beta);
    expectRefused(res, 404);
    expect(res.body.message).toBe(de('records.unknownType'));
    expectRefused(await t.call(api.recordTypeDetails, { _env: beta.env, type: 'lieferanten' }, beta.token), 404);
    expectRefused(
      await t.call(api.simpleTableData, { _env: beta.env, model: 'DynamicRecord', type: 'lieferanten' }, beta.token),
      404,
    );
    expectRefused(
      await t.call(api.loadRecordForm, { _env: beta.env, type: 'lieferanten', id: 'new' }, beta.token),
      404,
    );
  });

  test("never shows another environment's records", async () => {
    const found = await search({ type: 'customers' }, undefined, beta);
    const ids = (found.body.data ?? []).map((i) => i._id);
    expect(ids.sort()).toEqual(Object.values(customers.beta).sort());
    for (const id of Object.values(customers.alpha)) expect(ids).not.toContain(id);
  });
});

describe('model-selector/result', () => {
  test('answers one record for a single value', async () => {
    const id = customers.alpha['Müller & Söhne KG'] ?? '';
    const res = await result({ type: 'customers' }, id);
    expectOk(res);
    expect(res.body.data).toEqual({ _id: id, label: '10002 · Müller & Söhne KG · Stuttgart' });
    expect((await result({ type: 'customer', columns: ['name'] }, id)).body.data).toEqual({
      _id: id,
      label: 'Müller & Söhne KG',
    });
  });

  test('answers a list in the order asked for a list of values', async () => {
    const a = customers.alpha['Praxis Dr. Weiß'] ?? '';
    const b = customers.alpha['Bäckerei Schröder GmbH'] ?? '';
    const res = await result({ type: 'customers', columns: ['name'] }, [a, b]);
    expect(res.body.data).toEqual([
      { _id: a, label: 'Praxis Dr. Weiß' },
      { _id: b, label: 'Bäckerei Schröder GmbH' },
    ]);
    expect((await result({ type: 'customers' }, [])).body.data).toEqual([]);
  });

  test('answers null or leaves out ids that are unknown, no uuid, of another type or of another environment', async () => {
    const foreign = customers.beta['Müller & Söhne KG'] ?? '';
    const own = customers.alpha['Müller & Söhne KG'] ?? '';
    for (const value of ['00000000-0000-7000-8000-000000000000', 'kein-uuid', foreign, '']) {
      const res = await result({ type: 'customers' }, value);
      expectOk(res);
      expect(res.body.data, value).toBeNull();
    }
    const contact = (await search({ type: 'contacts' })).body.data?.[0]?._id ?? '';
    expect((await result({ type: 'customers' }, contact)).body.data).toBeNull();
    const list = await result({ type: 'customers' }, [foreign, own, 'kein-uuid', contact]);
    expect((list.body.data as Selector[]).map((i) => i._id)).toEqual([own]);
    // The other way round: beta asking for alpha's record.
    expect((await result({ type: 'customers' }, own, beta)).body.data).toBeNull();
  });
});

describe('bad input', () => {
  test('answers wrong types, huge strings and huge lists with 400 naming the field', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [api.modelSelectorSearch.path, {}, 'selector'],
      [api.modelSelectorSearch.path, { selector: 'customers' }, 'selector'],
      [api.modelSelectorSearch.path, { selector: { type: 42 } }, 'selector.type'],
      [api.modelSelectorSearch.path, { selector: { type: 'x'.repeat(100_000) } }, 'selector.type'],
      [api.modelSelectorSearch.path, { selector: { type: 'customers', columns: 'name' } }, 'selector.columns'],
      [api.modelSelectorSearch.path, { selector: { type: 'customers' }, search: 's'.repeat(201) }, 'search'],
      [api.modelSelectorSearch.path, { selector: { type: 'customers' }, search: { $ne: '' } }, 'search'],
      [api.modelSelectorResult.path, { selector: { type: 'customers' } }, 'value'],
      [api.modelSelectorResult.path, { selector: { type: 'customers' }, value: 42 }, 'value'],
      [api.modelSelectorResult.path, { selector: { type: 'customers' }, value: 'x'.repeat(65) }, 'value'],
      [
        api.modelSelectorResult.path,
        { selector: { type: 'customers' }, value: Array.from({ length: 201 }, () => 'a') },
        'value',
      ],
      [api.modelSelectorResult.path, { selector: { type: 'customers' }, value: [{ id: 'a' }] }, 'value'],
    ];
    for (const [path, body, field] of cases) {
      const res = await t.post(path, { _env: alpha.env, ...body }, alpha.token);
      expectRefused(res, 400);
      expect(res.body.errors?.[field], `${path} ${JSON.stringify(body).slice(0, 80)}`).toBeDefined();
    }
    for (const path of [api.modelSelectorSearch.path, api.modelSelectorResult.path]) {
      const bad = await t.post(path, '{"_env":"x","selector":{', alpha.token);
      expectRefused(bad, 400);
      expect(bad.body.message).toBe(de('common.malformedJson'));
    }
  });

  test('answers 200 valid but unknown ids with an empty list', async () => {
    const value = Array.from({ length: 200 }, (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`);
    const res = await result({ type: 'customers' }, value);
    expectOk(res);
    expect(res.body.data).toEqual([]);
  });
});
