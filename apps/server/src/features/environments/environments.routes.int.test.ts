import * as api from '@kontor/contract/api/environments';
import { translator } from '@kontor/contract/i18n/catalogs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { signUp } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { environments, environmentUsers } from './environments.table';

const de = translator('de_sie');

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
});
afterAll(() => t.close());

const create = (name: string, preset = 'none', token = owner.token) =>
  t.call(api.createEnvironment, { name, preset }, token);
const slugOf = async (name: string, preset = 'none') => {
  const res = await create(name, preset);
  expectOk(res);
  return res.body.data?.environment.url_slug;
};

describe('presets', () => {
  test('lists the templates with key, German title and description', async () => {
    const res = await t.call(api.listPresets, {}, owner.token);
    expectOk(res);
    expect(res.body.data?.map((p) => p.key)).toEqual(['craftsman', 'agency', 'gastronomy']);
    expect(res.body.data?.[0]).toEqual({
      key: 'craftsman',
      title: 'Handwerksbetrieb',
      description: expect.stringContaining('Rechnungen'),
    });
  });

  test('needs a logged-in user', async () => {
    expectRefused(await t.call(api.listPresets, {}), 401);
  });
});

describe('create', () => {
  test('creates the environment, makes the creator its member and answers url_slug and name', async () => {
    const res = await create('  Bäckerei Schröder  ', 'craftsman');
    expectOk(res);
    expect(res.body.data).toEqual({ environment: { url_slug: 'baeckerei-schroeder', name: 'Bäckerei Schröder' } });
    const [env] = await t.db.select().from(environments).where(eq(environments.urlSlug, 'baeckerei-schroeder'));
    expect(env).toMatchObject({ status: 'active', preset: 'craftsman', createdBy: owner.userId });
    // The template's modules and menu are applied.
    expect(env?.functions).toEqual({
      website: { active: false },
      bookings: { active: false },
      queryForms: { active: true },
      filemanager: { active: true },
    });
    expect(env?.menu.find((m) => m.label === 'Rechnungen')).toMatchObject({
      type: 'link',
      path: expect.stringMatching(/^\/dyn\//),
    });
    const members = await t.db
      .select()
      .from(environmentUsers)
      .where(eq(environmentUsers.envId, env?.id ?? ''));
    expect(members).toEqual([expect.objectContaining({ userId: owner.userId, isActive: true })]);
  });

  test('creates an empty environment with the template "none"', async () => {
    const slug = await slugOf('Leer GmbH');
    const [env] = await t.db
      .select()
      .from(environments)
      .where(eq(environments.urlSlug, slug ?? ''));
    expect(env?.menu).toEqual([]);
    expect(env?.functions.filemanager.active).toBe(true);
    expect(env?.functions.website.active).toBe(false);
  });

  test('makes a unique url_slug, transliterating German umlauts and ß', async () => {
    expect(await slugOf('Müller & Söhne GmbH')).toBe('mueller-soehne-gmbh');
    expect(await slugOf('MÜLLER & SÖHNE GMBH')).toBe('mueller-soehne-gmbh-2');
    expect(await slugOf('Müller & Söhne GmbH')).toBe('mueller-soehne-gmbh-3');
    expect(await slugOf('Großhandel Äpfel Übersee')).toBe('grosshandel-aepfel-uebersee');
    expect(await slugOf('Café Crème')).toBe('cafe-creme');
    expect(await slugOf('🙂 ★')).toBe('firma');
    expect(await slugOf('---')).toBe('firma-2');
    // A numbered slug another name already holds is skipped; a longer name of the same start is no clash.
    expect(await slugOf('Lückenlos GmbH 2')).toBe('lueckenlos-gmbh-2');
    expect(await slugOf('Lückenlos GmbH Holding')).toBe('lueckenlos-gmbh-holding');
    expect(await slugOf('Lückenlos GmbH')).toBe('lueckenlos-gmbh');
    expect(await slugOf('Lückenlos GmbH')).toBe('lueckenlos-gmbh-3');
    const long = await slugOf('Sehr lange Firmenbezeichnung mit vielen Wörtern und Zusätzen GmbH & Co. KG');
    expect(long?.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  test('gives simultaneous creations of one name each their own slug', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => create('Zeitgleich AG')));
    for (const res of answers) expectOk(res);
    const slugs = answers.map((r) => r.body.data?.environment.url_slug).sort();
    expect(slugs).toEqual([
      'zeitgleich-ag',
      'zeitgleich-ag-2',
      'zeitgleich-ag-3',
      'zeitgleich-ag-4',
      'zeitgleich-ag-5',
    ]);
  });

  test('answers a missing name as errors.names', async () => {
    for (const name of ['', '   ']) {
      const res = await create(name);
      expectRefused(res, 400);
      expect(res.body.errors).toEqual({ names: [de('account.envNameRequired')] });
    }
  });

  test('answers a name over 100 characters as errors.names with the limit', async () => {
    expectOk(await create('n'.repeat(100)));
    const res = await create('n'.repeat(101));
    expectRefused(res, 400);
    expect(res.body.errors).toEqual({ names: [de('common.fieldTooLong', { n: 100 })] });
  });

  test('answers an absent, huge or wrongly typed name as errors.names too', async () => {
    for (const name of [undefined, null, 42, ['Firma'], { name: 'Firma' }, 'n'.repeat(10_000)]) {
      const res = await t.post(api.createEnvironment.path, { name, preset: 'none' }, owner.token);
      expectRefused(res, 400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(name)?.slice(0, 20)).toEqual(['names']);
    }
  });

  test('names a missing or unknown template under preset', async () => {
    const empty = await create('Vorlagenlos GmbH', ' ');
    expectRefused(empty, 400);
    expect(empty.body.errors).toEqual({ preset: [de('account.presetRequired')] });
    const unknown = await create('Vorlagenlos GmbH', 'raumfahrt');
    expectRefused(unknown, 400);
    expect(unknown.body.errors).toEqual({ preset: [de('account.presetUnknown')] });
    const both = await create('', 'raumfahrt');
    expect(both.body.errors).toEqual({ names: [de('account.envNameRequired')], preset: [de('account.presetUnknown')] });
    const absent = await t.post(api.createEnvironment.path, { name: 'Vorlagenlos GmbH' }, owner.token);
    expectRefused(absent, 400);
    expect(absent.body.errors?.preset).toBeDefined();
    const [row] = await t.db.select().from(environments).where(eq(environments.name, 'Vorlagenlos GmbH'));
    expect(row).toBeUndefined();
  });

  test('needs a logged-in user', async () => {
    expectRefused(await t.call(api.createEnvironment, { name: 'Anonym GmbH', preset: 'none' }), 401);
  });
});

describe('list', () => {
  test('lists nothing for a new user', async () => {
    const fresh = await signUp(t);
    const res = await t.call(api.listEnvironments, {}, fresh.token);
    expectOk(res);
    expect(res.body.data).toEqual([]);
  });

  test("lists the caller's environments as cards, oldest first, and none of anyone else's", async () => {
    const user = await signUp(t);
    await create('Erste Firma', 'none', user.token);
    await create('Zweite Firma', 'agency', user.token);
    const res = await t.call(api.listEnvironments, {}, user.token);
    expectOk(res);
    expect(res.body.data).toEqual([
      {
        _id: expect.any(String),
        name: 'Erste Firma',
        url_slug: 'erste-firma',
        logo_url: null,
        users_count: 1,
        status: 'active',
      },
      {
        _id: expect.any(String),
        name: 'Zweite Firma',
        url_slug: 'zweite-firma',
        logo_url: null,
        users_count: 1,
        status: 'active',
      },
    ]);
    const others = await t.call(api.listEnvironments, {}, owner.token);
    expect(others.body.data?.map((e) => e.url_slug)).not.toContain('erste-firma');
  });

  test('shows a blocked environment with its status and hides one the user left', async () => {
    const user = await signUp(t);
    await create('Gesperrt KG', 'none', user.token);
    await create('Verlassen KG', 'none', user.token);
    await t.db.update(environments).set({ status: 'blocked' }).where(eq(environments.urlSlug, 'gesperrt-kg'));
    const [left] = await t.db.select().from(environments).where(eq(environments.urlSlug, 'verlassen-kg'));
    await t.db
      .update(environmentUsers)
      .set({ isActive: false })
      .where(eq(environmentUsers.envId, left?.id ?? ''));
    const res = await t.call(api.listEnvironments, {}, user.token);
    expect(res.body.data?.map((e) => [e.url_slug, e.status])).toEqual([['gesperrt-kg', 'blocked']]);
  });

  test('needs a logged-in user', async () => {
    expectRefused(await t.call(api.listEnvironments, {}), 401);
  });
});
