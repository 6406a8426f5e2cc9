import type { DataField } from '@kontor/contract/api/record-types';
import * as api from '@kontor/contract/api/records';
import { setupStep1 } from '@kontor/contract/api/setup';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import type { EnvPair } from '../../../test/cross-tenant';
import { uploadFile } from '../../../test/files';
import { twoEnvironments } from '../../../test/fixtures';
import { startTestApp, type TestApp, type TestResponse } from '../../../test/harness';
import { defineChildType } from '../../../test/records';

/**
 * The field rules of spec 02 §5 and the type checks, run by the server on save. The preset types
 * use few rules, so two child types are defined here with every rule the spec offers.
 */

const de = translator('de_sie');

const field = (key: string, type: DataField['type'], extra: Partial<DataField> = {}): DataField => ({
  key,
  type,
  label: key,
  ...extra,
});

/** Every rule of the spec's table, on the type it is offered for. */
const ruleFields: DataField[] = [
  field('code', 'string', { validation: { required: true, unique: true, minLength: 3, maxLength: 10 } }),
  field('mail', 'string', { validation: { email: true } }),
  field('iban', 'string', { validation: { iban: true } }),
  field('bic', 'string', { validation: { bic: true } }),
  field('homepage', 'string', { validation: { url: true } }),
  field('amount', 'integer', { validation: { unique: true, min: 1, max: 10 } }),
  field('ratio', 'float', { validation: { min: 0.5, max: 1000.25 } }),
  field('day', 'date', { validation: { unique: true, minDate: '2024-01-01', maxDate: '2024-12-31' } }),
  field('moment', 'datetime', { validation: { minDate: '2024-01-01T08:00', maxDate: '2024-12-31T18:00' } }),
  field('lines', 'map', {
    validation: { min: 2, max: 3 },
    definition: [
      field('label', 'string', { validation: { required: true, maxLength: 20 } }),
      field('qty', 'integer', { validation: { min: 0 } }),
    ],
  }),
  field('choice', 'string', {
    appearance: 'select',
    options: [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ],
  }),
  field('ref', 'model', { selector: { type: 'customer' } }),
  field('refs', 'models', { selector: { type: 'customers' } }),
  field('ref_label', 'string', { labelOf: 'ref' }),
  field('refs_label', 'string', { labelOf: 'refs' }),
  field('flag', 'boolean'),
  field('notes', 'text'),
  field('meta', 'object'),
];

/** One field of every type, each required. */
const requiredFields: DataField[] = [
  field('r_string', 'string'),
  field('r_text', 'text'),
  field('r_integer', 'integer'),
  field('r_float', 'float'),
  field('r_date', 'date'),
  field('r_datetime', 'datetime'),
  field('r_map', 'map', { definition: [field('x', 'string')] }),
  field('r_model', 'model', { selector: { type: 'customers' } }),
  field('r_models', 'models', { selector: { type: 'customers' } }),
  field('r_files', 'files'),
].map((f) => ({ ...f, validation: { required: true } }));

const mainFormOf = (fields: DataField[]) => [
  { key: 'main', name: 'Hauptformular', fields: fields.map((f) => ({ type: 'field' as const, field: f.key })) },
];

let t: TestApp;
let alpha: EnvPair['alpha'];
let beta: EnvPair['beta'];
let customerId: string;
let articleId: string;
let betaCustomerId: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ alpha, beta } = await twoEnvironments(t, 'craftsman'));
  for (const who of [alpha, beta]) {
    await defineChildType(t, who.env, {
      key: 'pruefungen',
      parent: 'article',
      definition: { fields: ruleFields, forms: mainFormOf(ruleFields) },
    });
  }
  await defineChildType(t, alpha.env, {
    key: 'pflicht',
    parent: 'article',
    definition: { fields: requiredFields, forms: mainFormOf(requiredFields) },
  });
  const ids = async (who: EnvPair['alpha'], type: string) =>
    (
      (await t.call(api.simpleTableData, { _env: who.env, model: 'DynamicRecord', type }, who.token)).body.data?.rows ??
      []
    ).map((r) => r._id);
  [customerId = ''] = await ids(alpha, 'customers');
  [articleId = ''] = await ids(alpha, 'articles');
  [betaCustomerId = ''] = await ids(beta, 'customers');
});
afterAll(() => t.close());

