import * as authApi from '@kontor/contract/api/auth';
import * as api from '@kontor/contract/api/environments';
import { translator } from '@kontor/contract/i18n/catalogs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { expectForeignEnvRefused, sharedEnvPair } from '../../../test/cross-tenant';
import { signUp, uniqueEmail, userWithEnvironment } from '../../../test/fixtures';
import { linkIn, startTestApp, type TestApp } from '../../../test/harness';
import { environmentInvitations } from './environments.table';

const de = translator('de_sie');

let t: TestApp;
/** Erika Mustermann owns "Testfirma GmbH" and invites people into it. */
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t);
});
afterAll(() => t.close());

const invite = (email: string, by = owner) => t.call(api.inviteUser, { _env: by.env, email }, by.token);
const invitationsOf = async (token: string) => {
  const res = await t.call(api.listInvitations, {}, token);
  expectOk(res);
  return res.body.data ?? [];
};
const slugsOf = async (token: string) =>
  ((await t.call(api.listEnvironments, {}, token)).body.data ?? []).map((e) => e.url_slug);

describe('users-invite', () => {
  test('invites an unknown address with a mail linking to the registration with the address filled in', async () => {
    const email = uniqueEmail('gast');
    const res = await invite(email);
    expectOk(res);
    expect(res.body.message).toBe(de('environments.inviteSent', { email }));
    const [mail, ...more] = await t.newMails();
    expect(more).toHaveLength(0);
    expect(mail?.to).toBe(email);
    expect(mail?.subject).toBe('Einladung zur Firmenumgebung "Testfirma GmbH"');
    expect(mail?.text).toContain('Erika Mustermann hat Sie in die Firmenumgebung "Testfirma GmbH" eingeladen.');
    expect(mail?.text).toContain('Bitte registrieren Sie sich zuerst mit dieser E-Mail-Adresse');
    expect(linkIn(mail!)).toBe(`/register?email=${encodeURIComponent(email)}`);
    expect(mail?.text).toContain('Jetzt registrieren: http://kontor.test/register?email=');
  });

  test('invites a registered address with a mail linking to /account', async () => {
    const guest = await signUp(t);
    expectOk(await invite(guest.email.toUpperCase()));
    const [mail] = await t.newMails();
    expect(mail?.to).toBe(guest.email);
    expect(mail?.text).toContain('Nach dem Einloggen finden Sie die Einladung in Ihrer Übersicht');
    expect(linkIn(mail!)).toBe('/account');
    expect(await invitationsOf(guest.token)).toHaveLength(1);
  });

  test('re-inviting re-sends the mail without a second invitation', async () => {
    const email = uniqueEmail('nochmal');
    expectOk(await invite(email));
    expectOk(await invite(email.toUpperCase()));
    const mails = (await t.newMails()).filter((m) => m.to === email);
    expect(mails).toHaveLength(2);
    const rows = await t.db.select().from(environmentInvitations).where(eq(environmentInvitations.email, email));
    expect(rows).toHaveLength(1);
  });

  test('refuses to invite a member with a clear message under email', async () => {
    const res = await invite(owner.email);
    expectRefused(res, 409);
    expect(res.body.message).toBe('Dieser Benutzer ist bereits Mitglied der Firmenumgebung.');
    expect(res.body.errors).toEqual({ email: [de('environments.alreadyMember')] });
    expect(await t.newMails()).toHaveLength(0);
  });

  test('refuses an invalid address under email', async () => {
    for (const email of ['', 'kein-at', 'a b@c.de', `${'x'.repeat(250)}@example.de`]) {
      const res = await invite(email);
      expectRefused(res, 400);
      expect(res.body.errors?.email, email).toBeDefined();
    }
    const typed = await t.post(api.inviteUser.path, { _env: owner.env, email: ['a@b.de'] }, owner.token);
    expectRefused(typed, 400);
    expect(typed.body.errors?.email).toBeDefined();
    expect(await t.newMails()).toHaveLength(0);
  });

  test('is refused for other environments, unknown ones, former members and blocked environments', async () => {
    const { pair, own } = await expectForeignEnvRefused(t, api.inviteUser, { email: uniqueEmail('quer') });
    expectOk(own);
    // Nothing reached beta: no invitation there, and only alpha's mail went out.
    const mails = await t.newMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Einladung zur Firmenumgebung "Alpha GmbH"');
    expect(await invitationsOf(pair.beta.token)).toEqual([]);
  });
});

