import zlib from 'node:zlib';
import * as recordsApi from '@kontor/contract/api/records';
import * as settingsApi from '@kontor/contract/api/settings';
import * as api from '@kontor/contract/api/website';
import type { BodyOf, Call } from '@kontor/contract/call';
import { translator } from '@kontor/contract/i18n/catalogs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { expectForeignEnvRefused, sharedEnvPair } from '../../../test/cross-tenant';
import { pngBytes, uploadFile } from '../../../test/files';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { verifySavedHost } from '../../../test/website-hosts';

const de = translator('de_sie');

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Holzwurm GmbH');
});
afterAll(() => t.close());

type Who = typeof owner;
type PageInput = Parameters<typeof savePageAs>[2];

const emptyPage = {
  title: '',
  url_path: '',
  blocks: [] as api.Block[],
  set_as_homepage: false,
  set_as_not_found_page: false,
  record_page: null as api.RecordPage | null,
};

const savePageAs = (who: Who, id: string, page: Partial<typeof emptyPage>) =>
  t.call(api.savePage, { _env: who.env, id, page: { ...emptyPage, ...page } }, who.token);

const savePage = async (page: PageInput, who: Who = owner, id = 'new') => {
  const res = await savePageAs(who, id, page);
  expectOk(res);
  return res.body.data!;
};

const settings = (who: Who, website: Partial<BodyOf<typeof api.saveSettings>['website']> = {}) =>
  t.call(
    api.saveSettings,
    {
      _env: who.env,
      website: {
        host: '',
        is_active: true,
        debug: false,
        title: 'Holzwurm',
        meta_description: 'Schreinerei in Berlin: Möbel nach Maß.',
        meta_keywords: 'Schreinerei, Möbel',
        interfaces: {},
        ...website,
      },
    },
    who.token,
  );

/** The website module on (CLARIFICATIONS "Modules"): the preset 'none' has it off. */
const enableWebsite = async (who: Who, on = true) =>
  expectOk(
    await t.call(
      settingsApi.saveModules,
      { _env: who.env, functions: { website: on, bookings: false, queryForms: true, filemanager: true } },
      who.token,
    ),
  );

const text = (heading: string, body = ''): api.Block => ({
  type: 'text',
  designblock: true,
  fields: { heading, text: body },
});
const htmlBlock = (markup: string): api.Block => ({ type: 'html', designblock: true, fields: { html: markup } });

