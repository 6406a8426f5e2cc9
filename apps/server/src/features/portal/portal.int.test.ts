import type { Structure } from '@kontor/contract/api/data-structures';
import * as structuresApi from '@kontor/contract/api/data-structures';
import * as api from '@kontor/contract/api/query-forms';
import * as recordsApi from '@kontor/contract/api/records';
import * as settingsApi from '@kontor/contract/api/settings';
import { translator } from '@kontor/contract/i18n/catalogs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk } from '../../../test/assertions';
import { userWithEnvironment } from '../../../test/fixtures';
import { linkIn, randomIp, startTestApp, type TestApp } from '../../../test/harness';

const de = translator('de_sie');

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
let other: Awaited<ReturnType<typeof userWithEnvironment>>;
let onceForm: string;
let multiForm: string;
let editForm: string;

type Who = typeof owner;
const question = {
  type: 'question' as const,
  questionType: 'string' as const,
  key: 'wish',
  title: 'Ihr Wunsch',
  columns: 12,
  required: true,
};
const saveForm = async (who: Who, title: string, filled_once = false) => {
  const res = await t.call(
    api.saveQueryForm,
    {
      _env: who.env,
      id: 'new',
      title,
      definition: [question],
      answer_table_columns: [{ type: 'setting-field', mapping: 'wish', label: 'Wunsch' }],
      filled_once,
      publications: { html_website: { is_active: false, publish_key: null } },
    },
    who.token,
  );
  expectOk(res);
  return res.body.data!.id;
};
const link = (form: string, over: Partial<Structure['queryForms'][number]> = {}) => ({
  form,
  portal_fillable: true,
  portal_requirement: false,
  url_fillable: true,
  multiple: false,
  editable: false,
  ...over,
});
const linkForms = async (who: Who, links: Structure['queryForms']) => {
  const res = await t.call(structuresApi.structureDetails, { _env: who.env, type: 'contacts' }, who.token);
  expectOk(res);
  const { version, ...rest } = res.body.data!.type;
  const saved = await t.call(
    structuresApi.saveStructure,
    { ...rest, queryForms: links, orgKey: 'contacts', version, _env: who.env } as never,
    who.token,
  );
  expectOk(saved);
};
const contact = async (who: Who, email: string, lastname: string) => {
  const res = await t.call(
    recordsApi.saveRecord,
    { _env: who.env, type: 'contacts', id: 'new', data: { firstname: 'Erika', lastname, email } },
    who.token,
  );
  expectOk(res);
  return res.body.data!.key;
};
const openPortal = async (who: Who, slug: string) =>
  expectOk(
    await t.call(
      settingsApi.savePortal,
      { _env: who.env, active: true, title: 'Kundenportal', url_slug: slug },
      who.token,
    ),
  );

/** A post as a cross-site page could send it: no CSRF token unless given, only the cookies given. */
const rawPost = (url: string, fields: [string, string][], cookie?: string, ip = randomIp()) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, remoteAddress: randomIp(), headers: cookie ? { cookie } : {} });
const tokenIn = (body: string) => /name="_ts" value="([^"]+)"/.exec(body)?.[1] ?? '';
const csrfIn = (body: string) => /name="_csrf" value="([^"]+)"/.exec(body)?.[1] ?? '';
const setCookies = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat().map(String);

/** The CSRF token of a portal page and the browser's cookies with the nonce the page set (issue 30). */
const csrfFor = async (slug: string, cookie?: string) => {
  const shown = await get(`/portal/${slug}`, cookie);
  const nonce = setCookies(shown)
    .find((c) => c.startsWith('kontor_portal_csrf='))
    ?.split(';')[0];
  return { token: csrfIn(shown.body), cookie: [cookie, nonce].filter(Boolean).join('; ') };
};

/** Posts as the browser does from a page: on portal pages with the page's CSRF token and its nonce cookie. */
const form = async (url: string, fields: [string, string][], cookie?: string, ip = randomIp()) => {
  const slug = /^\/portal\/([^/]+)/.exec(url)?.[1];
  if (!slug) return rawPost(url, fields, cookie, ip);
  const csrf = await csrfFor(slug, cookie);
  return rawPost(url, [['_csrf', csrf.token], ...fields], csrf.cookie, ip);
};

