import fs from 'node:fs';
import path from 'node:path';
import * as api from '@kontor/contract/api/environments';
import * as recordsApi from '@kontor/contract/api/records';
import type { Role } from '@kontor/contract/api/roles';
import * as settingsApi from '@kontor/contract/api/settings';
import { translator } from '@kontor/contract/i18n/catalogs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { expectForeignEnvRefused, sharedEnvPair } from '../../../test/cross-tenant';
import { signUp, uniqueEmail, userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';
import { envIdOf } from '../../../test/records';
import { trustedEnvId } from '../../db/env-scope';
import { appendAudit, verifyAuditChain } from '../stages/stages.service';

const de = translator('de_sie');

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
/** A second member who joined through an invitation. */
let member: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Testfirma GmbH');
  member = await signUp(t, { firstname: 'Max', name: 'Zander' });
  expectOk(await t.call(api.inviteUser, { _env: owner.env, email: member.email, role: 'admin' }, owner.token));
  const [invitation] = (await t.call(api.listInvitations, {}, member.token)).body.data ?? [];
  expectOk(await t.call(api.acceptInvitation, { id: invitation!._id }, member.token));
});
afterAll(() => t.close());

type Body = Omit<Parameters<typeof t.call<typeof recordsApi.simpleTableData>>[1], '_env'>;
const list = (body: Body, token = owner.token, env = owner.env) =>
  t.call(recordsApi.simpleTableData, { _env: env, ...body }, token);
const setActive = (user: string, isActive: boolean, token = owner.token, env = owner.env) =>
  t.call(settingsApi.setUserActive, { _env: env, user, is_active: isActive }, token);

describe('simpletable/data with model EnvironmentUser', () => {
  test('lists the members with name, e-mail and active flag, sorted and searchable', async () => {
    const res = await list({ model: 'EnvironmentUser' });
    expectOk(res);
    const data = res.body.data!;
    expect(data.cells.map((c) => c.mapping)).toEqual(['name', 'email', 'role_label', 'is_active']);
    expect(data.total).toBe(2);
    expect(data.rows.map((r) => r.name)).toEqual(['Erika Mustermann', 'Max Zander']);
    expect(data.rows[1]).toMatchObject({
      _id: member.userId,
      email: member.email,
      is_active: true,
      role: 'admin',
      role_label: 'Administrator',
      is_self: false,
      user: { firstname: 'Max', name: 'Zander', email: member.email },
    });
    expect(data.rows[0]).toMatchObject({ is_self: true, role: 'owner', role_label: 'Inhaber' });

    const desc = await list({ model: 'EnvironmentUser', sort: { field: 'name', dir: 'desc' } });
    expect(desc.body.data?.rows.map((r) => r.name)).toEqual(['Max Zander', 'Erika Mustermann']);
    const found = await list({ model: 'EnvironmentUser', search: 'zand' });
    expect(found.body.data?.rows.map((r) => r._id)).toEqual([member.userId]);
    const paged = await list({ model: 'EnvironmentUser', pageSize: 1, page: 2 });
    expect(paged.body.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.body.data?.rows.map((r) => r._id)).toEqual([member.userId]);
  });

  test('refuses unknown sort fields, filters and cursors with a message', async () => {
    for (const body of [
      { model: 'EnvironmentUser', sort: { field: 'password_hash', dir: 'asc' } },
      { model: 'EnvironmentUser', filter: { email: 'x' } },
      { model: 'EnvironmentUser', cursor: 'abc' },
    ] as const) {
      expectRefused(await list(body), 400);
    }
  });

  test('never lists members of another environment', async () => {
    const { alpha, beta } = await sharedEnvPair(t);
    const res = await list({ model: 'EnvironmentUser' }, alpha.token, alpha.env);
    expect(res.body.data?.rows.map((r) => r._id)).toEqual([alpha.userId]);
    expect(res.body.data?.rows.map((r) => r._id)).not.toContain(beta.userId);
    await expectForeignEnvRefused(t, recordsApi.simpleTableData, { model: 'EnvironmentUser' }, { mode: 'read' });
  });
});

