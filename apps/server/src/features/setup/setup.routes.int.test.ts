import { createEnvironment, environmentDetails } from '@kontor/contract/api/environments';
import { loadRecordForm, simpleTableData } from '@kontor/contract/api/records';
import * as api from '@kontor/contract/api/setup';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { expectForeignEnvRefused, setStatus } from '../../../test/cross-tenant';
import { signUp, twoEnvironments } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';

const de = translator('de_sie');
const du = translator('de_du');
const en = translator('en');

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let pair: Awaited<ReturnType<typeof twoEnvironments>>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  pair = await twoEnvironments(t);
});
afterAll(() => t.close());

/** A fresh environment of the owner (creating one is cheap; signing up is not). */
let counter = 0;
const newEnv = async (name = `Setup Firma ${++counter}`) => {
  const res = await t.call(createEnvironment, { name, preset: 'none' }, owner.token);
  expectOk(res);
  return res.body.data?.environment.url_slug as string;
};

const step1Body = {
  name: 'Schreinerei Holzwurm GmbH',
  default_dateformat: 'YYYY-MM-DD',
  default_currency: 'euro',
  default_language: 'de_sie',
};
const address = {
  invoice_name: 'Schreinerei Holzwurm GmbH',
  invoice_addition: 'Buchhaltung',
  invoice_street: 'Lindenstraße',
  invoice_housenumber: '12a',
  invoice_zip: '50667',
  invoice_city: 'Köln',
};
const bank = {
  name: 'Schreinerei Holzwurm GmbH',
  bank: 'Commerzbank',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
};

const init = (env: string, token = owner.token) => t.call(api.setupInit, { _env: env }, token);
const step1 = (env: string, body: Partial<typeof step1Body> = {}, token = owner.token) =>
  t.call(api.setupStep1, { _env: env, ...step1Body, ...body }, token);
const step2 = (env: string, body: Partial<typeof address> & { invoice_country?: string } = {}, token = owner.token) =>
  t.call(api.setupStep2, { _env: env, ...address, ...body }, token);
const step3 = (env: string, body: Partial<typeof bank> = {}, token = owner.token) =>
  t.call(api.setupStep3, { _env: env, ...bank, ...body }, token);

describe('init', () => {
  test('starts a new environment with its name, the defaults, empty address and bank details and no step done', async () => {
    const env = await newEnv('Neu & Frisch GmbH');
    const res = await init(env);
    expectOk(res);
    expect(res.body.data).toEqual({
      environment: {
        name: 'Neu & Frisch GmbH',
        url_slug: env,
        default_dateformat: 'DD.MM.YYYY',
        default_currency: 'euro',
        default_language: 'de_sie',
      },
      defaultAddressInvoice: {
        invoice_name: '',
        invoice_addition: '',
        invoice_street: '',
        invoice_housenumber: '',
        invoice_zip: '',
        invoice_city: '',
        invoice_country: '',
      },
      defaultBankDetails: { name: '', bank: '', iban: '', bic: '' },
      completedSteps: 0,
    });
  });
});