let codes = 0;
const uniqueCode = () => `C${(++codes).toString().padStart(4, '0')}`;
const save = (
  data: Record<string, unknown>,
  who: EnvPair['alpha'] = alpha,
  type = 'pruefungen',
  id = 'new',
  version?: number,
) => t.call(api.saveRecord, { _env: who.env, type, id, data, ...(version ? { version } : {}) }, who.token);
const check = (data: Record<string, unknown>) => save({ code: uniqueCode(), ...data });

/** A refused save: 400, the catalog's save message, exactly these field errors as errors and data.errors. */
const expectErrors = (res: TestResponse, errors: Record<string, string[]>) => {
  expectRefused(res, 400);
  expect(res.body.message).toBe(de('records.saveInvalid'));
  expect(res.body.errors).toEqual(errors);
  expect(res.body.data).toEqual({ errors });
};

test('a record that keeps every rule is saved with what was sent', async () => {
  const data = {
    code: 'ÄÖÜ-1',
    mail: 'buchhaltung@holzwurm.de',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    homepage: 'https://www.holzwurm.de/kontakt?x=1',
    amount: 10,
    ratio: '1000.25',
    day: '2024-12-31',
    moment: '2024-12-31T18:00',
    lines: [{ label: 'Erste', qty: 0 }, { label: 'Zweite' }],
    choice: 'b',
    ref: customerId,
    refs: [customerId, customerId],
    flag: true,
    notes: '  Zeilen\nmit Einrückung',
    meta: { farbe: 'blau', tags: ['a'] },
  };
  const res = await save(data);
  expectOk(res);
  const values = (
    await t.call(api.loadRecordForm, { _env: alpha.env, type: 'pruefungen', id: res.body.data?.key ?? '' }, alpha.token)
  ).body.data?.values;
  expect(values).toMatchObject({
    ...data,
    ratio: 1000.25,
    lines: [
      { label: 'Erste', qty: 0 },
      { label: 'Zweite', qty: null },
    ],
    refs: [customerId],
  });
});

