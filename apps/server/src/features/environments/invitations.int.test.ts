import fs from 'node:fs';
import path from 'node:path';
import * as authApi from '@kontor/contract/api/auth';
import * as api from '@kontor/contract/api/environments';
import * as recordsApi from '@kontor/contract/api/records';
import type { Role } from '@kontor/contract/api/roles';
import * as settingsApi from '@kontor/contract/api/settings';
import { translator } from '@kontor/contract/i18n/catalogs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { expectForeignEnvRefused, setMembership, sharedEnvPair } from '../../../test/cross-tenant';
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

/** Invites as an administrator unless told otherwise: what every invitation gave before roles. */
const invite = (email: string, by = owner, role: Role = 'admin') =>
  t.call(api.inviteUser, { _env: by.env, email, role }, by.token);
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

  test('re-inviting re-sends the mail without a second invitation, at most every 10 minutes', async () => {
    const email = uniqueEmail('nochmal');
    expectOk(await invite(email));
    const soon = await invite(email.toUpperCase());
    expectRefused(soon, 429);
    expect(soon.body.message).toBe(de('common.rateLimited', { seconds: 600 }));
    t.clock.advance(10 * 60_000);
    expectOk(await invite(email.toUpperCase()));
    const mails = (await t.newMails()).filter((m) => m.to === email);
    expect(mails).toHaveLength(2);
    const rows = await t.db.select().from(environmentInvitations).where(eq(environmentInvitations.email, email));
    expect(rows).toHaveLength(1);
    // The re-sent invitation lives 14 days from the second mail.
    expect(rows[0]?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 14 * 24 * 60 * 60_000);
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
    const { pair, own } = await expectForeignEnvRefused(t, api.inviteUser, {
      email: uniqueEmail('quer'),
      role: 'staff',
    });
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
    expectRefused(await t.call(api.inviteUser, { _env: owner.env, email: 'a@b.de', role: 'staff' }), 401);
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

describe('invitation lifetime, withdrawal and limits', () => {
  test('an invitation expires after 14 days', async () => {
    const guest = await signUp(t);
    expectOk(await invite(guest.email));
    await t.newMails();
    const [invitation] = await invitationsOf(guest.token);
    t.clock.advance(14 * 24 * 60 * 60_000 - 60_000);
    expect(await invitationsOf(guest.token)).toHaveLength(1);
    t.clock.advance(2 * 60_000);
    expect(await invitationsOf(guest.token)).toEqual([]);
    const late = await t.call(api.acceptInvitation, { id: invitation!._id }, guest.token);
    expectRefused(late, 404);
    expect(await slugsOf(guest.token)).toEqual([]);
  });

  test("an invitation dies with its creator's membership: a removed member cannot come back through it", async () => {
    // The review's case: a member invites her second address, is deactivated, accepts with the second one.
    const member = await signUp(t);
    expectOk(await invite(member.email));
    await t.newMails();
    const [membership] = await invitationsOf(member.token);
    expectOk(await t.call(api.acceptInvitation, { id: membership!._id }, member.token));
    const second = await signUp(t);
    expectOk(await invite(second.email, { ...owner, token: member.token }));
    await t.newMails();
    const [backdoor] = await invitationsOf(second.token);
    expect(backdoor).toBeDefined();

    await setMembership(t, owner.env, member.userId, false);
    expect(await invitationsOf(second.token)).toEqual([]);
    const res = await t.call(api.acceptInvitation, { id: backdoor!._id }, second.token);
    expectRefused(res, 404);
    expect(await slugsOf(second.token)).toEqual([]);
  });

  test('a member withdraws a pending invitation; it cannot be accepted and is gone from the list', async () => {
    const guest = await signUp(t);
    expectOk(await invite(guest.email));
    await t.newMails();
    const [invitation] = await invitationsOf(guest.token);
    const removed = await t.call(api.removeInvitation, { _env: owner.env, id: invitation!._id }, owner.token);
    expectOk(removed);
    expect(removed.body.message).toBe(de('environments.invitationRemoved'));
    expect(await invitationsOf(guest.token)).toEqual([]);
    expectRefused(await t.call(api.acceptInvitation, { id: invitation!._id }, guest.token), 404);
    const again = await t.call(api.removeInvitation, { _env: owner.env, id: invitation!._id }, owner.token);
    expectRefused(again, 404);
    expect(again.body.message).toBe(de('account.invitationUnknown'));
    for (const id of ['kein-uuid', '00000000-0000-4000-8000-000000000000']) {
      expectRefused(await t.call(api.removeInvitation, { _env: owner.env, id }, owner.token), 404);
    }
    expectRefused(await t.post(api.removeInvitation.path, { _env: owner.env, id: 7 }, owner.token), 400);
  });

  test("removing is refused across environments and leaves the other environment's invitation pending", async () => {
    const guest = await signUp(t);
    const { pair } = await expectForeignEnvRefused(t, api.removeInvitation, {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expectOk(await invite(guest.email, pair.beta));
    await t.newMails();
    const [invitation] = await invitationsOf(guest.token);
    // Alpha names beta's invitation in its own environment: not found there.
    const res = await t.call(api.removeInvitation, { _env: pair.alpha.env, id: invitation!._id }, pair.alpha.token);
    expectRefused(res, 404);
    expect(await invitationsOf(guest.token)).toHaveLength(1);
  });

  test('an account sends at most 20 invitations a day', async () => {
    const sender = await userWithEnvironment(t, 'Vielversender GmbH');
    for (let i = 0; i < 20; i++) expectOk(await invite(uniqueEmail(`viele${i}`), sender));
    const over = await invite(uniqueEmail('zuviel'), sender);
    expectRefused(over, 429);
    expect(over.body.message).toBe(de('environments.invitationLimit'));
    expect((await t.newMails()).length).toBe(20);
    t.clock.advance(24 * 60 * 60_000 + 60_000);
    expectOk(await invite(uniqueEmail('morgen'), sender));
    await t.newMails();
  });

  test('names in the mail carry no working link: environment and inviter names are defanged', async () => {
    const phisher = await signUp(t, { firstname: 'Support www.bank.example', name: 'Team' });
    const created = await t.call(
      api.createEnvironment,
      { name: 'Zahlung überfällig: https://evil.example/pay', preset: 'none' },
      phisher.token,
    );
    expectOk(created);
    const email = uniqueEmail('opfer');
    expectOk(await invite(email, { ...phisher, env: created.body.data?.environment.url_slug as string }));
    const [mail] = (await t.newMails()).filter((m) => m.to === email);
    expect(mail?.subject).toBe('Einladung zur Firmenumgebung "Zahlung überfällig: https[:]//evil[.]example/pay"');
    for (const part of [mail?.subject, mail?.text, mail?.html]) {
      expect(part).not.toMatch(/https?:\/\/evil/);
      expect(part).not.toContain('www.bank');
    }
    expect(mail?.text).toContain('Support www[.]bank[.]example Team hat Sie');
  });
});

describe('invitations carry the role (issue 29 item 4)', () => {
  const roleIn = async (member: { token: string }, env = owner.env) =>
    (await t.call(api.environmentDetails, { _env: env }, member.token)).body.data?.environmentUser.role;
  const pendingRows = async (by = owner) => {
    const res = await t.call(
      recordsApi.simpleTableData,
      { _env: by.env, model: 'EnvironmentUserInvitation', filter: { status: 'pending' } },
      by.token,
    );
    expectOk(res);
    return res.body.data!;
  };
  /** A fresh environment with its owner and an administrator. */
  const ownerAndAdmin = async (name: string) => {
    const boss = await userWithEnvironment(t, name);
    const admin = await signUp(t, { firstname: 'Ada', name: 'Admin' });
    expectOk(await invite(admin.email, boss, 'admin'));
    const [invitation] = await invitationsOf(admin.token);
    expectOk(await t.call(api.acceptInvitation, { id: invitation!._id }, admin.token));
    await t.newMails();
    return { boss, admin: { ...admin, env: boss.env } };
  };

  test('stores the role, lists it with its German label, and accepting gives exactly that role', async () => {
    const guest = await signUp(t, { firstname: 'Lea', name: 'Leser' });
    expectOk(await invite(guest.email, owner, 'readonly'));
    await t.newMails();
    const table = await pendingRows();
    expect(table.cells.map((c) => c.mapping)).toEqual(['email', 'role_label', 'created_at', 'expires_at']);
    expect(table.cells[1]?.label).toBe('Rolle');
    expect(table.rows.find((r) => r.email === guest.email)).toMatchObject({
      role: 'readonly',
      role_label: 'Nur lesen',
    });

    const [invitation] = await invitationsOf(guest.token);
    expectOk(await t.call(api.acceptInvitation, { id: invitation!._id }, guest.token));
    expect(await roleIn(guest)).toBe('readonly');
    // A Nur-lesen member invites nobody.
    const refused = await invite(uniqueEmail('weiter'), { ...owner, token: guest.token }, 'readonly');
    expectRefused(refused, 403);
    expect(refused.body.message).toBe(de('settings.noRights'));
  });

  test('re-sending takes the role asked for this time', async () => {
    const guest = await signUp(t);
    expectOk(await invite(guest.email, owner, 'advisor'));
    t.clock.advance(10 * 60_000);
    expectOk(await invite(guest.email, owner, 'staff'));
    await t.newMails();
    const [invitation, ...more] = await invitationsOf(guest.token);
    expect(more).toHaveLength(0);
    expectOk(await t.call(api.acceptInvitation, { id: invitation!._id }, guest.token));
    expect(await roleIn(guest)).toBe('staff');
  });

  test('an administrator cannot invite an owner: 403 with the German reason, nothing stored or sent', async () => {
    const { admin } = await ownerAndAdmin('Rollengrenze GmbH');
    const email = uniqueEmail('chef');
    const res = await invite(email, admin, 'owner');
    expectRefused(res, 403);
    expect(res.body.message).toBe('Sie können keine Rolle vergeben, die mehr Rechte hat als Ihre eigene.');
    expect(await t.db.select().from(environmentInvitations).where(eq(environmentInvitations.email, email))).toEqual([]);
    expect(await t.newMails()).toEqual([]);
    expectOk(await invite(email, admin, 'admin'));
    await t.newMails();
  });

  test('an invitation lapses when its inviter may no longer give its role', async () => {
    const { boss, admin } = await ownerAndAdmin('Herabgestuft GmbH');
    const guest = await signUp(t);
    expectOk(await invite(guest.email, admin, 'admin'));
    await t.newMails();
    expect(await invitationsOf(guest.token)).toHaveLength(1);
    expectOk(await t.call(settingsApi.setUserRole, { _env: boss.env, user: admin.userId, role: 'staff' }, boss.token));
    expect(await invitationsOf(guest.token)).toEqual([]);
  });

  test('a deactivated former member comes back with the role of the new invitation', async () => {
    const { boss, admin } = await ownerAndAdmin('Rueckkehr GmbH');
    expectOk(
      await t.call(settingsApi.setUserActive, { _env: boss.env, user: admin.userId, is_active: false }, boss.token),
    );
    expectOk(await invite(admin.email, boss, 'staff'));
    await t.newMails();
    const [invitation] = await invitationsOf(admin.token);
    expectOk(await t.call(api.acceptInvitation, { id: invitation!._id }, admin.token));
    expect(await roleIn(admin, boss.env)).toBe('staff');
  });

  test('the migration gives invitations sent before roles the administrator role', async () => {
    const email = uniqueEmail('alt');
    expectOk(await invite(email, owner, 'staff'));
    await t.newMails();
    // The state before 0027: no role column at all.
    await t.asSuperuser(sql`alter table environment_invitations drop column role`);
    const migration = fs.readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0027_invitation_role.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await t.asSuperuser(sql.raw(statement));
    const [row] = await t.db.select().from(environmentInvitations).where(eq(environmentInvitations.email, email));
    expect(row?.role).toBe('admin');
    // Run again on migrated data: nothing changes, and a new invitation must name its role.
    for (const statement of migration.split('--> statement-breakpoint')) await t.asSuperuser(sql.raw(statement));
    const { rows } = await t.asSuperuser(
      sql`select column_default from information_schema.columns where table_name = 'environment_invitations' and column_name = 'role'`,
    );
    expect(rows[0]?.column_default).toBeNull();
  });
});