/** Asks for a link, follows it from the mail and answers the session cookie. */
const logIn = async (slug: string, email: string): Promise<string> => {
  await t.newMails();
  const asked = await form(`/portal/${slug}/login`, [['email', email]]);
  expect(asked.statusCode).toBe(200);
  expect(asked.body).toContain(de('queryForms.portalLinkSent'));
  const mails = (await t.newMails()).filter((m) => m.to === email.toLowerCase());
  expect(mails).toHaveLength(1);
  expect(mails[0]?.subject).toBe(de('queryForms.portalMailSubject'));
  const path = linkIn(mails[0]!);
  expect(path).toMatch(new RegExp(`^/portal/${slug}/auth/[A-Za-z0-9_-]{43}$`));
  const confirm = await get(path);
  expect(confirm.statusCode).toBe(200);
  expect(confirm.body).toContain(de('queryForms.portalConfirmButton'));
  const done = await form(path, []);
  expect(done.statusCode).toBe(303);
  expect(done.headers.location).toBe(`/portal/${slug}`);
  const setCookie = String(done.headers['set-cookie']);
  expect(setCookie).toMatch(
    /^kontor_portal=[A-Za-z0-9_-]{43}; Path=\/portal\/[a-z0-9-]+; HttpOnly; SameSite=Lax; Max-Age=28800/,
  );
  // The link works once.
  const again = await form(path, []);
  expect(again.statusCode).toBe(400);
  expect(again.body).toContain(de('queryForms.portalLinkInvalid'));
  return setCookie.split(';')[0]!;
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Holzwurm GmbH', 'craftsman');
  other = await userWithEnvironment(t, 'Andere KG', 'craftsman');
  onceForm = await saveForm(owner, 'Einverständnis', true);
  multiForm = await saveForm(owner, 'Reklamation');
  editForm = await saveForm(owner, 'Stammdaten');
  await linkForms(owner, [
    link(onceForm, { portal_requirement: true }),
    link(multiForm, { multiple: true }),
    link(editForm, { editable: true }),
  ]);
  await openPortal(owner, 'holzwurm-portal');
  await openPortal(other, 'andere-portal');
  await contact(owner, 'erika@kunde.example', 'Kundin');
  await contact(other, 'fremd@kunde.example', 'Fremd');
});
afterAll(() => t.close());