describe('rules', () => {
  test('required: every field type answers an empty value with the required message', async () => {
    const required = Object.fromEntries(requiredFields.map((f) => [f.key, [de('validation.required')]]));
    for (const value of [undefined, null, '', '   ']) {
      expectErrors(
        await save(Object.fromEntries(requiredFields.map((f) => [f.key, value])), alpha, 'pflicht'),
        required,
      );
    }
    expectErrors(await save({ r_map: [], r_models: [], r_files: [] }, alpha, 'pflicht'), required);
    const filled = await save(
      {
        r_string: 'x',
        r_text: 'y',
        r_integer: 0,
        r_float: 0,
        r_date: '2026-01-01',
        r_datetime: '2026-01-01T12:00',
        r_map: [{ x: '' }],
        r_model: customerId,
        r_models: [customerId],
        // A files field takes only existing files of its environment (the file manager's rule).
        r_files: [(await uploadFile(t, alpha, 'datei-1.txt', Buffer.from('Datei 1')))._id],
      },
      alpha,
      'pflicht',
    );
    expectOk(filled);
  });

  test('unique: a value another record of the type and environment holds is refused', async () => {
    expectOk(await save({ code: 'EINMALIG', amount: 7, day: '2024-07-07' }));
    expectErrors(await save({ code: 'EINMALIG' }), { code: [de('validation.unique')] });
    expectErrors(await save({ code: '  EINMALIG ' }), { code: [de('validation.unique')] });
    expectErrors(await check({ amount: 7 }), { amount: [de('validation.unique')] });
    expectErrors(await check({ amount: '7' }), { amount: [de('validation.unique')] });
    expectErrors(await check({ day: '2024-07-07' }), { day: [de('validation.unique')] });
    // Other values, another environment, another type: all fine.
    expectOk(await save({ code: 'einmalig' }));
    expectOk(await check({ amount: 8, day: '2024-07-08' }));
    expectOk(await save({ code: 'EINMALIG', amount: 7, day: '2024-07-07' }, beta));
    expectOk(
      await t.call(
        api.saveRecord,
        {
          _env: alpha.env,
          type: 'articles',
          id: 'new',
          data: { article_number: 'K-1001', title: 'Gleiche Nummer wie ein Kunde' },
        },
        alpha.token,
      ),
    );
  });

  test('unique: a record keeps its own value when saved again', async () => {
    const first = await save({ code: 'BLEIBT', amount: 3 });
    expectOk(first);
    const again = await save(
      { code: 'BLEIBT', amount: 3, notes: 'geändert' },
      alpha,
      'pruefungen',
      first.body.data?.key,
      1,
    );
    expectOk(again);
    expect(again.body.data?.version).toBe(2);
  });

  test('unique: of simultaneous saves of one value only one is taken', async () => {
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(Array.from({ length: 6 }, () => save({ code: `ZEITGL-${round}` })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
      for (const res of answers.filter((r) => r.statusCode === 400))
        expect(res.body.errors).toEqual({ code: [de('validation.unique')] });
    }
  });

  test('minLength and maxLength count characters as a person does', async () => {
    expectErrors(await save({ code: 'ab' }), { code: [de('validation.minLength', { n: 3 })] });
    expectErrors(await save({ code: 'abcdefghijk' }), { code: [de('validation.maxLength', { n: 10 })] });
    expectOk(await save({ code: 'äöü' }));
    expectOk(await save({ code: '😀😀😀' }));
    expectOk(await save({ code: 'ßßßßßßßßßß' }));
  });

  test('min and max bound integers and floats, with the limit in German notation', async () => {
    expectErrors(await check({ amount: 0 }), { amount: [de('validation.min', { n: 1 })] });
    expectErrors(await check({ amount: 11 }), { amount: [de('validation.max', { n: 10 })] });
    expectErrors(await check({ ratio: 0.49 }), { ratio: [de('validation.min', { n: '0,5' })] });
    expectErrors(await check({ ratio: 1000.26 }), { ratio: [de('validation.max', { n: '1.000,25' })] });
    expectOk(await check({ ratio: 0.5, amount: 1 }));
  });

  test('minDate and maxDate bound dates and date-times, with the limit in the date format of the environment', async () => {
    expectErrors(await check({ day: '2023-12-31' }), { day: [de('validation.minDate', { n: '01.01.2024' })] });
    expectErrors(await check({ day: '2025-01-01' }), { day: [de('validation.maxDate', { n: '31.12.2024' })] });
    expectErrors(await check({ moment: '2024-01-01T07:59' }), {
      moment: [de('validation.minDate', { n: '01.01.2024' })],
    });
    expectErrors(await check({ moment: '2024-12-31T18:01' }), {
      moment: [de('validation.maxDate', { n: '31.12.2024' })],
    });
    expectOk(await check({ day: '2024-01-01', moment: '2024-01-01T08:00' }));
    expectOk(
      await t.call(
        setupStep1,
        {
          _env: alpha.env,
          name: 'Alpha GmbH',
          default_dateformat: 'YYYY-MM-DD',
          default_currency: 'euro',
          default_language: 'de_sie',
        },
        alpha.token,
      ),
    );
    try {
      expectErrors(await check({ day: '2023-12-31' }), { day: [de('validation.minDate', { n: '2024-01-01' })] });
    } finally {
      await t.call(
        setupStep1,
        {
          _env: alpha.env,
          name: 'Alpha GmbH',
          default_dateformat: 'DD.MM.YYYY',
          default_currency: 'euro',
          default_language: 'de_sie',
        },
        alpha.token,
      );
    }
  });

  test('min and max of a map count its entries', async () => {
    expectErrors(await check({ lines: [{ label: 'eins' }] }), { lines: [de('validation.minEntries', { n: 2 })] });
    expectErrors(await check({ lines: [1, 2, 3, 4].map((n) => ({ label: `Zeile ${n}` })) }), {
      lines: [de('validation.maxEntries', { n: 3 })],
    });
    expectOk(await check({ lines: [{ label: 'eins' }, { label: 'zwei' }, { label: 'drei' }] }));
  });

  test('email, iban, bic and url', async () => {
    for (const mail of ['kein-at.de', 'a@b', 'a b@c.de', '@holzwurm.de'])
      expectErrors(await check({ mail }), { mail: [de('validation.email')] });
    for (const iban of ['DE89 3704 0044 0532 0130 01', 'DE89', 'iban'])
      expectErrors(await check({ iban }), { iban: [de('validation.iban')] });
    for (const bic of ['COBA', 'COBADEF', '1234DEFF'])
      expectErrors(await check({ bic }), { bic: [de('validation.bic')] });
    for (const homepage of [
      'holzwurm.de',
      'ftp://holzwurm.de',
      'https://holzwurm',
      'https://holz wurm.de',
      'javascript:alert(1)',
    ]) {
      expectErrors(await check({ homepage }), { homepage: [de('validation.url')] });
    }
    expectOk(
      await check({
        mail: 'a.b+c@holzwurm.de',
        iban: 'de89370400440532013000',
        bic: 'cobadeff',
        homepage: 'http://localhost:3000',
      }),
    );
  });

  test('a value breaking several rules and fields gets all its messages, each field by its path', async () => {
    const res = await save({
      code: 'a',
      mail: 'x',
      amount: 99,
      lines: [{ label: 'ok' }, { label: '' }, { label: 'x'.repeat(21), qty: -1 }, { label: 'vier' }],
    });
    expectErrors(res, {
      code: [de('validation.minLength', { n: 3 })],
      mail: [de('validation.email')],
      amount: [de('validation.max', { n: 10 })],
      lines: [de('validation.maxEntries', { n: 3 })],
      'lines[1].label': [de('validation.required')],
      'lines[2].label': [de('validation.maxLength', { n: 20 })],
      'lines[2].qty': [de('validation.min', { n: 0 })],
    });
  });

  test('position errors are keyed like positions[2].title', async () => {
    const res = await t.call(
      api.saveRecord,
      {
        _env: alpha.env,
        type: 'invoices',
        id: 'new',
        data: {
          number: 'RE-FEHLER',
          customer: customerId,
          date: '2026-01-01',
          positions: [
            { title: 'Gut', quantity: 1, price_single: 1 },
            { title: 'Auch gut', quantity: 1, price_single: 1 },
            { title: '', quantity: 'viel', price_single: 1.234, taxes: [{ name: '', percent: 101 }] },
          ],
        },
      },
      alpha.token,
    );
    expectErrors(res, {
      'positions[2].title': [de('validation.required')],
      'positions[2].quantity': [de('validation.number')],
      'positions[2].price_single': [de('validation.decimals', { n: 2 })],
      'positions[2].taxes[0].name': [de('validation.required')],
      'positions[2].taxes[0].percent': [de('validation.max', { n: 100 })],
    });
  });
});

describe('value types', () => {
  const someUuid = '00000000-0000-7000-8000-000000000001';
  const wrong: Array<[string, unknown, string]> = [
    ['amount', 'zwölf', de('validation.integer')],
    ['amount', 1.5, de('validation.integer')],
    ['amount', { n: 1 }, de('validation.integer')],
    ['amount', [1], de('validation.integer')],
    ['amount', true, de('validation.integer')],
    ['amount', 1e20, de('validation.outOfRange')],
    ['ratio', '1,5', de('validation.number')],
    ['ratio', 'NaN', de('validation.number')],
    ['ratio', {}, de('validation.number')],
    ['code', { text: 'ABC' }, de('records.invalidValue')],
    ['code', ['ABC'], de('records.invalidValue')],
    ['code', true, de('records.invalidValue')],
    ['notes', { a: 1 }, de('records.invalidValue')],
    ['day', '2024-02-30', de('validation.date')],
    ['day', '31.12.2024', de('validation.date')],
    ['day', '2024-05-01T10:00', de('validation.date')],
    ['day', 20240501, de('validation.date')],
    ['moment', 'morgen früh', de('validation.datetime')],
    ['moment', '2024-05-01T25:00', de('validation.datetime')],
    ['moment', '2024-05-01T10:00:00Z', de('validation.datetime')],
    ['choice', 'c', de('records.invalidValue')],
    ['choice', 'A', de('records.invalidValue')],
    ['flag', 'ja', de('records.invalidValue')],
    ['flag', 1, de('records.invalidValue')],
    ['ref', 'kein-uuid', de('records.invalidValue')],
    ['ref', 42, de('records.invalidValue')],
    ['ref', [someUuid], de('records.invalidValue')],
    ['refs', someUuid, de('records.invalidValue')],
    ['refs', ['kein-uuid'], de('records.invalidValue')],
    ['refs', [42], de('records.invalidValue')],
    ['lines', { label: 'kein Array' }, de('records.invalidValue')],
    ['lines', 'Zeile', de('records.invalidValue')],
    ['meta', 'text', de('records.invalidValue')],
    ['meta', [1, 2], de('records.invalidValue')],
  ];

  test.each(wrong)('refuses %s = %j with a field error', async (key, value, message) => {
    expectErrors(await check({ [key]: value }), { [key]: [message] });
  });

  test('refuses a map entry that is no object under its own path', async () => {
    expectErrors(await check({ lines: [{ label: 'ok' }, 'zwei'] }), { 'lines[1]': [de('records.invalidValue')] });
  });

  test('refuses model ids that name no record of the selector type in this environment', async () => {
    const missing = '00000000-0000-7000-8000-000000000000';
    for (const ref of [missing, articleId, betaCustomerId]) {
      expectErrors(await check({ ref }), { ref: [de('records.modelNotFound')] });
    }
    expectErrors(await check({ refs: [customerId, betaCustomerId] }), { refs: [de('records.modelNotFound')] });
    expectOk(await check({ ref: customerId, refs: [customerId] }));
  });

  test('keeps the label of a chosen record with the record, also when the choice changes or is cleared', async () => {
    const names =
      (await t.call(api.modelSelectorSearch, { _env: alpha.env, selector: { type: 'customers' } }, alpha.token)).body
        .data ?? [];
    const [first, second] = names;
    const saved = await save({
      code: uniqueCode(),
      ref: first?._id,
      refs: [second?._id, first?._id],
      ref_label: 'vom Client',
    });
    expectOk(saved);
    const id = saved.body.data?.key ?? '';
    const values = async () =>
      (await t.call(api.loadRecordForm, { _env: alpha.env, type: 'pruefungen', id }, alpha.token)).body.data?.values;
    expect(await values()).toMatchObject({ ref_label: first?.label, refs_label: `${second?.label}, ${first?.label}` });
    expectOk(await save({ code: uniqueCode(), ref: null, refs: [] }, alpha, 'pruefungen', id, 1));
    expect(await values()).toMatchObject({ ref: null, ref_label: '', refs: [], refs_label: '' });
  });

  test('accepts numbers as numeric text and trims text', async () => {
    const res = await save({ amount: ' 4 ', ratio: '2.75', code: '  TRIM  ' });
    expectOk(res);
    const values = (
      await t.call(
        api.loadRecordForm,
        { _env: alpha.env, type: 'pruefungen', id: res.body.data?.key ?? '' },
        alpha.token,
      )
    ).body.data?.values;
    expect(values).toMatchObject({ amount: 4, ratio: 2.75, code: 'TRIM' });
  });

  test('keeps a nested object or one too deep for the database from answering 500', async () => {
    for (const depth of [500, 5000]) {
      const deep = `${'{"d":'.repeat(depth)}"Boden"${'}'.repeat(depth)}`;
      const body = `{"_env":"${alpha.env}","type":"pruefungen","id":"new","data":{"code":"${uniqueCode()}","meta":${deep}}}`;
      const res = await t.post(api.saveRecord.path, body, alpha.token);
      expect(res.statusCode, JSON.stringify(res.body).slice(0, 200)).toBeLessThan(500);
    }
    expectOk(await check({ meta: { a: { b: { c: [1, 'zwei', null] } } } }));
  });
});
