import * as envApi from '@kontor/contract/api/environments';
import * as recordsApi from '@kontor/contract/api/records';
import * as api from '@kontor/contract/api/settings';
import type { BodyOf } from '@kontor/contract/call';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { expectForeignEnvRefused, sharedEnvPair } from '../../../test/cross-tenant';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';

const de = translator('de_sie');

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Holzwurm GmbH');
});
afterAll(() => t.close());

type Owner = typeof owner;
const details = async (who: Owner = owner) => {
  const res = await t.call(envApi.environmentDetails, { _env: who.env }, who.token);
  expectOk(res);
  return res.body.data!;
};
const saveRecord = async (who: Owner, type: string, data: Record<string, unknown>) => {
  const res = await t.call(recordsApi.saveRecord, { _env: who.env, type, id: 'new', data }, who.token);
  expectOk(res);
  return res.body.data!.key;
};
const address = (who: Owner, name: string) =>
  saveRecord(who, 'envAddresses', { name, street: 'Hauptstraße', housenumber: '1', zip: '10115', city: 'Berlin' });
const bank = (who: Owner) => saveRecord(who, 'envBankDetails', { name: 'Hausbank', iban: 'DE02120300000000202051' });
const save = (body: Omit<BodyOf<typeof api.saveMainSettings>, '_env'>, who: Owner = owner) =>
  t.call(api.saveMainSettings, { _env: who.env, ...body }, who.token);

describe('settings/save/main', () => {
  test('saves every field, normalised, says the spec text and moves last-config-update', async () => {
    const invoice = await address(owner, 'Rechnung');
    const shipping = await address(owner, 'Lager');
    const account = await bank(owner);
    const before = (await details()).environment.last_config_update;
    t.clock.advance(1000);
    const res = await save({
      name: '  Holzwurm Schreinerei GmbH ',
      website: 'www.holzwurm.de',
      email: ' Info@Holzwurm.DE ',
      phone: '+49 30 1234567',
      fax: '030/123 45-68',
      tax_number: '12/345/67890',
      tax_ustid: 'de 123 456 789',
      default_address_invoice: invoice,
      default_address_shipping: shipping,
      default_bank_details: account,
      default_tax: null,
      logo: null,
    });
    expectOk(res);
    expect(res.body.message).toBe('Die Firmenumgebung wurde erfolgreich bearbeitet.');
    const { environment } = await details();
    expect(environment).toMatchObject({
      name: 'Holzwurm Schreinerei GmbH',
      website: 'https://www.holzwurm.de',
      email: 'info@holzwurm.de',
      phone: '+49 30 1234567',
      fax: '030/123 45-68',
      tax_number: '12/345/67890',
      tax_ustid: 'DE123456789',
      default_address_invoice: invoice,
      default_address_shipping: shipping,
      default_bank_details: account,
      default_tax: null,
    });
    expect(environment.last_config_update > before).toBe(true);
    expect(environment.addresses.map((a) => a.name)).toEqual(['Lager', 'Rechnung']);
    expect(environment.addresses[0]).toEqual({
      _id: shipping,
      name: 'Lager',
      street: 'Hauptstraße',
      housenumber: '1',
      zip: '10115',
      city: 'Berlin',
    });
    expect(environment.bank_details).toEqual([
      { _id: account, name: 'Hausbank', iban: 'DE02120300000000202051', bic: expect.any(String) },
    ]);
    const heartbeat = await t.call(envApi.heartbeat, { _env: owner.env }, owner.token);
    expect(heartbeat.body.data?.envLastConfigUpdate).toBe(environment.last_config_update);
  });

  test('empty texts clear a field', async () => {
    expectOk(await save({ name: 'Holzwurm GmbH', website: '', email: null, phone: '  ' }));
    expect((await details()).environment).toMatchObject({ website: null, email: null, phone: null });
  });

  test('names each invalid field with a German message and writes nothing', async () => {
    const res = await save({
      name: ' ',
      website: 'holz wurm',
      email: 'kein-at-zeichen',
      phone: 'ruf an',
      fax: '12',
      tax_number: '12345',
      tax_ustid: 'AT123456789',
      logo: 'kein-datei-id',
      default_address_invoice: 'keine-uuid',
    });
    expectRefused(res, 400);
    expect(res.body.message).toBe('Bitte prüfen Sie die markierten Felder.');
    expect(res.body.errors).toEqual({
      name: ['Dieses Feld muss ausgefüllt werden'],
      website: ['Es muss eine gültige URL angegeben werden'],
      email: ['Es muss eine gültige E-Mail Adresse angegeben werden'],
      phone: [de('settings.phoneInvalid')],
      fax: [de('settings.phoneInvalid')],
      tax_number: [de('settings.taxNumberInvalid')],
      tax_ustid: [de('settings.vatIdInvalid')],
      logo: [de('settings.logoInvalid')],
      default_address_invoice: [de('settings.defaultUnknown')],
    });
    expect((await details()).environment.name).toBe('Holzwurm GmbH');
  });

  test('a default must be a record of the right type: a bank account is no address', async () => {
    const account = await bank(owner);
    const res = await save({ name: 'Holzwurm GmbH', default_address_invoice: account });
    expectRefused(res, 400);
    expect(res.body.errors).toEqual({ default_address_invoice: [de('settings.defaultUnknown')] });
  });

  test("another environment's address, bank details or tax as default: 400, nothing written", async () => {
    const { alpha, beta } = await sharedEnvPair(t);
    const foreignAddress = await address(beta, 'Fremd');
    const foreignBank = await bank(beta);
    const foreignTax = await saveRecord(beta, 'envTaxes', { name: 'Fremd', percentage: 7, number: '1' });
    const before = (await details(alpha)).environment;
    const res = await save(
      {
        name: 'Alpha übernommen',
        default_address_invoice: foreignAddress,
        default_address_shipping: foreignAddress,
        default_bank_details: foreignBank,
        default_tax: foreignTax,
      },
      alpha,
    );
    expectRefused(res, 400);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual([
      'default_address_invoice',
      'default_address_shipping',
      'default_bank_details',
      'default_tax',
    ]);
    expect((await details(alpha)).environment).toEqual(before);
  });

  test('is refused for foreign, unknown and blocked environments', async () => {
    const { beta } = await sharedEnvPair(t);
    await expectForeignEnvRefused(t, api.saveMainSettings, { name: 'Übernahme' }, { mode: 'write' });
    expect((await details(beta)).environment.name).toBe('Beta KG');
  });
});