describe('simpletable/data with model EnvironmentUserInvitation', () => {
  test('lists the pending invitations (status pending), newest first, with expiry; removed ones leave', async () => {
    const first = uniqueEmail('erste');
    const second = uniqueEmail('zweite');
    expectOk(await t.call(api.inviteUser, { _env: owner.env, email: first, role: 'staff' }, owner.token));
    t.clock.advance(1000);
    expectOk(await t.call(api.inviteUser, { _env: owner.env, email: second, role: 'staff' }, owner.token));
    await t.newMails();
    const res = await list({ model: 'EnvironmentUserInvitation', filter: { status: 'pending' } });
    expectOk(res);
    const rows = res.body.data!.rows;
    expect(rows.map((r) => r.email)).toEqual([second, first]);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      created_at: t.clock.now().toISOString(),
      expires_at: new Date(t.clock.now().getTime() + 14 * 24 * 60 * 60_000).toISOString(),
      expired: false,
      user: null,
    });

    const removed = await t.call(api.removeInvitation, { _env: owner.env, id: String(rows[0]?._id) }, owner.token);
    expectOk(removed);
    expect(removed.body.message).toBe(de('environments.invitationRemoved'));
    const after = await list({ model: 'EnvironmentUserInvitation', filter: { status: 'pending' } });
    expect(after.body.data?.rows.map((r) => r.email)).toEqual([first]);
  });

  test('an expired invitation stays listed as expired so it can be re-sent', async () => {
    const email = uniqueEmail('spaet');
    expectOk(await t.call(api.inviteUser, { _env: owner.env, email, role: 'staff' }, owner.token));
    t.clock.advance(15 * 24 * 60 * 60_000);
    const res = await list({ model: 'EnvironmentUserInvitation', search: email.slice(0, 10) });
    expect(res.body.data?.rows.find((r) => r.email === email)?.expired).toBe(true);
    expectOk(await t.call(api.inviteUser, { _env: owner.env, email, role: 'staff' }, owner.token));
    const again = await list({ model: 'EnvironmentUserInvitation', search: email.slice(0, 10) });
    expect(again.body.data?.rows.find((r) => r.email === email)?.expired).toBe(false);
    await t.newMails();
  });

  test('only the status pending can be asked for', async () => {
    expectRefused(await list({ model: 'EnvironmentUserInvitation', filter: { status: 'accepted' } }), 400);
  });

  test("never lists another environment's invitations", async () => {
    const { alpha, beta } = await sharedEnvPair(t);
    const email = uniqueEmail('nur-beta');
    expectOk(await t.call(api.inviteUser, { _env: beta.env, email, role: 'staff' }, beta.token));
    await t.newMails();
    const res = await list({ model: 'EnvironmentUserInvitation' }, alpha.token, alpha.env);
    expect(res.body.data?.rows.map((r) => r.email)).not.toContain(email);
  });
});

describe('users/set-active', () => {
  test('a deactivated member is refused on the very next request and reactivated gets back in', async () => {
    expectOk(await t.call(api.environmentDetails, { _env: owner.env }, member.token));
    const off = await setActive(member.userId, false);
    expectOk(off);
    expect(off.body.message).toBe(de('settings.userDeactivated'));
    const refused = await t.call(api.environmentDetails, { _env: owner.env }, member.token);
    expectRefused(refused, 403);
    expect(refused.body.message).toBe(de('environments.notMember'));
    const rows = (await list({ model: 'EnvironmentUser', filter: { is_active: false } })).body.data?.rows ?? [];
    expect(rows.map((r) => r._id)).toEqual([member.userId]);
    // The account's environment list no longer offers it either.
    const cards = (await t.call(api.listEnvironments, {}, member.token)).body.data ?? [];
    expect(cards.map((c) => c.url_slug)).not.toContain(owner.env);

    const on = await setActive(member.userId, true);
    expectOk(on);
    expect(on.body.message).toBe(de('settings.userActivated'));
    expectOk(await t.call(api.environmentDetails, { _env: owner.env }, member.token));
  });

  test('the last active member cannot deactivate themselves', async () => {
    const solo = await userWithEnvironment(t, 'Einzelfirma');
    const res = await setActive(solo.userId, false, solo.token, solo.env);
    expectRefused(res, 409);
    expect(res.body.message).toBe(de('settings.lastActiveUser'));
    expectOk(await t.call(api.environmentDetails, { _env: solo.env }, solo.token));
  });

  test('a member may deactivate themselves while another stays active', async () => {
    expectOk(await setActive(member.userId, false, member.token));
    expectRefused(await t.call(api.environmentDetails, { _env: owner.env }, member.token), 403);
    // The owner is now the last one.
    expectRefused(await setActive(owner.userId, false), 409);
    expectOk(await setActive(member.userId, true));
  });

  test("another environment's user or an unknown id: 404, nothing changed", async () => {
    const { alpha, beta } = await sharedEnvPair(t);
    for (const user of [beta.userId, '00000000-0000-4000-8000-000000000000', 'keine-uuid']) {
      const res = await setActive(user, false, alpha.token, alpha.env);
      expectRefused(res, 404);
      expect(res.body.message).toBe(de('settings.userUnknown'));
    }
    expectOk(await t.call(api.environmentDetails, { _env: beta.env }, beta.token));
    await expectForeignEnvRefused(
      t,
      settingsApi.setUserActive,
      { user: beta.userId, is_active: false },
      { mode: 'write' },
    );
    expectOk(await t.call(api.environmentDetails, { _env: beta.env }, beta.token));
  });
});

