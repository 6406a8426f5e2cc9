import { randomUUID } from 'node:crypto';
import * as formsApi from '@kontor/contract/api/query-forms';
import * as settingsApi from '@kontor/contract/api/settings';
import * as websiteApi from '@kontor/contract/api/website';
import { translator } from '@kontor/contract/i18n/catalogs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk } from '../test/assertions';
import { setStatus } from '../test/cross-tenant';
import { userWithEnvironment } from '../test/fixtures';
import { randomIp, startTestApp, type TestApp } from '../test/harness';
import { verifySavedHost } from '../test/website-hosts';
import { einvoiceLinks } from './features/einvoice/einvoice-links';
import { environments } from './features/environments/environments.table';
import { exportLinks } from './features/stages/export-links';
import { type BoundPage, forgetPublicEnvironments } from './http/public-route';

/**
 * Issue 30 item 1: every public page and signed download is bound by the public binder and listed in
 * `app.publicPages`; this suite walks that list as the call suites walk `app.calls`: each entry
 * needs an address here (a page added without one fails), is served for its own environment, and
 * answers the catalog's 404 for a blocked environment, a switched-off module, a foreign key and
 * hostile input — never a 500, a stack or an unescaped payload.
 */

const de = translator('de_sie');
const en = translator('en');

let t: TestApp;
type Tenant = Awaited<ReturnType<typeof userWithEnvironment>> & {
  envId: string;
  formKey: string;
  formId: string;
  portal: string;
  host: string;
};
let alpha: Tenant;
let beta: Tenant;

const allModules = { website: true, bookings: true, queryForms: true, filemanager: true };

const tenant = async (name: string, marker: string): Promise<Tenant> => {
  const who = await userWithEnvironment(t, name);
  expectOk(await t.call(settingsApi.saveModules, { _env: who.env, functions: allModules }, who.token));
  const form = await t.call(
    formsApi.saveQueryForm,
    {
      _env: who.env,
      id: 'new',
      title: `Anfrage ${marker}`,
      definition: [
        { type: 'question', questionType: 'string', key: 'wish', title: 'Wunsch', columns: 12, required: true },
      ],
      answer_table_columns: [],
      filled_once: false,
      publications: { html_website: { is_active: true, publish_key: null } },
    },
    who.token,
  );
  expectOk(form);
  const formId = form.body.data!.id;
  const details = await t.call(formsApi.queryFormDetails, { _env: who.env, id: formId }, who.token);
  const formKey = details.body.data!.publications.html_website.publish_key ?? '';
  const portal = `portal-${marker}-${randomUUID().slice(0, 6)}`;
  expectOk(
    await t.call(
      settingsApi.savePortal,
      { _env: who.env, active: true, title: `Portal ${marker}`, url_slug: portal },
      who.token,
    ),
  );
  const host = `www.${marker}-${randomUUID().slice(0, 6)}.test`;
  expectOk(
    await t.call(
      websiteApi.saveSettings,
      {
        _env: who.env,
        website: {
          host,
          is_active: true,
          debug: false,
          title: name,
          meta_description: '',
          meta_keywords: '',
          interfaces: {},
        },
      },
      who.token,
    ),
  );
  const page = {
    title: 'Start',
    url_path: `/${marker}-start`,
    blocks: [{ type: 'text', designblock: true, fields: { heading: `${marker}-Startseite`, text: '' } }],
    set_as_homepage: true,
    set_as_not_found_page: false,
    record_page: null,
  };
  expectOk(await t.call(websiteApi.savePage, { _env: who.env, id: 'new', page }, who.token));
  await verifySavedHost(t, who);
  const [row] = await t.db.select({ id: environments.id }).from(environments).where(eq(environments.urlSlug, who.env));
  return { ...who, envId: row!.id, formKey, formId, portal, host };
};