describe('user-invitations, accept and decline', () => {
  test('an invited address sees the invitation after registering, accepts it and becomes a member', async () => {
    const email = uniqueEmail('neuling');
    expectOk(await invite(email));
    await t.newMails();
    const guest = await signUp(t, { email: email.toUpperCase(), firstname: 'Nina' });

    const [invitation, ...more] = await invitationsOf(guest.token);
    expect(more).toHaveLength(0);
    expect(invitation).toEqual({
      _id: expect.any(String),
      environment: { name: 'Testfirma GmbH' },
      created_at: t.clock.now().toISOString(),
      created_by: { firstname: 'Erika', name: 'Mustermann' },
    });
    expect(await slugsOf(guest.token)).toEqual([]);

    const res = await t.call(api.acceptInvitation, { id: invitation!._id }, guest.token);
    expectOk(res);
    expect(res.body.data).toEqual({ url_slug: owner.env });
    expect(await slugsOf(guest.token)).toEqual([owner.env]);
    expect(await invitationsOf(guest.token)).toEqual([]);
    const card = (await t.call(api.listEnvironments, {}, owner.token)).body.data?.find((e) => e.url_slug === owner.env);
    expect(card?.users_count).toBeGreaterThanOrEqual(2);

    // Now a member: may invite others, and cannot be invited again.
    expectOk(await invite(uniqueEmail('weiter'), { ...owner, token: guest.token }));
    expectRefused(await invite(guest.email), 409);
    await t.newMails();

    const again = await t.call(api.acceptInvitation, { id: invitation!._id }, guest.token);
    expectRefused(again, 404);
    expect(again.body.message).toBe(de('account.invitationUnknown'));
  });

  test('decline removes the invitation without membership', async () => {
    const guest = await signUp(t);
    expectOk(await invite(guest.email));
    await t.newMails();
    const [invitation] = await invitationsOf(guest.token);
    const res = await t.call(api.declineInvitation, { id: invitation!._id }, guest.token);
    expectOk(res);
    expect(res.body.data).toBeUndefined();
    expect(await invitationsOf(guest.token)).toEqual([]);
    expect(await slugsOf(guest.token)).toEqual([]);
    for (const c of [api.acceptInvitation, api.declineInvitation]) {
      const late = await t.call(c, { id: invitation!._id }, guest.token);
      expectRefused(late, 404);
      expect(late.body.message).toBe(de('account.invitationUnknown'));
    }
    // A new invitation after declining is possible.
    expectOk(await invite(guest.email));
    await t.newMails();
    expect(await invitationsOf(guest.token)).toHaveLength(1);
  });

  test("nobody else can see, accept or decline someone's invitation", async () => {
    const guest = await signUp(t);
    const stranger = await signUp(t);
    expectOk(await invite(guest.email));
    await t.newMails();
    const [invitation] = await invitationsOf(guest.token);
    expect(await invitationsOf(stranger.token)).toEqual([]);
    expect(await invitationsOf(owner.token)).toEqual([]);
    for (const c of [api.acceptInvitation, api.declineInvitation]) {
      const res = await t.call(c, { id: invitation!._id }, stranger.token);
      expectRefused(res, 404);
      expect(res.body.message).toBe(de('account.invitationUnknown'));
    }
    expect(await slugsOf(stranger.token)).toEqual([]);
    expect(await invitationsOf(guest.token)).toHaveLength(1);
    expectOk(await t.call(api.acceptInvitation, { id: invitation!._id }, guest.token));
  });

  test('refuses unknown, malformed, missing and wrongly typed ids with a message', async () => {
    const { alpha } = await sharedEnvPair(t);
    for (const c of [api.acceptInvitation, api.declineInvitation]) {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'kein-uuid', "' or 1=1 --"]) {
        const res = await t.call(c, { id }, alpha.token);
        expectRefused(res, 404);
        expect(res.body.message).toBe(de('account.invitationUnknown'));
      }
      for (const body of [{}, { id: '' }, { id: 7 }, { id: null }, { id: 'x'.repeat(65) }]) {
        const res = await t.post(c.path, body, alpha.token);
        expectRefused(res, 400);
        expect(res.body.errors?.id).toBeDefined();
      }
    }
  });

  test('lists invitations from several environments, oldest first', async () => {
    const guest = await signUp(t);
    const { alpha, beta } = await sharedEnvPair(t);
    expectOk(await invite(guest.email, alpha));
    t.clock.advance(1000);
    expectOk(await invite(guest.email, beta));
    await t.newMails();
    const list = await invitationsOf(guest.token);
    expect(list.map((i) => i.environment.name)).toEqual(['Alpha GmbH', 'Beta KG']);
  });

  test('need a logged-in user', async () => {
    expectRefused(await t.call(api.listInvitations, {}), 401);
    expectRefused(await t.call(api.acceptInvitation, { id: 'x' }), 401);
    expectRefused(await t.call(api.declineInvitation, { id: 'x' }), 401);
    expectRefused(await t.call(api.inviteUser, { _env: owner.env, email: 'a@b.de' }), 401);
  });

  test('an invitation does not let a not-activated registration in', async () => {
    const email = uniqueEmail('ungeprueft');
    expectOk(await invite(email));
    await t.call(authApi.register, {
      firstname: 'U',
      name: 'V',
      email,
      password: 'Sicher!2026',
      password2: 'Sicher!2026',
    });
    await t.newMails();
    const login = await t.call(authApi.login, { email, password: 'Sicher!2026' });
    expectRefused(login, 403);
  });
});
