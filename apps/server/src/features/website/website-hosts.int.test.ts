import fs from 'node:fs';
import path from 'node:path';
import * as authApi from '@kontor/contract/api/auth';
import * as settingsApi from '@kontor/contract/api/settings';
import * as api from '@kontor/contract/api/website';
import type { BodyOf } from '@kontor/contract/call';
import { translator } from '@kontor/contract/i18n/catalogs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { verifySavedHost } from '../../../test/website-hosts';

/** Issue 30 item 2, 'Website host squatting': a website's own host is served only once verified. */

const de = translator('de_sie');

let t: TestApp;
type Who = Awaited<ReturnType<typeof userWithEnvironment>>;

const settings = (who: Who, website: Partial<BodyOf<typeof api.saveSettings>['website']>) =>
  t.call(
    api.saveSettings,
    {
      _env: who.env,
      website: {
        host: '',
        is_active: true,
        debug: false,
        title: 'Café Domain',
        meta_description: '',
        meta_keywords: '',
        interfaces: {},
        ...website,
      },
    },
    who.token,
  );

const verify = (who: Who) => t.call(api.verifyHost, { _env: who.env }, who.token);
const details = async (who: Who) => (await t.call(api.websiteDetails, { _env: who.env }, who.token)).body.data!;

/** An environment with the website module on, an active site and a homepage saying `marker`. */
const siteOwner = async (name: string, marker: string) => {
  const who = await userWithEnvironment(t, name);
  expectOk(
    await t.call(
      settingsApi.saveModules,
      { _env: who.env, functions: { website: true, bookings: false, queryForms: true, filemanager: true } },
      who.token,
    ),
  );
  const page = {
    title: 'Start',
    url_path: '/start',
    blocks: [{ type: 'text', designblock: true, fields: { heading: marker, text: '' } }],
    set_as_homepage: true,
    set_as_not_found_page: true,
    record_page: null,
  };
  expectOk(await t.call(api.savePage, { _env: who.env, id: 'new', page }, who.token));
  return who;
};

let alpha: Who;
beforeAll(async () => {
  t = await startTestApp();
  alpha = await siteOwner('Domain Alpha GmbH', 'Alpha-Startseite');
});
afterAll(() => t.close());

describe('website host: the product itself and address literals are refused', () => {
  test.each([
    ['kontor.test', 'website.error.hostReserved'],
    ['www.kontor.test', 'website.error.hostReserved'],
    ['kunden.kontor.test', 'website.error.hostReserved'],
    ['127.0.0.1', 'website.error.hostAddress'],
    ['203.0.113.7', 'website.error.hostAddress'],
    ['[::1]', 'website.error.hostAddress'],
    ['0x7f.1', 'website.error.hostAddress'],
    ['localhost', 'website.error.hostAddress'],
  ] as const)('%s', async (host, key) => {
    const res = await settings(alpha, { host });
    expectRefused(res, 400);
    expect(res.body.errors?.host).toEqual([de(key)]);
  });
});