describe('settings/save/modules', () => {
  test('switches modules and moves last-config-update', async () => {
    const before = (await details()).environment.last_config_update;
    t.clock.advance(1000);
    const functions = { website: true, bookings: false, queryForms: true, filemanager: false };
    const res = await t.call(api.saveModules, { _env: owner.env, functions }, owner.token);
    expectOk(res);
    expect(res.body.message).toBe(de('settings.modulesSaved'));
    const { environment } = await details();
    expect(environment.functions).toEqual({
      website: { active: true },
      bookings: { active: false },
      queryForms: { active: true },
      filemanager: { active: false },
    });
    expect(environment.last_config_update > before).toBe(true);
  });

  test('is refused for a foreign environment', async () => {
    const { beta } = await sharedEnvPair(t);
    const before = (await details(beta)).environment.functions;
    const functions = { website: true, bookings: true, queryForms: true, filemanager: true };
    await expectForeignEnvRefused(t, api.saveModules, { functions }, { mode: 'write' });
    expect((await details(beta)).environment.functions).toEqual(before);
  });
});

describe('portal', () => {
  const savePortal = (who: Owner, body: { active: boolean; title: string; url_slug: string }) =>
    t.call(api.savePortal, { _env: who.env, ...body }, who.token);

  test('starts inactive without address; an active portal is served at /portal/{slug}, an inactive one is 404', async () => {
    const empty = await t.call(api.portalDetails, { _env: owner.env }, owner.token);
    expectOk(empty);
    expect(empty.body.data).toEqual({ _id: null, active: false, title: '', url_slug: '', url: null });

    const res = await savePortal(owner, {
      active: true,
      title: 'Kundenportal <Holzwurm>',
      url_slug: 'Holzwurm-Kunden',
    });
    expectOk(res);
    expect(res.body.message).toBe(de('settings.portalSaved'));
    expect(res.body.data).toMatchObject({
      active: true,
      title: 'Kundenportal <Holzwurm>',
      url_slug: 'holzwurm-kunden',
      url: 'http://kontor.test/portal/holzwurm-kunden',
    });
    const page = await t.get('/portal/holzwurm-kunden');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Kundenportal &lt;Holzwurm&gt;');
    expect(page.body).not.toContain('<Holzwurm>');
    expect(page.body).toContain('Holzwurm GmbH');

    expectOk(await savePortal(owner, { active: false, title: 'Kundenportal', url_slug: 'holzwurm-kunden' }));
    expect((await t.get('/portal/holzwurm-kunden')).statusCode).toBe(404);
    expect((await t.get('/portal/gibt-es-nicht')).statusCode).toBe(404);
    const kept = await t.call(api.portalDetails, { _env: owner.env }, owner.token);
    expect(kept.body.data).toMatchObject({ active: false, title: 'Kundenportal', url_slug: 'holzwurm-kunden' });
  });

  test('an active portal needs title and address; addresses are checked and reserved ones refused', async () => {
    const missing = await savePortal(owner, { active: true, title: ' ', url_slug: '' });
    expectRefused(missing, 400);
    expect(missing.body.errors).toEqual({ title: [de('validation.required')], url_slug: [de('validation.required')] });
    for (const slug of ['ab', 'mit leerzeichen', 'ümlaut', '-vorne', 'doppel--strich']) {
      const res = await savePortal(owner, { active: true, title: 'Portal', url_slug: slug });
      expectRefused(res, 400);
      expect(res.body.errors).toEqual({ url_slug: [de('settings.slugInvalid')] });
    }
    for (const slug of ['api', 'admin', 'portal']) {
      const res = await savePortal(owner, { active: true, title: 'Portal', url_slug: slug });
      expectRefused(res, 400);
      expect(res.body.errors).toEqual({ url_slug: [de('settings.slugReserved')] });
    }
  });

  test("another environment's address is taken: 409, nothing written; the foreign portal stays", async () => {
    const { alpha, beta } = await sharedEnvPair(t);
    expectOk(await savePortal(beta, { active: true, title: 'Beta Portal', url_slug: 'beta-kunden' }));
    const before = (await t.call(api.portalDetails, { _env: alpha.env }, alpha.token)).body.data;
    const res = await savePortal(alpha, { active: true, title: 'Alpha', url_slug: 'beta-kunden' });
    expectRefused(res, 409);
    expect(res.body.errors).toEqual({ url_slug: [de('settings.slugTaken')] });
    expect((await t.call(api.portalDetails, { _env: alpha.env }, alpha.token)).body.data).toEqual(before);
    expect((await t.get('/portal/beta-kunden')).body).toContain('Beta Portal');
  });

  test('details and save are refused for foreign environments', async () => {
    const { beta } = await sharedEnvPair(t);
    await expectForeignEnvRefused(t, api.portalDetails, {}, { mode: 'read' });
    await expectForeignEnvRefused(
      t,
      api.savePortal,
      { active: true, title: 'X', url_slug: 'uebernahme' },
      { mode: 'write' },
    );
    const data = (await t.call(api.portalDetails, { _env: beta.env }, beta.token)).body.data;
    expect(data?.url_slug).not.toBe('uebernahme');
  });
});