describe('customer portal', () => {
  test('a customer logs in by a one-time mail link and fills the forms of their record type', async () => {
    const cookie = await logIn('holzwurm-portal', 'Erika@Kunde.example');
    const home = await get('/portal/holzwurm-portal', cookie);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Willkommen, Erika Kundin');
    expect(home.body).toContain('Einverständnis<span class="badge">Bitte ausfüllen</span>');
    expect(home.body).toContain('Reklamation');
    expect(home.body).toContain(de('queryForms.portalNoHistory'));

    const page = await get(`/portal/holzwurm-portal/forms/${onceForm}`, cookie);
    expect(page.statusCode).toBe(200);
    t.clock.advance(5000);
    const sent = await form(
      `/portal/holzwurm-portal/forms/${onceForm}`,
      [
        ['_ts', tokenIn(page.body)],
        ['q[wish]', '<b>Ja</b>'],
      ],
      cookie,
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(de('queryForms.portalSaved'));
    expect(sent.body).not.toContain('<b>Ja</b>');
    expect(sent.body).not.toContain('Einverständnis<span class="badge">');
    // Fill once: the second attempt is refused and nothing is stored.
    const second = await form(
      `/portal/holzwurm-portal/forms/${onceForm}`,
      [
        ['_ts', tokenIn(page.body)],
        ['q[wish]', 'Nochmal'],
      ],
      cookie,
    );
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain(de('queryForms.alreadyFilled'));

    // multiple: two answers; editable: the one answer is shown again and changed in place.
    for (const wish of ['Kratzer', 'Delle']) {
      const shown = await get(`/portal/holzwurm-portal/forms/${multiForm}`, cookie);
      t.clock.advance(5000);
      expect(
        (
          await form(
            `/portal/holzwurm-portal/forms/${multiForm}`,
            [
              ['_ts', tokenIn(shown.body)],
              ['q[wish]', wish],
            ],
            cookie,
          )
        ).statusCode,
      ).toBe(200);
    }
    const edit1 = await get(`/portal/holzwurm-portal/forms/${editForm}`, cookie);
    t.clock.advance(5000);
    await form(
      `/portal/holzwurm-portal/forms/${editForm}`,
      [
        ['_ts', tokenIn(edit1.body)],
        ['q[wish]', 'Alt'],
      ],
      cookie,
    );
    const edit2 = await get(`/portal/holzwurm-portal/forms/${editForm}`, cookie);
    expect(edit2.body).toContain('value="Alt"');
    t.clock.advance(5000);
    await form(
      `/portal/holzwurm-portal/forms/${editForm}`,
      [
        ['_ts', tokenIn(edit2.body)],
        ['q[wish]', 'Neu'],
      ],
      cookie,
    );

    const table = async (id: string) => {
      const res = await t.call(
        recordsApi.simpleTableData,
        { _env: owner.env, model: 'QueryFormAnswer', filter: { formular: id } },
        owner.token,
      );
      expectOk(res);
      return res.body.data!.rows.map((r) => r.wish);
    };
    expect(await table(onceForm)).toEqual(['<b>Ja</b>']);
    expect((await table(multiForm)).sort()).toEqual(['Delle', 'Kratzer']);
    expect(await table(editForm)).toEqual(['Neu']);
    const history = await get('/portal/holzwurm-portal', cookie);
    expect(history.body.match(/Ausgefüllt am/g)?.length).toBeGreaterThanOrEqual(4);

    // Logging out ends the session.
    const out = await form('/portal/holzwurm-portal/logout', [], cookie);
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    const after = await get('/portal/holzwurm-portal', cookie);
    expect(after.statusCode).toBe(401);
    expect(after.body).toContain(de('queryForms.portalSendLink'));
  });

  test('unknown addresses get the same answer and no mail; the honeypot sends nothing', async () => {
    await t.newMails();
    const res = await form('/portal/holzwurm-portal/login', [['email', 'niemand@example.de']]);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(de('queryForms.portalLinkSent'));
    await form('/portal/holzwurm-portal/login', [
      ['email', 'erika@kunde.example'],
      ['website', 'spam'],
    ]);
    // Another environment's customer is unknown in this portal.
    await form('/portal/holzwurm-portal/login', [['email', 'fremd@kunde.example']]);
    expect(await t.newMails()).toEqual([]);
  });

  test('a portal session never opens staff calls, another portal or a form not linked to the customer', async () => {
    const cookie = await logIn('holzwurm-portal', 'erika@kunde.example');
    const staff = await t.app.inject({
      method: 'POST',
      url: api.listQueryForms.path,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ _env: owner.env }),
    });
    expect(staff.statusCode).toBe(401);
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/users/me',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(me.statusCode).toBe(401);
    // The cookie of one portal means nothing in another.
    const foreign = await get('/portal/andere-portal', cookie);
    expect(foreign.body).toContain(de('queryForms.portalSendLink'));
    const unlinked = await saveForm(owner, 'Intern');
    expect((await get(`/portal/holzwurm-portal/forms/${unlinked}`, cookie)).statusCode).toBe(404);
    expect((await get('/portal/holzwurm-portal/forms/kein-formular', cookie)).statusCode).toBe(404);
    // A forged cookie is no session.
    expect(
      (await get('/portal/holzwurm-portal', 'kontor_portal=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode,
    ).toBe(401);
  });
});

describe('CSRF of the portal posts (issue 30)', () => {
  const slug = 'holzwurm-portal';
  const expectRefused = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(de('queryForms.portalCsrfText'));
  };
  /** A fresh login link from the mail, not yet used. */
  const mailedLink = async (email: string) => {
    await t.newMails();
    expect((await form(`/portal/${slug}/login`, [['email', email]])).statusCode).toBe(200);
    const [mail] = (await t.newMails()).filter((m) => m.to === email);
    return linkIn(mail!);
  };

  test('every page sets a nonce cookie for this portal only and puts the token into each form', async () => {
    const login = await get(`/portal/${slug}`);
    expect(setCookies(login).join('\n')).toMatch(
      /^kontor_portal_csrf=[A-Za-z0-9_-]{43}; Path=\/portal\/holzwurm-portal; HttpOnly; SameSite=Lax$/m,
    );
    expect(login.body).toMatch(
      /<form method="post" action="\/portal\/holzwurm-portal\/login" novalidate><input type="hidden" name="_csrf" value="\d+\.[A-Za-z0-9_-]{43}">/,
    );
    const cookie = await logIn(slug, 'erika@kunde.example');
    const page = await get(`/portal/${slug}/forms/${multiForm}`, cookie);
    expect(page.body.match(/name="_csrf"/g)).toHaveLength(2); // the answer and the logout
  });

  test('a login, a login link, a logout and an answer without the token are refused and change nothing', async () => {
    await t.newMails();
    expectRefused(await rawPost(`/portal/${slug}/login`, [['email', 'erika@kunde.example']]));
    expect(await t.newMails()).toEqual([]);

    // Login CSRF: a foreign page posts the attacker's link; without the nonce its token is worth nothing.
    const path = await mailedLink('erika@kunde.example');
    const attacker = await csrfFor(slug);
    expectRefused(await rawPost(path, []));
    expectRefused(await rawPost(path, [['_csrf', attacker.token]]));
    expectRefused(await rawPost(path, [['_csrf', 'x']], attacker.cookie));
    const other = await csrfFor('andere-portal');
    expectRefused(await rawPost(path, [['_csrf', other.token]], other.cookie));
    // The link is still unused: the customer's own click logs in.
    const done = await form(path, []);
    expect(done.statusCode).toBe(303);
    const cookie = String(setCookies(done).find((c) => c.startsWith('kontor_portal='))).split(';')[0]!;

    const logout = await rawPost(`/portal/${slug}/logout`, [], cookie);
    expectRefused(logout);
    expect(setCookies(logout).some((c) => c.startsWith('kontor_portal=;'))).toBe(false);
    expect((await get(`/portal/${slug}`, cookie)).body).toContain('Willkommen, Erika Kundin');

    const before = await get(`/portal/${slug}`, cookie);
    const shown = await get(`/portal/${slug}/forms/${multiForm}`, cookie);
    t.clock.advance(5000);
    expectRefused(
      await rawPost(
        `/portal/${slug}/forms/${multiForm}`,
        [
          ['_ts', tokenIn(shown.body)],
          ['q[wish]', 'Untergeschoben'],
        ],
        cookie,
      ),
    );
    const withoutTokens = (body: string) => body.replace(/name="_csrf" value="[^"]+"/g, '');
    expect(withoutTokens((await get(`/portal/${slug}`, cookie)).body)).toBe(withoutTokens(before.body));

    // With the page's token the same posts work.
    expect((await form(`/portal/${slug}/logout`, [], cookie)).statusCode).toBe(200);
  });

  test("a form's time token is refused on another form of the portal (issue 30)", async () => {
    const cookie = await logIn(slug, 'erika@kunde.example');
    const shown = await get(`/portal/${slug}/forms/${multiForm}`, cookie);
    t.clock.advance(5000);
    const foreign = await form(
      `/portal/${slug}/forms/${editForm}`,
      [
        ['_ts', tokenIn(shown.body)],
        ['q[wish]', 'Fremd'],
      ],
      cookie,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain(de('queryForms.tooFast'));
  });

  test('a token of another portal or older than a session is refused', async () => {
    const own = await csrfFor(slug);
    const other = await csrfFor('andere-portal');
    const nonce = own.cookie;
    expectRefused(
      await rawPost(
        `/portal/${slug}/login`,
        [
          ['_csrf', other.token],
          ['email', 'x@example.de'],
        ],
        nonce,
      ),
    );
    t.clock.advance(8 * 60 * 60_000 + 120_000);
    expectRefused(
      await rawPost(
        `/portal/${slug}/login`,
        [
          ['_csrf', own.token],
          ['email', 'x@example.de'],
        ],
        nonce,
      ),
    );
    const fresh = await csrfFor(slug, nonce);
    expect(
      (
        await rawPost(
          `/portal/${slug}/login`,
          [
            ['_csrf', fresh.token],
            ['email', 'x@example.de'],
          ],
          nonce,
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('changing and reading own answers (multiple, editable)', () => {
  test('editable answers change in place, fixed ones are read-only, no other customer or environment reaches them', async () => {
    const multiEdit = await saveForm(owner, 'Mängelmeldung');
    const fixed = await saveForm(owner, 'Abnahme');
    await linkForms(owner, [
      link(onceForm, { portal_requirement: true }),
      link(multiForm, { multiple: true }),
      link(editForm, { editable: true }),
      link(multiEdit, { multiple: true, editable: true }),
      link(fixed),
    ]);
    await contact(owner, 'hans@kunde.example', 'Nachbar');
    const cookie = await logIn('holzwurm-portal', 'erika@kunde.example');
    const fill = async (url: string, wish: string, who = cookie) => {
      const shown = await get(url, who);
      t.clock.advance(5000);
      return form(
        url,
        [
          ['_ts', tokenIn(shown.body)],
          ['q[wish]', wish],
        ],
        who,
      );
    };
    const answersOf = async (formId: string) =>
      (
        await t.asSuperuser(
          sql`select id, data->>'wish' as wish from query_form_answers where form_id = ${formId} order by created_at`,
        )
      ).rows as { id: string; wish: string }[];

    // multiple + editable: every answer of the customer opens for editing and changes in place.
    expect((await fill(`/portal/holzwurm-portal/forms/${multiEdit}`, 'Erste')).statusCode).toBe(200);
    expect((await fill(`/portal/holzwurm-portal/forms/${multiEdit}`, 'Zweite')).statusCode).toBe(200);
    const [first, second] = await answersOf(multiEdit);
    const home = await get('/portal/holzwurm-portal', cookie);
    expect(home.body).toContain(
      `href="/portal/holzwurm-portal/answers/${first!.id}">${de('queryForms.portalEdit')}</a>`,
    );
    expect(home.body).toContain(
      `href="/portal/holzwurm-portal/answers/${second!.id}">${de('queryForms.portalEdit')}</a>`,
    );
    const editPage = await get(`/portal/holzwurm-portal/answers/${first!.id}`, cookie);
    expect(editPage.statusCode).toBe(200);
    expect(editPage.body).toContain('value="Erste"');
    expect(editPage.body).toContain(`action="/portal/holzwurm-portal/answers/${first!.id}"`);
    const changed = await fill(`/portal/holzwurm-portal/answers/${first!.id}`, 'Geändert');
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain(de('queryForms.portalSaved'));
    expect(await answersOf(multiEdit)).toEqual([
      { id: first!.id, wish: 'Geändert' },
      { id: second!.id, wish: 'Zweite' },
    ]);
    // A change is checked like a new answer.
    const empty = await fill(`/portal/holzwurm-portal/answers/${second!.id}`, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(de('validation.required'));
    expect((await answersOf(multiEdit))[1]?.wish).toBe('Zweite');

    // multiple false, not editable: after the one answer the form shows it read-only (as text).
    expect((await fill(`/portal/holzwurm-portal/forms/${fixed}`, '<b>Fest</b>')).statusCode).toBe(200);
    const [fixedAnswer] = await answersOf(fixed);
    const shown = await get(`/portal/holzwurm-portal/forms/${fixed}`, cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain(de('queryForms.portalReadOnly'));
    expect(shown.body).toContain('<dt>Ihr Wunsch</dt><dd>&lt;b&gt;Fest&lt;/b&gt;</dd>');
    expect(shown.body).not.toContain('name="q[wish]"');
    expect((await get('/portal/holzwurm-portal', cookie)).body).toContain(
      `href="/portal/holzwurm-portal/answers/${fixedAnswer!.id}">${de('queryForms.portalView')}</a>`,
    );
    const viewed = await get(`/portal/holzwurm-portal/answers/${fixedAnswer!.id}`, cookie);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.body).toContain(de('queryForms.portalReadOnly'));
    const refused = await fill(`/portal/holzwurm-portal/answers/${fixedAnswer!.id}`, 'Anders');
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(de('queryForms.portalReadOnly'));
    const again = await form(`/portal/holzwurm-portal/forms/${fixed}`, [['q[wish]', 'Nochmal']], cookie);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(de('queryForms.alreadyFilled'));
    expect(await answersOf(fixed)).toEqual([{ id: fixedAnswer!.id, wish: '<b>Fest</b>' }]);

    // Another customer of the same portal, another environment's customer, a forged id: 404, nothing changes.
    const neighbour = await logIn('holzwurm-portal', 'hans@kunde.example');
    const stranger = await logIn('andere-portal', 'fremd@kunde.example');
    for (const [url, who] of [
      [`/portal/holzwurm-portal/answers/${first!.id}`, neighbour],
      [`/portal/holzwurm-portal/answers/${fixedAnswer!.id}`, neighbour],
      [`/portal/andere-portal/answers/${first!.id}`, stranger],
      ['/portal/holzwurm-portal/answers/kein-eintrag', cookie],
      ['/portal/holzwurm-portal/answers/00000000-0000-4000-8000-000000000000', cookie],
    ] as const) {
      expect((await get(url, who)).statusCode).toBe(404);
      const posted = await form(
        url,
        [
          ['_ts', tokenIn(editPage.body)],
          ['q[wish]', 'Gekapert'],
        ],
        who,
      );
      expect(posted.statusCode).toBe(404);
    }
    expect(await answersOf(multiEdit)).toEqual([
      { id: first!.id, wish: 'Geändert' },
      { id: second!.id, wish: 'Zweite' },
    ]);
    expect(await answersOf(fixed)).toEqual([{ id: fixedAnswer!.id, wish: '<b>Fest</b>' }]);
  });
});

describe('answers into records (mapping on a query-form link)', () => {
  test('filled by URL a record is created, in the portal the customer record is updated, through the engine', async () => {
    const res = await t.call(
      api.saveQueryForm,
      {
        _env: owner.env,
        id: 'new',
        title: 'Rückruf',
        definition: [
          { ...question, key: 'name', title: 'Name' },
          { ...question, key: 'phone', title: 'Telefon', required: false },
          { ...question, key: 'mail', title: 'E-Mail', required: false },
        ],
        answer_table_columns: [],
        filled_once: false,
        publications: { html_website: { is_active: true, publish_key: null } },
      },
      owner.token,
    );
    expectOk(res);
    const id = res.body.data!.id;
    await linkForms(owner, [
      link(onceForm, { portal_requirement: true }),
      link(multiForm, { multiple: true }),
      link(editForm, { editable: true }),
      link(id, { multiple: true, mapping: { name: 'lastname', phone: 'phone', mail: 'email' } }),
    ]);
    const details = await t.call(api.queryFormDetails, { _env: owner.env, id }, owner.token);
    const path = new URL(details.body.data!.public_url!).pathname;
    const fill = async (fields: [string, string][], cookie?: string, url = path) => {
      const shown = await get(url, cookie);
      t.clock.advance(5000);
      return form(url, [['_ts', tokenIn(shown.body)], ...fields], cookie);
    };
    const contactsNamed = async (lastname: string) =>
      (await t.asSuperuser(sql`select data from records where type = 'contacts' and data->>'lastname' = ${lastname}`))
        .rows;

    // A value the engine refuses comes back on its question; neither answer nor record is stored.
    const bad = await fill([
      ['q[name]', 'Neukunde'],
      ['q[mail]', 'kein-mail'],
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(`<p class="error" id="f-mail-error">${de('validation.email')}</p>`);
    expect(await contactsNamed('Neukunde')).toEqual([]);

    const good = await fill([
      ['q[name]', 'Neukunde'],
      ['q[phone]', '030 123'],
      ['q[mail]', 'neu@kunde.example'],
    ]);
    expect(good.statusCode).toBe(200);
    expect(await contactsNamed('Neukunde')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ phone: '030 123', email: 'neu@kunde.example' }) }),
    ]);
    const answers = await t.call(api.queryFormDetails, { _env: owner.env, id }, owner.token);
    expect(answers.body.data!.answers).toBe(1);

    // In the portal the customer's own record changes.
    const cookie = await logIn('holzwurm-portal', 'erika@kunde.example');
    const sent = await fill(
      [
        ['q[name]', 'Kundin'],
        ['q[phone]', '0171 555'],
      ],
      cookie,
      `/portal/holzwurm-portal/forms/${id}`,
    );
    expect(sent.statusCode).toBe(200);
    expect(await contactsNamed('Kundin')).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ phone: '0171 555', email: 'erika@kunde.example', firstname: 'Erika' }),
      }),
    ]);
  });
});