describe('website manager calls', () => {
  test('details creates the website with the default design; designs-list ships at least three designs', async () => {
    const details = await t.call(api.websiteDetails, { _env: owner.env }, owner.token);
    expectOk(details);
    expect(details.body.data).toMatchObject({ design: 'business', is_active: false, menus: [], host: '' });
    expect(details.body.data?.url).toMatch(new RegExp(`/site/${owner.env}/$`));
    const list = await t.call(api.designsList, { _env: owner.env }, owner.token);
    expect(list.body.data?.map((d) => d.key)).toEqual(['business', 'craft', 'restaurant']);
    const design = await t.call(api.designDetails, { _env: owner.env, design: 'restaurant' }, owner.token);
    expect(design.body.data?.blocks.map((b) => b.name)).toEqual([
      'hero',
      'text',
      'html',
      'image',
      'columns',
      'contact',
      'opening_hours',
      'query_form',
      'record_list',
      'record_detail',
    ]);
    expect(design.body.data?.variables.map((v) => v.type)).toEqual(
      expect.arrayContaining(['image', 'boolean', 'html', 'string']),
    );
    const unknown = await t.call(api.designDetails, { _env: owner.env, design: 'gibtsnicht' }, owner.token);
    expectRefused(unknown, 404);
  });

  test('change-design replaces the design; an unknown one answers the spec text', async () => {
    const bad = await t.call(api.changeDesign, { _env: owner.env, design: 'barock' }, owner.token);
    expectRefused(bad, 404);
    expect(bad.body.message).toBe('Es ist ein Fehler beim Ändern des Designs aufgetreten.');
    const ok = await t.call(api.changeDesign, { _env: owner.env, design: 'craft' }, owner.token);
    expectOk(ok);
    expect(ok.body.data?.design).toBe('craft');
    const blocks = await t.call(api.designBlocks, { _env: owner.env }, owner.token);
    expect(blocks.body.data?.length).toBe(10);
    expectOk(await t.call(api.changeDesign, { _env: owner.env, design: 'business' }, owner.token));
  });

  test('save-design checks variables by type: colour, unsafe html, unknown variable, foreign file', async () => {
    const save = (config: Record<string, string | boolean | null>) =>
      t.call(api.saveDesign, { _env: owner.env, website: { design_config: { business: config } } }, owner.token);
    const colour = await save({ primary_color: 'red;}body{display:none' });
    expectRefused(colour, 400);
    expect(colour.body.errors?.['design_config.business.primary_color']).toEqual([de('website.error.colour')]);
    const script = await save({ footer_html: '<script>alert(1)</script>' });
    expectRefused(script, 400);
    expect(script.body.errors?.['design_config.business.footer_html']).toEqual([de('website.error.unsafeMarkup')]);
    expectRefused(await save({ nosuch: 'x' }), 400);
    const missingFile = await save({ logo: '00000000-0000-4000-8000-000000000000' });
    expect(missingFile.body.errors?.['design_config.business.logo']).toEqual([de('website.error.fileMissing')]);
    const ok = await save({ primary_color: '#336699', tagline: 'Möbel nach Maß', footer_html: '<p class="x">Fuß</p>' });
    expectOk(ok);
    expect(ok.body.message).toBe(de('website.design.saved'));
    expect(ok.body.data?.design_config.business).toMatchObject({ primary_color: '#336699', footer_html: '<p>Fuß</p>' });
  });

  test('save-page: url_path from the title, free and normalised; the answer names the id; details read it back', async () => {
    const first = await savePage({ title: 'Über uns & Team', blocks: [text('Wir')] });
    expect(first.url_path).toBe('/ueber-uns-team');
    const second = await savePage({ title: 'Über uns & Team' });
    expect(second.url_path).toBe('/ueber-uns-team-2');
    const typed = await savePage({ title: 'Kontakt', url_path: 'Kontakt/Anfahrt/' });
    expect(typed.url_path).toBe('/kontakt/anfahrt');
    const details = await t.call(api.pageDetails, { _env: owner.env, id: first.id }, owner.token);
    expectOk(details);
    expect(details.body.data).toMatchObject({ title: 'Über uns & Team', blocks: [text('Wir')] });
    const res = await savePageAs(owner, 'new', { title: 'X' });
    expect(res.body.message).toBe('Die Seite wurde erfolgreich gespeichert');
  });

  test('save-page refuses clashes, reserved and invalid paths, unknown blocks and unsafe content', async () => {
    await savePage({ title: 'Leistungen', url_path: '/leistungen' });
    const clash = await savePageAs(owner, 'new', { title: 'Doppelt', url_path: '/Leistungen' });
    expectRefused(clash, 409);
    expect(clash.body.errors?.url_path).toEqual([de('website.error.pathTaken')]);
    for (const path of ['/sitemap.xml', '/_files/x', '/robots.txt', '/']) {
      const res = await savePageAs(owner, 'new', { title: 'R', url_path: path });
      expectRefused(res, 400);
      expect(res.body.errors?.url_path).toEqual([de('website.error.pathReserved')]);
    }
    for (const path of ['/a b', '/../etc', '/ä', '/x?y=1', '/<script>']) {
      const res = await savePageAs(owner, 'new', { title: 'R', url_path: path });
      expectRefused(res, 400);
      expect(res.body.errors?.url_path, path).toEqual([de('website.error.pathInvalid')]);
    }
    const unknown = await savePageAs(owner, 'new', {
      title: 'U',
      blocks: [{ type: 'marquee', designblock: true, fields: {} }],
    });
    expect(unknown.body.errors?.['blocks[0].type']).toEqual([de('website.error.unknownBlock')]);
    const unsafe = [
      htmlBlock('<img src=x onerror=alert(1)>'),
      htmlBlock('<iframe src="https://evil.example"></iframe>'),
      htmlBlock('<a href="javascript:alert(1)">x</a>'),
      text('<script>alert(1)</script>'),
      text('Titel', '<svg onload=alert(1)>'),
      {
        type: 'hero',
        designblock: true,
        fields: { heading: 'H', button_label: 'Los', button_url: 'javascript:alert(1)' },
      },
    ];
    for (const [i, block] of unsafe.entries()) {
      const res = await savePageAs(owner, 'new', { title: `Unsicher ${i}`, blocks: [block] });
      expectRefused(res, 400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(block)).toHaveLength(1);
    }
    const pages = await t.call(api.websitePages, { _env: owner.env }, owner.token);
    expect(pages.body.data?.some((p) => p.title.startsWith('Unsicher'))).toBe(false);
  });

  test('save-page stores HTML cleaned by the allow-list; links get rel="noopener nofollow"', async () => {
    const saved = await savePage({
      title: 'Sauber',
      blocks: [
        htmlBlock('<p class="c" style="color:red">Hallo <a href="https://example.org">Link</a><font>alt</font></p>'),
      ],
    });
    const details = await t.call(api.pageDetails, { _env: owner.env, id: saved.id }, owner.token);
    expect(details.body.data?.blocks[0]?.fields.html).toBe(
      '<p>Hallo <a href="https://example.org" rel="noopener nofollow">Link</a>alt</p>',
    );
  });

  test('a block of 5 MB is refused before it is parsed; a page of too many blocks by the schema', async () => {
    const huge = await t.post(
      api.savePage.path,
      {
        _env: owner.env,
        id: 'new',
        page: { ...emptyPage, title: 'Groß', blocks: [htmlBlock('x'.repeat(5 * 1024 * 1024))] },
      },
      owner.token,
    );
    expectRefused(huge, 413);
    const many = await savePageAs(owner, 'new', {
      title: 'Viele',
      blocks: Array.from({ length: 61 }, () => text('x')),
    });
    expectRefused(many, 400);
  });

  test('at most 500 pages: the 501st is refused with a clear message', async () => {
    const own = await userWithEnvironment(t, 'Viele Seiten GmbH');
    await savePage({ title: 'Erste' }, own);
    const envId = (await t.asSuperuser(sql`select id from environments where url_slug = ${own.env}`)).rows[0]?.id;
    await t.asSuperuser(sql`insert into website_pages (env_id, id, title, url_path)
      select ${envId}::uuid, gen_random_uuid(), 'Seite ' || n, '/seite-' || n from generate_series(2, 500) n`);
    const res = await savePageAs(own, 'new', { title: 'Zu viel' });
    expectRefused(res, 409);
    expect(res.body.message).toBe(de('website.error.tooManyPages', { n: 500 }));
    const pages = await t.call(api.websitePages, { _env: own.env }, own.token);
    expect(pages.body.data).toHaveLength(500);
  });

  test('homepage and not-found flags move to the page that takes them; remove-page removes', async () => {
    const a = await savePage({ title: 'Start A', set_as_homepage: true });
    const b = await savePage({ title: 'Start B', set_as_homepage: true });
    const pages = (await t.call(api.websitePages, { _env: owner.env }, owner.token)).body.data ?? [];
    expect(pages.find((p) => p._id === a.id)?.set_as_homepage).toBe(false);
    expect(pages.find((p) => p._id === b.id)?.set_as_homepage).toBe(true);
    expect((await t.call(api.websiteDetails, { _env: owner.env }, owner.token)).body.data?.homepage).toBe(b.id);
    expectOk(await t.call(api.removePage, { _env: owner.env, id: b.id }, owner.token));
    expect((await t.call(api.websiteDetails, { _env: owner.env }, owner.token)).body.data?.homepage).toBeNull();
    expectRefused(await t.call(api.removePage, { _env: owner.env, id: b.id }, owner.token), 404);
    expectRefused(await t.call(api.pageDetails, { _env: owner.env, id: b.id }, owner.token), 404);
    expectRefused(await savePageAs(owner, b.id, { title: 'Weg' }), 404);
  });

  test('menus: a blank title is refused; entries are checked (urls, attributes, depth)', async () => {
    const blank = await t.call(api.addMenu, { _env: owner.env, title: '   ' }, owner.token);
    expectRefused(blank, 400);
    expect(blank.body.errors?.title).toEqual([de('website.error.menuTitle')]);
    const added = await t.call(api.addMenu, { _env: owner.env, title: ' Hauptmenü ' }, owner.token);
    expectOk(added);
    expect(added.body.data).toMatchObject({ title: 'Hauptmenü', definition: [] });
    const menu = added.body.data!._id;
    const save = (definition: unknown, design_usage: Record<string, string> = {}) =>
      t.post(
        api.saveMenu.path,
        { _env: owner.env, menu, data: { title: 'Hauptmenü', definition, design_usage } },
        owner.token,
      );
    const entry = (url: string, attributes: Record<string, string> = {}) => ({
      type: 'custom',
      label: 'L',
      url,
      attributes,
    });
    expectRefused(await save([entry('javascript:alert(1)')]), 400);
    expectRefused(await save([entry('//evil.example')]), 400);
    expectRefused(await save([entry('/x', { onclick: 'alert(1)' })]), 400);
    expectRefused(await save([entry('/x', { target: 'javascript:x' })]), 400);
    expectRefused(await save([{ ...entry('/x'), type: 'page' }]), 400);
    const deep = {
      ...entry('/1'),
      children: [{ ...entry('/2'), children: [{ ...entry('/3'), children: [entry('/4')] }] }],
    };
    const tooDeep = await save([deep]);
    expectRefused(tooDeep, 400);
    expectRefused(await save([entry('/x')], { business: 'sidebar' }), 400);
    const ok = await save(
      [
        entry('/', { title: 'Start' }),
        { ...entry('/leistungen'), children: [entry('https://example.org', { target: '_blank' })] },
      ],
      {
        business: 'main',
      },
    );
    expectOk(ok);
    expect(ok.body.message).toBe(de('website.menus.saved'));
    const unknown = await t.call(
      api.saveMenu,
      {
        _env: owner.env,
        menu: '00000000-0000-4000-8000-000000000000',
        data: { title: 'X', definition: [], design_usage: {} },
      },
      owner.token,
    );
    expectRefused(unknown, 404);
  });

  test('save-settings: host checked and unique, interfaces take a block once, the spec message', async () => {
    const bad = await settings(owner, { host: 'not a host' });
    expect(bad.body.errors?.host).toEqual([de('website.error.hostInvalid')]);
    const twice = await settings(owner, {
      interfaces: { records: { config: { blocks: ['record_list', 'record_list'] } } },
    });
    expectRefused(twice, 400);
    expect(twice.body.errors?.['interfaces.records']).toEqual(['Diese Schnittstelle wurde bereits hinzugefügt.']);
    const unknown = await settings(owner, { interfaces: { ftp: { config: { blocks: [] } } } });
    expectRefused(unknown, 400);
    const ok = await settings(owner, {
      host: 'www.holzwurm-test.de',
      interfaces: { records: { config: { blocks: ['record_list'] } } },
    });
    expectOk(ok);
    expect(ok.body.message).toBe('Website-Einstellungen wurden erfolgreich gespeichert.');
    expect(ok.body.data).toMatchObject({ host: 'www.holzwurm-test.de', is_active: true });
    // Issue 30 item 2: only a verified host is taken; a pending claim blocks nobody.
    await verifySavedHost(t, owner);
    const { beta } = await sharedEnvPair(t);
    const taken = await settings(beta, { host: 'WWW.holzwurm-test.de' });
    expectRefused(taken, 409);
    expect(taken.body.errors?.host).toEqual([de('website.error.hostTaken')]);
    const interfaces = await t.call(api.websiteInterfaces, { _env: owner.env }, owner.token);
    expect(interfaces.body.data?.map((i) => i.key)).toEqual(['queryforms', 'records']);
  });
});