describe('the three steps', () => {
  test('saves each step, answers its values from init afterwards and advances completedSteps', async () => {
    const env = await newEnv();
    expectOk(await step1(env, { name: '  Schreinerei Holzwurm GmbH  ' }));
    let state = (await init(env)).body.data;
    expect(state?.environment).toMatchObject({
      name: 'Schreinerei Holzwurm GmbH',
      default_dateformat: 'YYYY-MM-DD',
      default_currency: 'euro',
    });
    expect(state?.completedSteps).toBe(1);

    expectOk(await step2(env));
    state = (await init(env)).body.data;
    expect(state?.defaultAddressInvoice).toEqual({ ...address, invoice_country: '' });
    expect(state?.completedSteps).toBe(2);

    expectOk(await step3(env, { bic: 'coba de ff xxx' }));
    state = (await init(env)).body.data;
    expect(state?.defaultBankDetails).toEqual({ ...bank, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    expect(state?.completedSteps).toBe(3);

    // The environment names the saved address and bank details as its defaults.
    const details = (await t.call(environmentDetails, { _env: env }, owner.token)).body.data?.environment;
    expect(details?.name).toBe('Schreinerei Holzwurm GmbH');
    expect(details?.default_address_invoice).toEqual(expect.any(String));
    const addressRecord = await t.call(
      loadRecordForm,
      { _env: env, type: 'envAddresses', id: details?.default_address_invoice ?? '' },
      owner.token,
    );
    expect(addressRecord.body.data?.values).toMatchObject({
      name: 'Schreinerei Holzwurm GmbH',
      street: 'Lindenstraße',
      zip: '50667',
    });
  });

  test('resumes after the saved steps, and going back to a step neither loses nor duplicates anything', async () => {
    const env = await newEnv();
    expectOk(await step1(env));
    expect((await init(env)).body.data?.completedSteps).toBe(1);
    expectOk(await step2(env));
    expect((await init(env)).body.data?.completedSteps).toBe(2);

    // Back to step 1 and 2: completedSteps stays, the address record is updated, not added.
    expectOk(await step1(env, { name: 'Holzwurm Zwei GmbH' }));
    expectOk(await step2(env, { invoice_street: 'Eichenweg', invoice_housenumber: '3' }));
    const state = (await init(env)).body.data;
    expect(state?.completedSteps).toBe(2);
    expect(state?.environment.name).toBe('Holzwurm Zwei GmbH');
    expect(state?.defaultAddressInvoice).toMatchObject({ invoice_street: 'Eichenweg', invoice_housenumber: '3' });
    const addresses = await t.call(
      simpleTableData,
      { _env: env, model: 'DynamicRecord', type: 'envAddresses' },
      owner.token,
    );
    expect(addresses.body.data?.total).toBe(1);

    expectOk(await step3(env));
    expectOk(await step3(env, { bank: 'Sparkasse KölnBonn' }));
    expect((await init(env)).body.data).toMatchObject({
      completedSteps: 3,
      defaultBankDetails: { bank: 'Sparkasse KölnBonn' },
    });
    const banks = await t.call(
      simpleTableData,
      { _env: env, model: 'DynamicRecord', type: 'envBankDetails' },
      owner.token,
    );
    expect(banks.body.data?.total).toBe(1);
  });

  test('accepts an address abroad with its own postcode', async () => {
    const env = await newEnv();
    expectOk(await step2(env, { invoice_zip: '1010', invoice_city: 'Wien', invoice_country: 'Österreich' }));
    expect((await init(env)).body.data?.defaultAddressInvoice).toMatchObject({
      invoice_zip: '1010',
      invoice_country: 'Österreich',
    });
  });

  test('accepts bank details without bank name and BIC', async () => {
    const env = await newEnv();
    expectOk(await step3(env, { bank: '', bic: '' }));
    expect((await init(env)).body.data?.defaultBankDetails).toEqual({
      name: bank.name,
      bank: '',
      iban: 'DE89370400440532013000',
      bic: '',
    });
  });
});

describe('validation', () => {
  let env: string;
  beforeAll(async () => {
    env = await newEnv('Validierung GmbH');
  });

  const expectInvalid = (res: Awaited<ReturnType<typeof step1>>, errors: Record<string, string[]>) => {
    expectRefused(res, 400);
    expect(res.body.message).toBe(de('setup.invalid'));
    expect(res.body.errors).toEqual(errors);
  };

  test('step 1 needs a name of at most 100 characters', async () => {
    for (const name of ['', '   ']) expectInvalid(await step1(env, { name }), { name: [de('validation.required')] });
    for (const name of ['n'.repeat(101), 'ä'.repeat(150), 'n'.repeat(5000)]) {
      expectInvalid(await step1(env, { name }), { name: [de('validation.maxLength', { n: 100 })] });
    }
    expectOk(await step1(env, { name: 'ä'.repeat(100) }));
  });

  test('step 1 takes date format, currency and language only from the offered options', async () => {
    const invalidOption = [de('setup.invalidOption')];
    expectInvalid(await step1(env, { default_dateformat: 'MM/DD/YYYY' }), { default_dateformat: invalidOption });
    expectInvalid(await step1(env, { default_currency: 'yen' }), { default_currency: invalidOption });
    expectInvalid(await step1(env, { default_language: 'fr' }), { default_language: invalidOption });
    expectInvalid(
      await step1(env, {
        name: '',
        default_dateformat: 'dd.mm.yyyy',
        default_currency: 'EURO',
        default_language: 'DE_SIE',
      }),
      {
        name: [de('validation.required')],
        default_dateformat: invalidOption,
        default_currency: invalidOption,
        default_language: invalidOption,
      },
    );
    for (const default_dateformat of ['DD.MM.YYYY', 'YYYY-MM-DD']) expectOk(await step1(env, { default_dateformat }));
    for (const default_currency of ['euro', 'us_dollar']) expectOk(await step1(env, { default_currency }));
  });

  test('a refused step 1 changes nothing', async () => {
    const before = (await init(env)).body.data;
    expectRefused(await step1(env, { name: 'Neuer Name', default_currency: 'yen' }), 400);
    expect((await init(env)).body.data).toEqual(before);
  });

  test('step 2 needs name, street, house number, postcode and city, not the addition', async () => {
    const required = [de('validation.required')];
    expectInvalid(
      await step2(env, {
        invoice_name: '',
        invoice_addition: '',
        invoice_street: ' ',
        invoice_housenumber: '',
        invoice_zip: '',
        invoice_city: '',
      }),
      {
        invoice_name: required,
        invoice_street: required,
        invoice_housenumber: required,
        invoice_zip: required,
        invoice_city: required,
      },
    );
    expectInvalid(await step2(env, { invoice_city: '' }), { invoice_city: required });
  });

  test('step 2 wants a German postcode of five digits for a German address', async () => {
    const zip = [de('validation.zip')];
    for (const invoice_zip of ['1234', '123456', 'abcde', '00123', '5066 7']) {
      expectInvalid(await step2(env, { invoice_zip }), { invoice_zip: zip });
    }
    expectInvalid(await step2(env, { invoice_zip: '1010', invoice_country: 'Deutschland' }), { invoice_zip: zip });
    expectOk(await step2(env, { invoice_zip: ' 01067 ' }));
    expect((await init(env)).body.data?.defaultAddressInvoice.invoice_zip).toBe('01067');
  });

  test('step 2 answers a value too long for the address under the wizard field name', async () => {
    const tooLong = await step2(env, { invoice_street: 'S'.repeat(121), invoice_housenumber: '1'.repeat(21) });
    expectInvalid(tooLong, {
      invoice_street: [de('validation.maxLength', { n: 120 })],
      invoice_housenumber: [de('validation.maxLength', { n: 20 })],
    });
    // Also beyond any limit the contract sets: the same message, the real limit.
    expectInvalid(await step2(env, { invoice_city: 'K'.repeat(500) }), {
      invoice_city: [de('validation.maxLength', { n: 120 })],
    });
  });

  test('step 3 needs account holder and an IBAN with a valid checksum', async () => {
    const required = [de('validation.required')];
    expectInvalid(await step3(env, { name: '', iban: '' }), { name: required, iban: required });
    const iban = [de('validation.iban')];
    for (const wrong of [
      'DE89 3704 0044 0532 0130 01',
      'DE88 3704 0044 0532 0130 00',
      'DE89 3704 0044 0532 0130',
      'XX89370400440532013000',
      'keine iban',
    ]) {
      expectInvalid(await step3(env, { iban: wrong }), { iban });
    }
    for (const right of [
      'DE89 3704 0044 0532 0130 00',
      'de89370400440532013000',
      'AT61 1904 3002 3457 3201',
      'GB82 WEST 1234 5698 7654 32',
    ]) {
      expectOk(await step3(env, { iban: right }));
    }
  });

  test('step 3 checks the BIC format when one is given', async () => {
    const bic = [de('validation.bic')];
    for (const wrong of ['COBA', 'COBADEF', '12345678', 'COBADEFFXX', 'COBA-DE-FF']) {
      expectInvalid(await step3(env, { bic: wrong }), { bic });
    }
    for (const right of ['COBADEFF', 'COBADEFFXXX', 'cobadeff', 'MARK DE F1 100'])
      expectOk(await step3(env, { bic: right }));
  });

  test('answers wrong types and missing fields as field errors, never 500', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [api.setupStep1.path, { ...step1Body, name: 42 }, 'name'],
      [api.setupStep1.path, { ...step1Body, default_language: ['de_sie'] }, 'default_language'],
      [api.setupStep1.path, { name: 'Ohne Rest' }, 'default_dateformat'],
      [api.setupStep2.path, { ...address, invoice_zip: 50667 }, 'invoice_zip'],
      [api.setupStep2.path, { ...address, invoice_city: null }, 'invoice_city'],
      [api.setupStep3.path, { ...bank, iban: { country: 'DE' } }, 'iban'],
      [api.setupStep3.path, { bank: 'Nur Bank' }, 'name'],
    ];
    for (const [path, body, field] of cases) {
      const res = await t.post(path, { _env: env, ...body }, owner.token);
      expectRefused(res, 400);
      expect(res.body.errors?.[field], `${path} ${field}`).toBeDefined();
    }
    for (const path of [api.setupInit.path, api.setupStep1.path, api.setupStep2.path, api.setupStep3.path]) {
      const bad = await t.post(path, `{"_env": "${env}", "name": `, owner.token);
      expectRefused(bad, 400);
      expect(bad.body.message).toBe(de('common.malformedJson'));
      const huge = await t.post(path, { _env: env, name: 'x'.repeat(2 * 1024 * 1024) }, owner.token);
      expectRefused(huge, 413);
    }
  });
});

