import { isDeepStrictEqual } from 'node:util';
import * as api from '@kontor/contract/api/environments';
import { removeRecord, saveRecord } from '@kontor/contract/api/records';
import { setupStep1 } from '@kontor/contract/api/setup';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { expectForeignEnvRefused, setMembership, setStatus } from '../../../test/cross-tenant';
import { twoEnvironments, userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { presetDefinitions } from './presets';

const de = translator('de_sie');

let t: TestApp;
let craftsman: Awaited<ReturnType<typeof userWithEnvironment>>;
let pair: Awaited<ReturnType<typeof twoEnvironments>>;
beforeAll(async () => {
  t = await startTestApp();
  craftsman = await userWithEnvironment(t, 'Tischlerei Weiß', 'craftsman');
  pair = await twoEnvironments(t);
});
afterAll(() => t.close());

const details = (env: string, token: string) => t.call(api.environmentDetails, { _env: env }, token);
const heartbeat = (env: string, token: string) =>
  t.call(api.heartbeat, { _env: env, init_date: new Date().toISOString() }, token);

const ownerRights = { read: true, create: true, edit: true, delete: true, stages: null };

describe('environments/details', () => {
  test('answers the environment the shell needs, in the contract shape', async () => {
    const res = await details(craftsman.env, craftsman.token);
    expectOk(res);
    const data = api.environmentDetails.data.parse(res.body.data);
    const preset = presetDefinitions.find((p) => p.key === 'craftsman');
    expect(data.environment).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Tischlerei Weiß',
      url_slug: craftsman.env,
      logo_url: null,
      users_count: 1,
      status: 'active',
      menu: preset?.menu,
      functions: preset?.functions,
      capabilities: { html_form_publish: true },
      default_dateformat: 'DD.MM.YYYY',
      default_currency: 'euro',
      default_language: 'de_sie',
      preset: 'craftsman',
      default_address_invoice: null,
      default_bank_details: null,
    });
    expect(new Date(data.environment.last_config_update).toISOString()).toBe(data.environment.last_config_update);
    expect(data.environmentUser).toEqual({
      is_active: true,
      created_at: expect.any(String),
      // The creator is the owner, with every permission (issue 29).
      role: 'owner',
      permissions: ['read', 'records', 'settings', 'members', 'owner'],
    });
    // Every environment has its main directory from the start (the file manager's root).
    expect(data.filemanagerDir).toMatch(/^[0-9a-f-]{36}$/);
    // The preset's types are created together: ordered by key, the same on every read.
    // The owner may do everything with each (issue 29 item 2).
    expect(data.dynamicRecordsTypes.every((d) => isDeepStrictEqual(d.rights, ownerRights))).toBe(true);
    expect(data.dynamicRecordsTypes.map(({ rights: _, ...d }) => d)).toEqual([
      { key: 'articles', parent: 'article', singular: 'Artikel', plural: 'Artikel', icon: 'package' },
      {
        key: 'contacts',
        parent: 'contact',
        singular: 'Ansprechpartner',
        plural: 'Ansprechpartner',
        icon: 'address-book',
      },
      { key: 'customers', parent: 'customer', singular: 'Kunde', plural: 'Kunden', icon: 'users' },
      {
        key: 'incoming_invoices',
        parent: 'incoming_invoice',
        singular: 'Eingangsrechnung',
        plural: 'Eingangsrechnungen',
        icon: 'receipt',
      },
      { key: 'invoices', parent: 'invoice', singular: 'Rechnung', plural: 'Rechnungen', icon: 'file-invoice' },
      { key: 'offers', parent: 'offer', singular: 'Angebot', plural: 'Angebote', icon: 'file-description' },
    ]);
  });

  test('lists the three standard tax rates from the envTaxes records, 19 % as default tax', async () => {
    const data = (await details(craftsman.env, craftsman.token)).body.data;
    expect(data?.environment.taxes).toEqual([
      { _id: expect.any(String), name: 'USt. 19 %', percentage: 19, number: '8400' },
      { _id: expect.any(String), name: 'USt. 7 %', percentage: 7, number: '8300' },
      { _id: expect.any(String), name: 'Steuerfrei', percentage: 0, number: '8100' },
    ]);
    expect(data?.environment.default_tax).toBe(data?.environment.taxes[0]?._id);
  });

  test('gives an environment without template taxes, but no menu and no record types of its own', async () => {
    const data = (await details(pair.alpha.env, pair.alpha.token)).body.data;
    expect(data?.environment.menu).toEqual([]);
    expect(data?.environment.taxes.map((x) => x.percentage)).toEqual([19, 7, 0]);
    expect(data?.environment.default_tax).toBe(data?.environment.taxes[0]?._id);
    expect(data?.dynamicRecordsTypes).toEqual([]);
  });

  test('shows a tax rate saved in the settings and moves last_config_update', async () => {
    const before = (await details(pair.beta.env, pair.beta.token)).body.data?.environment;
    t.clock.advance(5000);
    const saved = await t.call(
      saveRecord,
      {
        _env: pair.beta.env,
        type: 'envTaxes',
        id: 'new',
        data: { name: 'USt. 10,7 %', percentage: 10.7, number: '8200' },
      },
      pair.beta.token,
    );
    expectOk(saved);
    const after = (await details(pair.beta.env, pair.beta.token)).body.data?.environment;
    expect(after?.taxes.map((x) => x.name)).toEqual(['USt. 19 %', 'USt. 10,7 %', 'USt. 7 %', 'Steuerfrei']);
    expect(Date.parse(after?.last_config_update ?? '')).toBeGreaterThan(Date.parse(before?.last_config_update ?? ''));
    const beat = await heartbeat(pair.beta.env, pair.beta.token);
    expect(beat.body.data?.envLastConfigUpdate).toBe(after?.last_config_update);

    t.clock.advance(5000);
    expectOk(
      await t.call(
        removeRecord,
        { _env: pair.beta.env, type: 'envTaxes', id: saved.body.data?.key ?? '' },
        pair.beta.token,
      ),
    );
    const removed = (await details(pair.beta.env, pair.beta.token)).body.data?.environment;
    expect(removed?.taxes).toHaveLength(3);
    expect(Date.parse(removed?.last_config_update ?? '')).toBeGreaterThan(Date.parse(after?.last_config_update ?? ''));
  });

  test('names no default tax any more once the default tax rate is removed', async () => {
    const env = (await details(pair.beta.env, pair.beta.token)).body.data?.environment;
    const res = await t.call(
      removeRecord,
      { _env: pair.beta.env, type: 'envTaxes', id: env?.default_tax ?? '' },
      pair.beta.token,
    );
    expectOk(res);
    const after = (await details(pair.beta.env, pair.beta.token)).body.data?.environment;
    expect(after?.default_tax).toBeNull();
    expect(after?.taxes.map((x) => x.percentage)).toEqual([7, 0]);
  });

  test('still answers a blocked environment, with status blocked, so the shell can show the blocked page', async () => {
    await setStatus(t, craftsman.env, 'blocked');
    try {
      const res = await details(craftsman.env, craftsman.token);
      expectOk(res);
      expect(res.body.data?.environment.status).toBe('blocked');
      const other = await t.call(
        saveRecord,
        { _env: craftsman.env, type: 'customers', id: 'new', data: { name: 'Gesperrt GmbH' } },
        craftsman.token,
      );
      expectRefused(other, 403);
      expect(other.body.message).toBe('Firmenumgebung gesperrt');
    } finally {
      await setStatus(t, craftsman.env, 'active');
    }
  });

  test('answers an inactive environment with its status', async () => {
    await setStatus(t, craftsman.env, 'inactive');
    try {
      const res = await details(craftsman.env, craftsman.token);
      expectOk(res);
      expect(res.body.data?.environment.status).toBe('inactive');
    } finally {
      await setStatus(t, craftsman.env, 'active');
    }
  });

  test('refuses a deactivated member with 403', async () => {
    await setMembership(t, craftsman.env, craftsman.userId, false);
    try {
      const res = await details(craftsman.env, craftsman.token);
      expectRefused(res, 403);
      expect(res.body.message).toBe(de('environments.notMember'));
    } finally {
      await setMembership(t, craftsman.env, craftsman.userId, true);
    }
  });

  test('refuses a foreign or unknown environment with 403 and a missing or blank _env with 400', async () => {
    await expectForeignEnvRefused(t, api.environmentDetails, {}, { pair, mode: 'status' });
    const blank = await t.post(api.environmentDetails.path, { _env: '   ' }, pair.alpha.token);
    expectRefused(blank, 400);
    expect(blank.body.errors?._env).toEqual([de('common.fieldRequired')]);
  });

  test('never answers details of a foreign environment, not even its name', async () => {
    const res = await details(craftsman.env, pair.alpha.token);
    expectRefused(res, 403);
    expect(JSON.stringify(res.body)).not.toContain('Tischlerei');
  });

  test('refuses malformed JSON and a missing token', async () => {
    const bad = await t.post(api.environmentDetails.path, '{"_env": ', pair.alpha.token);
    expectRefused(bad, 400);
    expect(bad.body.message).toBe(de('common.malformedJson'));
    expectRefused(await details(pair.alpha.env, ''), 401);
  });
});