describe('roles (issue 29 item 1)', () => {
  const setRole = (user: string, role: Role, token = owner.token, env = owner.env) =>
    t.call(settingsApi.setUserRole, { _env: env, user, role }, token);
  const auditActions = async (envSlug: string) => {
    const envId = await envIdOf(t, envSlug);
    const { rows } = await t.asSuperuser(
      sql`select action, payload from audit_entries where env_id = ${envId} and action like 'member.%' order by seq`,
    );
    return rows.map((r) => ({ action: String(r.action), payload: r.payload }));
  };

  test('an invited member cannot lock out the founder: 403, and the founder still gets in', async () => {
    const res = await setActive(owner.userId, false, member.token);
    expectRefused(res, 403);
    expect(res.body.message).toBe(de('settings.higherRole'));
    expectOk(await t.call(api.environmentDetails, { _env: owner.env }, owner.token));
    const demoted = await setRole(owner.userId, 'staff', member.token);
    expectRefused(demoted, 403);
    expect(demoted.body.message).toBe(de('settings.higherRole'));
  });

  test('an administrator gives no role above their own', async () => {
    const res = await setRole(member.userId, 'owner', member.token);
    expectRefused(res, 403);
    expect(res.body.message).toBe(de('settings.roleAboveOwn'));
  });

  test('a Mitarbeiter manages nobody; the owner gives roles and takes them back', async () => {
    const changed = await setRole(member.userId, 'staff');
    expectOk(changed);
    expect(changed.body.message).toBe(de('settings.roleChanged'));
    const refused = await setActive(owner.userId, false, member.token);
    expectRefused(refused, 403);
    expect(refused.body.message).toBe(de('settings.noRights'));
    expectRefused(await setRole(member.userId, 'admin', member.token), 403);
    expectOk(await setRole(member.userId, 'admin'));
  });

  test('an environment always keeps an active owner', async () => {
    const last = await setRole(owner.userId, 'admin');
    expectRefused(last, 409);
    expect(last.body.message).toBe(de('settings.lastOwner'));
    // With a second owner, the first may step down; the second cannot then be deactivated by an admin.
    expectOk(await setRole(member.userId, 'owner'));
    expectOk(await setRole(owner.userId, 'admin'));
    const locked = await setActive(member.userId, false, owner.token);
    expectRefused(locked, 403);
    expect((await setActive(member.userId, false, member.token)).body.message).toBe(de('settings.lastOwner'));
    expectOk(await setRole(owner.userId, 'owner', member.token));
    expectOk(await setRole(member.userId, 'admin', owner.token));
  });

  test('role changes and (de)activations are written to the audit chain, which holds', async () => {
    const actions = await auditActions(owner.env);
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['member.deactivated', 'member.activated', 'member.role']),
    );
    expect(actions).toContainEqual({
      action: 'member.role',
      payload: { user: member.userId, from: 'admin', to: 'staff' },
    });
    const envId = trustedEnvId(await envIdOf(t, owner.env));
    const check = await t.deps.database.inEnv(envId, null, (scope) => verifyAuditChain(scope));
    expect(check.ok).toBe(true);
  });

  test('the migration makes each creator the owner and every other member an administrator', async () => {
    const orphan = await userWithEnvironment(t, 'Ohne Gründer GmbH');
    const orphanId = await envIdOf(t, orphan.env);
    const ownerEnvId = await envIdOf(t, owner.env);
    // The state before roles: everyone 'admin'; the orphan's creator is gone from created_by.
    await t.asSuperuser(sql`update environment_users set role = 'admin' where env_id in (${ownerEnvId}, ${orphanId})`);
    await t.asSuperuser(sql`update environments set created_by = null where id = ${orphanId}`);
    const migration = fs.readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0025_member_roles.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await t.asSuperuser(sql.raw(statement));
    const { rows } = await t.asSuperuser(
      sql`select env_id, user_id, role from environment_users where env_id in (${ownerEnvId}, ${orphanId})`,
    );
    const roleOf = (envId: string, userId: string) =>
      rows.find((r) => r.env_id === envId && r.user_id === userId)?.role;
    expect(roleOf(ownerEnvId, owner.userId)).toBe('owner');
    expect(roleOf(ownerEnvId, member.userId)).toBe('admin');
    expect(roleOf(orphanId, orphan.userId)).toBe('owner');
  });
});