describe('website manager: cross-tenant', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const cases: Array<[Call, Record<string, unknown>, 'read' | 'write']> = [
    [api.websiteStats, {}, 'read'],
    [api.websiteDetails, {}, 'read'],
    [api.designsList, {}, 'read'],
    [api.changeDesign, { design: 'craft' }, 'write'],
    [api.designDetails, { design: 'craft' }, 'read'],
    [api.saveDesign, { website: { design_config: {} } }, 'write'],
    [api.websitePages, {}, 'read'],
    [api.pageDetails, { id: someId }, 'read'],
    [api.savePage, { id: 'new', page: { ...emptyPage, title: 'Übernahme' } }, 'write'],
    [api.removePage, { id: someId }, 'write'],
    [api.designBlocks, {}, 'read'],
    [api.websiteInterfaces, {}, 'read'],
    [
      api.saveSettings,
      {
        website: {
          host: '',
          is_active: true,
          debug: false,
          title: 'X',
          meta_description: '',
          meta_keywords: '',
          interfaces: {},
        },
      },
      'write',
    ],
    [api.verifyHost, {}, 'write'],
    [api.addMenu, { title: 'Fremd' }, 'write'],
    [api.saveMenu, { menu: someId, data: { title: 'X', definition: [], design_usage: {} } }, 'write'],
  ];
  test.each(cases.map(([c, body, mode]) => [c.path, c, body, mode] as const))('%s', async (_p, c, body, mode) => {
    await expectForeignEnvRefused(t, c, body as never, { mode });
  });

  test("a member of A can neither read, change nor remove B's page or menu by its id", async () => {
    const { alpha, beta } = await sharedEnvPair(t);
    const page = await savePage({ title: 'Nur Beta', blocks: [text('Beta')] }, beta);
    const menu = (await t.call(api.addMenu, { _env: beta.env, title: 'Beta-Menü' }, beta.token)).body.data!;
    expectRefused(await t.call(api.pageDetails, { _env: alpha.env, id: page.id }, alpha.token), 404);
    expectRefused(await savePageAs(alpha, page.id, { title: 'Gekapert' }), 404);
    expectRefused(await t.call(api.removePage, { _env: alpha.env, id: page.id }, alpha.token), 404);
    const menuSave = await t.call(
      api.saveMenu,
      { _env: alpha.env, menu: menu._id, data: { title: 'Gekapert', definition: [], design_usage: {} } },
      alpha.token,
    );
    expectRefused(menuSave, 404);
    const stillThere = await t.call(api.pageDetails, { _env: beta.env, id: page.id }, beta.token);
    expect(stillThere.body.data?.title).toBe('Nur Beta');
    const menus = (await t.call(api.websiteDetails, { _env: beta.env }, beta.token)).body.data?.menus;
    expect(menus?.map((m) => m.title)).toEqual(['Beta-Menü']);
  });
});