describe('language', () => {
  test('after step 1 chose a language, the environment answers in that catalog', async () => {
    const env = await newEnv('Sprachschule Babel GmbH');
    expectOk(await step1(env, { default_language: 'de_du' }));
    const informal = await step2(env, { invoice_city: '' });
    expect(informal.statusCode).toBe(400);
    expect(informal.body.message).toBe(du('setup.invalid'));
    expect(informal.body.errors).toEqual({ invoice_city: [du('validation.required')] });
    const unknownType = await t.call(loadRecordForm, { _env: env, type: 'gibtsnicht', id: 'new' }, owner.token);
    expect(unknownType.statusCode).toBe(404);
    expect(unknownType.body.message).toBe(du('records.unknownType'));

    expectOk(await step1(env, { default_language: 'en' }));
    const english = await step3(env, { iban: 'DE89 3704 0044 0532 0130 01', bic: 'COBA' });
    expect(english.statusCode).toBe(400);
    expect(english.body.message).toBe(en('setup.invalid'));
    expect(english.body.errors).toEqual({ iban: [en('validation.iban')], bic: [en('validation.bic')] });
    const badOption = await step1(env, { default_language: 'klingonisch' });
    expect(badOption.body.errors).toEqual({ default_language: [en('setup.invalidOption')] });
    await setStatus(t, env, 'inactive');
    try {
      const refused = await step1(env);
      expect(refused.statusCode).toBe(403);
      expect(refused.body.message).toBe(en('environments.notActive'));
    } finally {
      await setStatus(t, env, 'active');
    }

    expectOk(await step1(env, { default_language: 'de_sie' }));
    const formal = await step2(env, { invoice_city: '' });
    expect(formal.body.message).toBe(de('setup.invalid'));
  });
});