describe('function settings', () => {
  test('query-forms html settings default to is_active true, then keep what was saved', async () => {
    const key = { _env: owner.env, function: 'queryForms', qualifier: 'html' };
    const first = await t.call(api.functionSettings, key, owner.token);
    expectOk(first);
    expect(first.body.data).toEqual({ settings: { is_active: true, website_title: '', logo: null } });
    const saved = await t.call(
      api.saveFunctionSettings,
      { ...key, settings: { is_active: false, website_title: ' Formulare der Holzwurm GmbH ' } },
      owner.token,
    );
    expectOk(saved);
    expect(saved.body.message).toBe(de('settings.functionSaved'));
    expect((await t.call(api.functionSettings, key, owner.token)).body.data).toEqual({
      settings: { is_active: false, website_title: 'Formulare der Holzwurm GmbH', logo: null },
    });
  });

  test('an unknown function or qualifier is 404; wrong settings name their field', async () => {
    const unknown = await t.call(
      api.functionSettings,
      { _env: owner.env, function: 'website', qualifier: 'x' },
      owner.token,
    );
    expectRefused(unknown, 404);
    expect(unknown.body.message).toBe(de('settings.functionUnknown'));
    const key = { _env: owner.env, function: 'queryForms', qualifier: 'html' };
    const wrong = await t.call(api.saveFunctionSettings, { ...key, settings: { is_active: 'ja' } }, owner.token);
    expectRefused(wrong, 400);
    expect(Object.keys(wrong.body.errors ?? {})).toEqual(['settings.is_active']);
    const extra = await t.call(api.saveFunctionSettings, { ...key, settings: { fremd: 1 } }, owner.token);
    expectRefused(extra, 400);
    expect(Object.keys(extra.body.errors ?? {})).toEqual(['settings.fremd']);
    const logo = await t.call(api.saveFunctionSettings, { ...key, settings: { logo: 'x' } }, owner.token);
    expectRefused(logo, 400);
    expect(logo.body.errors).toEqual({ 'settings.logo': [de('settings.logoInvalid')] });
  });

  test("are kept per environment: another environment's settings are neither read nor written", async () => {
    const { alpha, beta } = await sharedEnvPair(t);
    const key = { function: 'queryForms', qualifier: 'html' };
    expectOk(
      await t.call(
        api.saveFunctionSettings,
        { _env: beta.env, ...key, settings: { website_title: 'Beta' } },
        beta.token,
      ),
    );
    const own = await t.call(api.functionSettings, { _env: alpha.env, ...key }, alpha.token);
    expect(own.body.data?.settings.website_title).toBe('');
    await expectForeignEnvRefused(t, api.functionSettings, key, { mode: 'read' });
    await expectForeignEnvRefused(
      t,
      api.saveFunctionSettings,
      { ...key, settings: { website_title: 'X' } },
      { mode: 'write' },
    );
    const theirs = await t.call(api.functionSettings, { _env: beta.env, ...key }, beta.token);
    expect(theirs.body.data?.settings.website_title).toBe('Beta');
  });
});