describe('environments/heartbeat', () => {
  test('reports the status and the last configuration update of details', async () => {
    const res = await heartbeat(craftsman.env, craftsman.token);
    expectOk(res);
    const env = (await details(craftsman.env, craftsman.token)).body.data?.environment;
    expect(res.body.data).toEqual({ envStatus: 'active', envLastConfigUpdate: env?.last_config_update });
  });

  test('works without init_date', async () => {
    expectOk(await t.call(api.heartbeat, { _env: craftsman.env }, craftsman.token));
  });

  test('shows a changed language, date format or currency (setup step 1) at the next beat', async () => {
    const before = (await heartbeat(pair.alpha.env, pair.alpha.token)).body.data;
    t.clock.advance(60_000);
    expectOk(
      await t.call(
        setupStep1,
        {
          _env: pair.alpha.env,
          name: 'Alpha GmbH',
          default_dateformat: 'YYYY-MM-DD',
          default_currency: 'us_dollar',
          default_language: 'de_sie',
        },
        pair.alpha.token,
      ),
    );
    const after = (await heartbeat(pair.alpha.env, pair.alpha.token)).body.data;
    expect(after?.envStatus).toBe('active');
    expect(after?.envLastConfigUpdate).toBe(t.clock.now().toISOString());
    expect(Date.parse(after?.envLastConfigUpdate ?? '')).toBeGreaterThan(Date.parse(before?.envLastConfigUpdate ?? ''));
    const env = (await details(pair.alpha.env, pair.alpha.token)).body.data?.environment;
    expect(env).toMatchObject({
      default_dateformat: 'YYYY-MM-DD',
      default_currency: 'us_dollar',
      last_config_update: after?.envLastConfigUpdate,
    });
  });

  test('reports a blocked environment as blocked instead of refusing it', async () => {
    await setStatus(t, craftsman.env, 'blocked');
    try {
      const res = await heartbeat(craftsman.env, craftsman.token);
      expectOk(res);
      expect(res.body.data?.envStatus).toBe('blocked');
    } finally {
      await setStatus(t, craftsman.env, 'active');
    }
    expect((await heartbeat(craftsman.env, craftsman.token)).body.data?.envStatus).toBe('active');
  });

  test('refuses foreign, unknown and missing environments and deactivated members', async () => {
    await expectForeignEnvRefused(t, api.heartbeat, {}, { pair, mode: 'status' });
  });

  test('refuses a wrongly typed or huge init_date with 400', async () => {
    for (const init_date of [42, 'x'.repeat(10_000), { a: 1 }]) {
      const res = await t.post(api.heartbeat.path, { _env: craftsman.env, init_date }, craftsman.token);
      expectRefused(res, 400);
      expect(res.body.errors?.init_date).toBeDefined();
    }
  });
});