describe('access', () => {
  test('refuses the steps in an environment that is not active, and changes nothing', async () => {
    const env = await newEnv();
    for (const status of ['inactive', 'blocked'] as const) {
      await setStatus(t, env, status);
      try {
        const message = status === 'blocked' ? de('environments.blocked') : de('environments.notActive');
        for (const res of [await step1(env, { name: 'Heimlich GmbH' }), await step2(env), await step3(env)]) {
          expectRefused(res, 403);
          expect(res.body.message).toBe(message);
        }
        const read = await init(env);
        if (status === 'inactive') expectOk(read);
        else expectRefused(read, 403);
      } finally {
        await setStatus(t, env, 'active');
      }
    }
    expect((await init(env)).body.data).toMatchObject({
      completedSteps: 0,
      environment: { name: expect.not.stringContaining('Heimlich') },
    });
  });

  test('init and the steps refuse a foreign environment and leave it untouched', async () => {
    const before = (await init(pair.beta.env, pair.beta.token)).body.data;
    await expectForeignEnvRefused(t, api.setupInit, {}, { pair, mode: 'read' });
    await expectForeignEnvRefused(t, api.setupStep1, step1Body, { pair, mode: 'write' });
    await expectForeignEnvRefused(t, api.setupStep2, address, { pair, mode: 'write' });
    await expectForeignEnvRefused(t, api.setupStep3, bank, { pair, mode: 'write' });
    expect((await init(pair.beta.env, pair.beta.token)).body.data).toEqual(before);
  });
});