describe('website host: verification by a DNS TXT record', () => {
  test('a saved host is pending and not served; its TXT record carries a random token', async () => {
    expectOk(await settings(alpha, { host: 'www.alpha-domain.test' }));
    const state = (await details(alpha)).host_verification;
    expect(state.state).toBe('pending');
    expect(state.record_name).toBe('_kontor-verify.www.alpha-domain.test');
    expect(state.record_value).toMatch(/^kontor-verify=[0-9a-f]{32}$/);
    const home = await t.get('/', { host: 'www.alpha-domain.test' });
    expect(home.body).not.toContain('Alpha-Startseite');
  });

  test('no record, a wrong value and a dead name server are refused with German messages', async () => {
    const { record_name: name, record_value: value } = (await details(alpha)).host_verification;
    t.dns.records.delete(name);
    const missing = await verify(alpha);
    expectRefused(missing, 400);
    expect(missing.body.message).toBe(de('website.host.checkNotFound', { name }));
    t.dns.records.set(name, [['kontor-verify=falsch'], ['v=spf1 -all']]);
    const wrong = await verify(alpha);
    expectRefused(wrong, 400);
    expect(wrong.body.message).toBe(de('website.host.checkWrongValue', { name, value }));
    t.dns.state.failing = true;
    try {
      const dead = await verify(alpha);
      expectRefused(dead, 400);
      expect(dead.body.message).toBe(de('website.host.checkTimeout'));
    } finally {
      t.dns.state.failing = false;
    }
    expect((await details(alpha)).host_verification.state).toBe('pending');
    expect((await t.get('/', { host: 'www.alpha-domain.test' })).body).not.toContain('Alpha-Startseite');
  });

  test('the right record verifies the host (records split in chunks too) and the site is served', async () => {
    const { record_name: name, record_value: value } = (await details(alpha)).host_verification;
    t.dns.records.set(name, [['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]]);
    const ok = await verify(alpha);
    expectOk(ok);
    expect(ok.body.message).toBe(de('website.host.checkSuccess', { host: 'www.alpha-domain.test' }));
    expect(ok.body.data?.host_verification.state).toBe('verified');
    const home = await t.get('/', { host: 'www.alpha-domain.test' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Alpha-Startseite');
    // Saving the other settings keeps the host verified.
    expectOk(await settings(alpha, { host: 'www.alpha-domain.test', title: 'Neuer Titel' }));
    expect((await details(alpha)).host_verification.state).toBe('verified');
  });

  test('without a host there is nothing to check', async () => {
    const bare = await userWithEnvironment(t, 'Ohne Domain GmbH');
    const res = await verify(bare);
    expectRefused(res, 400);
    expect(res.body.message).toBe(de('website.host.noHost'));
  });
});

describe('website host: only the site, never the product, under a verified host', () => {
  const host = 'www.alpha-domain.test';
  test.each([
    '/api/website-manager/details',
    '/api/auth/me',
    '/login',
    '/account',
    '/files/00000000-0000-4000-8000-000000000000',
    '/portal/domain-alpha-gmbh',
    '/forms/domain-alpha-gmbh/kontakt',
    '/env/domain-alpha-gmbh',
    '/register',
    '/activate/a/b',
    '/reset-pw/a/b',
    '/reset',
    '/assets/index.js',
    '/site/domain-alpha-gmbh/',
  ])('GET %s is a plain 404', async (url) => {
    const res = await t.get(url, { host });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Alpha-Startseite');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  test('a POST to the product under the host is a 404 too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: authApi.login.path,
      headers: { host, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.de', password: 'x' }),
    });
    expect(res.statusCode).toBe(404);
  });

  test("the site's own paths are answered", async () => {
    expect((await t.get('/start', { host })).body).toContain('Alpha-Startseite');
    expect((await t.get('/robots.txt', { host })).body).toContain('Sitemap: ');
    expect((await t.get('/sitemap.xml', { host })).statusCode).toBe(200);
    // An unknown page is the site's own not-found page (the tenant's content), not the product.
    expect((await t.get('/gibt-es-nicht', { host })).body).toContain('Alpha-Startseite');
  });

  test('the product paths are reserved as page addresses', async () => {
    const page = {
      title: 'L',
      url_path: '/login',
      blocks: [],
      set_as_homepage: false,
      set_as_not_found_page: false,
      record_page: null,
    };
    const res = await t.call(api.savePage, { _env: alpha.env, id: 'new', page }, alpha.token);
    expectRefused(res, 400);
    expect(res.body.errors?.url_path).toEqual([de('website.error.pathReserved')]);
  });
});

describe('website host: a verified host is nobody else’s', () => {
  test('another environment cannot claim it, nor verify a claim made before', async () => {
    const beta = await siteOwner('Domain Beta GmbH', 'Beta-Startseite');
    const gamma = await siteOwner('Domain Gamma GmbH', 'Gamma-Startseite');
    // Gamma claims first (pending), Beta proves control: Gamma's claim can no longer be verified.
    expectOk(await settings(gamma, { host: 'www.geteilt.test' }));
    expectOk(await settings(beta, { host: 'www.geteilt.test' }));
    await verifySavedHost(t, beta);
    const late = await verify(gamma);
    expectRefused(late, 409);
    expect(late.body.message).toBe(de('website.error.hostTaken'));
    const claim = await settings(alpha, { host: 'WWW.geteilt.test' });
    expectRefused(claim, 409);
    expect(claim.body.errors?.host).toEqual([de('website.error.hostTaken')]);
    const served = await t.get('/', { host: 'www.geteilt.test' });
    expect(served.body).toContain('Beta-Startseite');
    expect(served.body).not.toContain('Gamma-Startseite');
  });

  test('changing the host resets the verification; the old host is served no more', async () => {
    const delta = await siteOwner('Domain Delta GmbH', 'Delta-Startseite');
    expectOk(await settings(delta, { host: 'www.delta-alt.test' }));
    const first = await verifySavedHost(t, delta);
    expect((await t.get('/', { host: 'www.delta-alt.test' })).body).toContain('Delta-Startseite');
    expectOk(await settings(delta, { host: 'www.delta-neu.test' }));
    const now = (await details(delta)).host_verification;
    expect(now.state).toBe('pending');
    expect(now.record_value).not.toBe(first.record_value);
    expect((await t.get('/', { host: 'www.delta-alt.test' })).body).not.toContain('Delta-Startseite');
    expect((await t.get('/', { host: 'www.delta-neu.test' })).body).not.toContain('Delta-Startseite');
  });

  test('the migration gives hosts saved before it a token and leaves them unverified', async () => {
    const epsilon = await siteOwner('Domain Epsilon GmbH', 'Epsilon-Startseite');
    expectOk(await settings(epsilon, { host: 'www.epsilon.test' }));
    await verifySavedHost(t, epsilon);
    // The state before 0028: no token, no verification, a plain unique index on the host.
    await t.asSuperuser(sql`drop index if exists website_hosts_verified_host_key`);
    await t.asSuperuser(sql`alter table website_hosts drop column token, drop column verified_at`);
    const migration = fs.readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0028_website_host_verification.sql'),
      'utf8',
    );
    for (let run = 0; run < 2; run++) {
      for (const statement of migration.split('--> statement-breakpoint')) await t.asSuperuser(sql.raw(statement));
    }
    const { rows } = await t.asSuperuser(sql`select host, token, verified_at from website_hosts`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(String(row.token)).toMatch(/^[0-9a-f]{32}$/);
      expect(row.verified_at).toBeNull();
    }
    expect(new Set(rows.map((r) => r.token)).size).toBe(rows.length);
    expect((await details(epsilon)).host_verification.state).toBe('pending');
    await verifySavedHost(t, epsilon);
  });
});