beforeAll(async () => {
  t = await startTestApp();
  alpha = await tenant('Binder Alpha GmbH', 'alpha');
  beta = await tenant('Binder Beta GmbH', 'beta');
});
afterAll(() => t.close());

type Request = Readonly<{ url: string; host?: string }>;
const secret = () => t.app.deps.config.fileUrlSecret;
const inFive = () => new Date(t.app.deps.now().getTime() + 5 * 60_000);

/** An address of every listed page for a tenant: the suite's cases for each entry of the binder's list. */
const addresses: Record<string, (who: Tenant) => Request> = {
  'GET /forms/:slug/:key': (w) => ({ url: `/forms/${w.env}/${w.formKey}` }),
  'POST /forms/:slug/:key': (w) => ({ url: `/forms/${w.env}/${w.formKey}` }),
  'GET /book/:slug': (w) => ({ url: `/book/${w.env}` }),
  'POST /book/:slug': (w) => ({ url: `/book/${w.env}` }),
  'GET /site/:slug': (w) => ({ url: `/site/${w.env}` }),
  'GET /site/:slug/*': (w) => ({ url: `/site/${w.env}/robots.txt` }),
  'GET *': (w) => ({ url: '/', host: w.host }),
  'GET /portal/:slug': (w) => ({ url: `/portal/${w.portal}` }),
  'POST /portal/:slug/login': (w) => ({ url: `/portal/${w.portal}/login` }),
  'GET /portal/:slug/auth/:token': (w) => ({ url: `/portal/${w.portal}/auth/${'a'.repeat(43)}` }),
  'POST /portal/:slug/auth/:token': (w) => ({ url: `/portal/${w.portal}/auth/${'a'.repeat(43)}` }),
  'POST /portal/:slug/logout': (w) => ({ url: `/portal/${w.portal}/logout` }),
  'GET /portal/:slug/forms/:form': (w) => ({ url: `/portal/${w.portal}/forms/${w.formId}` }),
  'POST /portal/:slug/forms/:form': (w) => ({ url: `/portal/${w.portal}/forms/${w.formId}` }),
  'GET /portal/:slug/answers/:answer': (w) => ({ url: `/portal/${w.portal}/answers/${randomUUID()}` }),
  'POST /portal/:slug/answers/:answer': (w) => ({ url: `/portal/${w.portal}/answers/${randomUUID()}` }),
  'GET /api/dynamic-records/exports/file': (w) => ({
    url: `/api/dynamic-records/exports/file?token=${exportLinks(secret()).sign(
      { env: w.envId, user: '', type: 'invoices', id: randomUUID(), export: 'invoice', inline: true },
      t.app.deps.now(),
    )}`,
  }),
  'GET /api/einvoice/file': (w) => ({
    url: `/api/einvoice/file?token=${einvoiceLinks(secret()).sign(
      { env: w.envId, user: '', type: 'invoices', id: randomUUID(), format: 'xrechnung' },
      t.app.deps.now(),
    )}`,
  }),
};
/** The local storage's `/files/*` is S3's stand-in: its tokens name a key, no environment (storage tests cover it). */
const storageRoutes = new Set(['GET /files/*', 'PUT /files/*']);
const nameOf = (p: BoundPage) => `${p.method} ${p.path}`;
const bound = () => t.app.publicPages.filter((p) => !storageRoutes.has(nameOf(p)));