describe('the public site', () => {
  let site: Who;
  let slug: string;
  beforeAll(async () => {
    site = await userWithEnvironment(t, 'Café Sonne');
    slug = site.env;
    await enableWebsite(site);
  });

  test('an inactive website is a 404; active, it serves the homepage with CSP, ETag, lang=de and meta', async () => {
    await savePage({ title: 'Willkommen', set_as_homepage: true, blocks: [text('Hallo Welt', 'Erster Absatz')] }, site);
    const inactive = await t.get(`/site/${slug}/`);
    expect(inactive.statusCode).toBe(404);
    expectOk(await settings(site, { title: 'Café Sonne', meta_description: 'Frühstück & Kuchen in Köln' }));
    const res = await t.get(`/site/${slug}/`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('<title>Willkommen – Café Sonne</title>');
    expect(res.body).toContain('<meta name="description" content="Frühstück &amp; Kuchen in Köln">');
    expect(res.body).toContain('<h2>Hallo Welt</h2>');
    expect(res.body).not.toContain('<script');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const br = await t.get(`/site/${slug}/`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(res.body);
    const etag = String(res.headers.etag);
    const again = await t.get(`/site/${slug}/`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  test('an edit publishes instantly: the next request shows the new text and a new ETag', async () => {
    const before = await t.get(`/site/${slug}/`);
    const pages = (await t.call(api.websitePages, { _env: slug }, site.token)).body.data ?? [];
    const home = pages.find((p) => p.set_as_homepage)!;
    await savePage({ title: 'Willkommen', set_as_homepage: true, blocks: [text('Neu gebacken')] }, site, home._id);
    const after = await t.get(`/site/${slug}/`, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Neu gebacken');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  test('menus link the pages; an unknown path shows the not-found page with 404', async () => {
    await savePage({ title: 'Speisekarte', url_path: '/speisekarte', blocks: [text('Karte')] }, site);
    await savePage({ title: 'Hoppla', set_as_not_found_page: true, blocks: [text('Diese Seite gibt es nicht')] }, site);
    const menu = (await t.call(api.addMenu, { _env: slug, title: 'Haupt' }, site.token)).body.data!;
    expectOk(
      await t.call(
        api.saveMenu,
        {
          _env: slug,
          menu: menu._id,
          data: {
            title: 'Haupt',
            definition: [
              { type: 'custom', label: 'Start', url: '/', attributes: {} },
              { type: 'custom', label: 'Speisekarte', url: '/speisekarte', attributes: {} },
            ],
            design_usage: { business: 'main' },
          },
        },
        site.token,
      ),
    );
    const home = await t.get(`/site/${slug}/`);
    expect(home.body).toContain(`<a href="/site/${slug}/speisekarte">Speisekarte</a>`);
    const card = await t.get(`/site/${slug}/speisekarte`);
    expect(card.statusCode).toBe(200);
    expect(card.body).toContain('aria-current="page">Speisekarte');
    const missing = await t.get(`/site/${slug}/gibt-es-nicht`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Diese Seite gibt es nicht');
  });

  test('stored HTML is cleaned again on render, even when it bypassed the save', async () => {
    const page = await savePage({ title: 'Roh', url_path: '/roh', blocks: [htmlBlock('<p>sauber</p>')] }, site);
    await t.asSuperuser(
      sql`update website_pages set blocks = ${JSON.stringify([htmlBlock('<p>x</p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">y</a>')])}::jsonb where id = ${page.id}::uuid`,
    );
    // The cache does not know of a write behind the service's back: a save of another page drops it.
    await savePage({ title: 'Anstoß' }, site);
    const res = await t.get(`/site/${slug}/roh`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script|onerror|javascript:/i);
    expect(res.body).toContain('<p>x</p><img src="x" />');
  });

  test('record list, record page by url_parameter, query-form block and contact block', async () => {
    const save = (name: string, city: string) =>
      t.call(
        recordsApi.saveRecord,
        {
          _env: slug,
          type: 'envAddresses',
          id: 'new',
          data: { name, street: 'Weg', housenumber: '1', zip: '50667', city },
        },
        site.token,
      );
    expectOk(await save('Filiale Dom', 'Köln'));
    expectOk(await save('Filiale <b>Ring</b>', 'Bonn'));
    await savePage(
      {
        title: 'Filiale',
        url_path: '/filiale',
        record_page: { type: 'envAddresses', mapping: 'name', url_parameter: 'name', conditions: [] },
        blocks: [{ type: 'record_detail', designblock: true, fields: { heading: '' } }],
      },
      site,
    );
    await savePage(
      {
        title: 'Filialen',
        url_path: '/filialen',
        blocks: [
          {
            type: 'record_list',
            designblock: true,
            fields: { heading: 'Unsere Filialen', type: 'envAddresses', list: '', limit: 10 },
          },
          {
            type: 'query_form',
            designblock: true,
            fields: { heading: 'Reservieren', text: '', form: 'abc123', button_label: 'Tisch reservieren' },
          },
          { type: 'contact', designblock: true, fields: { heading: 'Kontakt' } },
        ],
      },
      site,
    );
    const list = await t.get(`/site/${slug}/filialen`);
    expect(list.body).toContain(`<a href="/site/${slug}/filiale?name=Filiale%20Dom">Filiale Dom</a>`);
    expect(list.body).toContain('Filiale &lt;b&gt;Ring&lt;/b&gt;');
    expect(list.body).toContain(`<a class="button" href="/forms/${slug}/abc123">Tisch reservieren</a>`);
    expect(list.body).toContain('<strong>Café Sonne</strong>');
    const detail = await t.get(`/site/${slug}/filiale?name=Filiale%20Dom`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('<h1>Filiale Dom</h1>');
    expect(detail.body).toContain('<dd>Köln</dd>');
    const none = await t.get(`/site/${slug}/filiale?name=Gibt%20es%20nicht`);
    expect(none.statusCode).toBe(404);
    // A saved record publishes at once, too.
    expectOk(await save('Filiale Neu', 'Aachen'));
    expect((await t.get(`/site/${slug}/filialen`)).body).toContain('Filiale Neu');
  });

  test('debug marks a failing block, never with its error or a stack; without debug the block is left out (issue 30)', async () => {
    await savePage(
      {
        title: 'Kaputt',
        url_path: '/kaputt',
        blocks: [text('bleibt'), { type: 'record_list', designblock: true, fields: { type: '' } }],
      },
      site,
    );
    const quiet = await t.get(`/site/${slug}/kaputt`);
    expect(quiet.statusCode).toBe(200);
    expect(quiet.body).toContain('bleibt');
    expect(quiet.body).not.toContain('class="error"');
    expectOk(await settings(site, { title: 'Café Sonne', debug: true }));
    const loud = await t.get(`/site/${slug}/kaputt`);
    expect(loud.statusCode).toBe(200);
    expect(loud.body).toContain('bleibt');
    // Any visitor reads this page: the block is named, the error stays in the server log.
    const marks = [...loud.body.matchAll(/<pre class="error">([^<]*)<\/pre>/g)].map((m) => m[1]);
    expect(marks).toEqual([de('website.blockFailed', { block: 'record_list' })]);
    expect(loud.body).not.toMatch(/\.[cm]?[jt]s:\d+|node_modules|apps\/server|\bat \w/);
    expectOk(await settings(site, { title: 'Café Sonne', debug: false }));
  });

  test('sitemap.xml and robots.txt are generated', async () => {
    const map = await t.get(`/site/${slug}/sitemap.xml`);
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('<urlset');
    expect(map.body).toContain(`/site/${slug}/speisekarte</loc>`);
    expect(map.body).not.toContain('/filiale<');
    const robots = await t.get(`/site/${slug}/robots.txt`);
    expect(robots.body).toContain(`Sitemap: `);
  });

  test('the own host serves the site by the Host header; another environment host shows only its own pages', async () => {
    expectOk(await settings(site, { title: 'Café Sonne', host: 'www.cafe-sonne.test' }));
    await verifySavedHost(t, site);
    const own = await t.get('/speisekarte', { host: 'www.cafe-sonne.test' });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('<a href="/speisekarte" aria-current="page">Speisekarte</a>');
    const other = await userWithEnvironment(t, 'Andere GmbH');
    await enableWebsite(other);
    await savePage({ title: 'Geheim', url_path: '/geheim', blocks: [text('Nur Andere')] }, other);
    expectOk(await settings(other, { title: 'Andere', host: 'www.andere.test' }));
    await verifySavedHost(t, other);
    expect((await t.get('/speisekarte', { host: 'www.andere.test' })).statusCode).toBe(404);
    const cross = await t.get('/geheim', { host: 'www.cafe-sonne.test' });
    expect(cross.statusCode).toBe(404);
    expect(cross.body).not.toContain('Nur Andere');
    expect((await t.get(`/site/${slug}/geheim`)).body).not.toContain('Nur Andere');
  });

  test('a switched-off website module serves no site', async () => {
    const off = await userWithEnvironment(t, 'Ohne Modul GmbH');
    await savePage({ title: 'Start', set_as_homepage: true, blocks: [text('Hallo')] }, off);
    expectOk(await settings(off, { title: 'Ohne' }));
    expect((await t.get(`/site/${off.env}/`)).statusCode).toBe(404);
  });

  test('statistics count page views and visitors without storing addresses', async () => {
    const before = (await t.call(api.websiteStats, { _env: slug }, site.token)).body.data!;
    for (let i = 0; i < 3; i++) await t.get(`/site/${slug}/speisekarte`, { 'user-agent': 'Mozilla/5.0 Test' });
    await t.get(`/site/${slug}/speisekarte`, { 'user-agent': 'Googlebot/2.1' });
    const stats = await t.call(api.websiteStats, { _env: slug }, site.token);
    expectOk(stats);
    const data = stats.body.data!;
    expect(data.hits_last_seven - before.hits_last_seven).toBe(3);
    expect(data.hits_last_thirty).toBe(data.hits_last_seven);
    expect(data.pages).toBeGreaterThan(3);
    expect(data.daily).toHaveLength(30);
    const stored = await t.asSuperuser(sql`select visitor_hash from website_visitors`);
    for (const row of stored.rows) expect(String(row.visitor_hash)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const all = JSON.stringify((await t.asSuperuser(sql`select * from website_visitors`)).rows);
    expect(all).not.toMatch(/10\.\d+\.\d+\.\d+/);
  });

  test('images are served only when the published site uses them', async () => {
    const used = await uploadFile(t, site, 'logo.png', pngBytes());
    const unused = await uploadFile(t, site, 'privat.png', pngBytes(10));
    expectOk(
      await t.call(
        api.saveDesign,
        { _env: slug, website: { design_config: { business: { logo: used._id } } } },
        site.token,
      ),
    );
    const home = await t.get(`/site/${slug}/`);
    expect(home.body).toContain(`/site/${slug}/_files/${used._id}`);
    const ok = await t.get(`/site/${slug}/_files/${used._id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect((await t.get(`/site/${slug}/_files/${unused._id}`)).statusCode).toBe(404);
    const { beta } = await sharedEnvPair(t);
    const foreign = await uploadFile(t, beta, 'fremd.png', pngBytes(20));
    expect((await t.get(`/site/${slug}/_files/${foreign._id}`)).statusCode).toBe(404);
  });
});