describe('users/audit, the members history (issue 29 item 5)', () => {
  const history = (token = owner.token, env = owner.env) => t.call(settingsApi.usersAudit, { _env: env }, token);

  test('a role change appears first, with who, when and a German sentence', async () => {
    t.clock.advance(60_000);
    const at = t.clock.now().toISOString();
    expectOk(
      await t.call(settingsApi.setUserRole, { _env: owner.env, user: member.userId, role: 'staff' }, owner.token),
    );
    const res = await history();
    expectOk(res);
    const [latest] = res.body.data!.entries;
    expect(latest).toEqual({
      seq: expect.any(Number),
      at,
      action: 'member.role',
      actor: 'Erika Mustermann',
      text: 'Erika Mustermann hat die Rolle von Max Zander auf „Mitarbeiter“ geändert.',
    });
    // Newest first; earlier (de)activations and the invitation are there too.
    const entries = res.body.data!.entries;
    expect(entries.map((e) => e.seq)).toEqual([...entries.map((e) => e.seq)].sort((a, b) => b - a));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['member.invited', 'member.deactivated']));
    expect(entries.find((e) => e.action === 'member.invited' && e.text.includes(member.email))?.text).toBe(
      `Erika Mustermann hat ${member.email} als „Administrator“ eingeladen.`,
    );

    // A Mitarbeiter does not read the history.
    const refused = await history(member.token);
    expectRefused(refused, 403);
    expect(refused.body.message).toBe(de('settings.noRights'));
    expectOk(
      await t.call(settingsApi.setUserRole, { _env: owner.env, user: member.userId, role: 'admin' }, owner.token),
    );
  });

  test('per-type permission changes (type.access) are part of it; record changes are not', async () => {
    const envId = trustedEnvId(await envIdOf(t, owner.env));
    await t.deps.database.inEnv(envId, owner.userId, async (scope) => {
      await appendAudit(scope, {
        action: 'type.access',
        recordId: null,
        payload: { type: 'Kunden' },
        at: t.clock.now(),
      });
      await appendAudit(scope, { action: 'record.stage', recordId: null, payload: {}, at: t.clock.now() });
    });
    const entries = (await history()).body.data!.entries;
    expect(entries[0]).toMatchObject({
      action: 'type.access',
      text: 'Erika Mustermann hat die Zugriffsrechte für „Kunden“ geändert.',
    });
    expect(entries.map((e) => e.action)).not.toContain('record.stage');
  });

  test("never shows another environment's entries", async () => {
    const { alpha, beta } = await sharedEnvPair(t);
    const email = uniqueEmail('nur-beta-verlauf');
    expectOk(await t.call(api.inviteUser, { _env: beta.env, email, role: 'staff' }, beta.token));
    await t.newMails();
    const texts = async (who: typeof alpha) =>
      (await history(who.token, who.env)).body.data!.entries.map((e) => e.text);
    expect(await texts(beta)).toContainEqual(expect.stringContaining(email));
    expect((await texts(alpha)).join(' ')).not.toContain(email);
  });
});