const send = (p: BoundPage, r: Request, payload?: string, ip = randomIp()) =>
  t.app.inject({
    method: p.method,
    url: r.url,
    remoteAddress: ip,
    headers: {
      ...(r.host ? { host: r.host } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });

const expectCatalogPage = (
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status = 404,
) => {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('text/html');
  expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
  expect(res.body).not.toMatch(/at .*\.(ts|js):\d+|node_modules|Error:/);
};

describe('the binder lists every public page and download', () => {
  test('every route is a bound call, a listed public page, or the server’s own infrastructure', () => {
    const calls = new Set(t.app.calls.flatMap((c) => [`POST ${c.call.path}`, `GET ${c.call.path}`]));
    const pages = new Set(t.app.publicPages.map(nameOf));
    // Health probes, the single-page app and its assets, the development mail page (loopback only,
    // never in production): no environment behind them.
    const infrastructure = /^(GET|HEAD) (\/healthz|\/readyz|\/|\/\*|\/assets\/\*|\/dev\/mails(\.json)?)$/;
    const loose = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`)
      .filter((name) => !calls.has(name) && !pages.has(name) && !infrastructure.test(name));
    expect(loose).toEqual([]);
  });

  test('each listed page has its cases in this suite', () => {
    expect(bound().length).toBeGreaterThanOrEqual(18);
    for (const p of bound()) expect(addresses[nameOf(p)], nameOf(p)).toBeDefined();
  });
});

describe('isolation: an environment’s pages serve only that environment', () => {
  test('its own address is served (whatever the page then says), never the binder’s 404', async () => {
    for (const p of bound()) {
      const res = await send(p, addresses[nameOf(p)]!(alpha), p.method === 'POST' ? '' : undefined);
      expect(res.statusCode, nameOf(p)).toBeLessThan(500);
      expect(res.body, nameOf(p)).not.toContain(de('public.notFoundText'));
    }
  });

  test('a blocked environment serves none of them: the catalog’s 404', async () => {
    await setStatus(t, alpha.env, 'blocked');
    forgetPublicEnvironments();
    try {
      for (const p of bound()) {
        const res = await send(p, addresses[nameOf(p)]!(alpha), p.method === 'POST' ? '' : undefined);
        expectCatalogPage(res);
      }
    } finally {
      await setStatus(t, alpha.env, 'active');
      forgetPublicEnvironments();
    }
  });

  test('a switched-off module serves none of its pages', async () => {
    const off = { website: false, bookings: false, queryForms: false, filemanager: true };
    expectOk(await t.call(settingsApi.saveModules, { _env: beta.env, functions: off }, beta.token));
    forgetPublicEnvironments();
    try {
      for (const p of bound().filter((b) => ['website', 'bookings', 'queryForms'].includes(b.module))) {
        const res = await send(p, addresses[nameOf(p)]!(beta), p.method === 'POST' ? '' : undefined);
        expectCatalogPage(res);
      }
    } finally {
      expectOk(await t.call(settingsApi.saveModules, { _env: beta.env, functions: allModules }, beta.token));
      forgetPublicEnvironments();
    }
  });

  test('one environment’s key under another’s address is a 404', async () => {
    const form = await t.get(`/forms/${beta.env}/${alpha.formKey}`);
    expectCatalogPage(form);
    expect(form.body).toContain(de('queryForms.publicNotFoundText'));
    const site = await t.get(`/site/${beta.env}/alpha-start`);
    expect(site.body).not.toContain('alpha-Startseite');
    // A token signed for alpha, with the environment rewritten to beta, fails its MAC.
    const url = addresses['GET /api/einvoice/file']!(alpha).url;
    const [payload, mac] = url.split('token=')[1]!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, env: beta.envId })).toString('base64url');
    expectCatalogPage(await t.get(`/api/einvoice/file?token=${forged}.${mac}`));
  });

  test('a download link is good for its own kind only, and expires into the 410 page in its language', async () => {
    const exportUrl = addresses['GET /api/dynamic-records/exports/file']!(alpha).url;
    const token = exportUrl.split('token=')[1];
    expectCatalogPage(await t.get(`/api/einvoice/file?token=${token}`));
    await t.db.update(environments).set({ defaultLanguage: 'en' }).where(eq(environments.urlSlug, alpha.env));
    try {
      const expiring = einvoiceLinks(secret()).sign(
        { env: alpha.envId, user: '', type: 'invoices', id: randomUUID(), format: 'xrechnung' },
        new Date(t.app.deps.now().getTime() - 10 * 60_000),
      );
      const gone = await t.get(`/api/einvoice/file?token=${expiring}`);
      expectCatalogPage(gone, 410);
      expect(gone.body).toContain(en('public.goneTitle'));
      expect(gone.body).toContain('<html lang="en">');
    } finally {
      await t.db.update(environments).set({ defaultLanguage: 'de_sie' }).where(eq(environments.urlSlug, alpha.env));
    }
    expect(inFive().getTime()).toBeGreaterThan(t.app.deps.now().getTime());
  });
});

describe('hostile input on every public page', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'x'.repeat(5000),
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
    '%E0%A4%A',
    'ä ö ü',
  ];

  test('each path parameter replaced by a hostile value: a 4xx page, nothing echoed unescaped', async () => {
    for (const p of bound().filter((b) => b.find !== 'token' && b.find !== 'host')) {
      const names = [...p.path.matchAll(/:(\w+)|\*/g)].map((m) => m[0]);
      for (const name of names) {
        for (const value of payloads) {
          const url = p.path
            .replace(/:(\w+)|\*/g, (m) => (m === name ? encodeURIComponent(value).replace(/%25/g, '%') : 'x'))
            .replace(/\/x$/, '/x');
          const res = await send(p, { url }, p.method === 'POST' ? 'a=1' : undefined);
          expect(res.statusCode, `${nameOf(p)} ${name}=${value.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.body).not.toContain('<script>alert(1)</script>');
          expect(res.body).not.toContain('<img src=x');
        }
      }
    }
  });

  test('every download refuses junk tokens with the 404 page', async () => {
    for (const p of bound().filter((b) => b.find === 'token')) {
      for (const token of ['', 'abc', 'a.b', `${'x'.repeat(9000)}.y`, '<script>alert(1)</script>']) {
        const res = await send(p, { url: `${p.path}?token=${encodeURIComponent(token)}` });
        expectCatalogPage(res);
        expect(res.body).not.toContain('<script>alert(1)</script>');
      }
    }
  });

  test('posts: malformed, oversized or of another type get a page, never a 500', async () => {
    for (const p of bound().filter((b) => b.method === 'POST')) {
      const url = addresses[nameOf(p)]!(alpha).url;
      for (const body of ['%%%&&&===', 'a=%E0%A4%A', `q[wish]=${'x'.repeat(300_000)}`]) {
        const res = await send(p, { url }, body);
        expect(res.statusCode, nameOf(p)).toBeLessThan(500);
        expect(String(res.headers['content-type']), nameOf(p)).toContain('text/html');
      }
      const json = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: randomIp(),
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      });
      expect(json.statusCode, nameOf(p)).toBeGreaterThanOrEqual(400);
      expect(json.statusCode, nameOf(p)).toBeLessThan(500);
    }
  });

  test('too many posts: the 429 page in the environment’s language, with Retry-After', async () => {
    await t.db.update(environments).set({ defaultLanguage: 'en' }).where(eq(environments.urlSlug, beta.env));
    forgetPublicEnvironments();
    try {
      const ip = randomIp();
      const p = bound().find((b) => nameOf(b) === 'POST /book/:slug')!;
      let last = await send(p, addresses[nameOf(p)]!(beta), '', ip);
      for (let i = 0; i < 200 && last.statusCode !== 429; i++)
        last = await send(p, addresses[nameOf(p)]!(beta), '', ip);
      expectCatalogPage(last, 429);
      expect(last.headers['retry-after']).toBeDefined();
      expect(last.body).toContain(en('public.rateLimitedTitle'));
      expect(last.body).toContain('<html lang="en">');
    } finally {
      await t.db.update(environments).set({ defaultLanguage: 'de_sie' }).where(eq(environments.urlSlug, beta.env));
      forgetPublicEnvironments();
    }
  });
});
