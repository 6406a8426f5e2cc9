import * as api from '@kontor/contract/api/environments';
import * as recordsApi from '@kontor/contract/api/records';
import * as settingsApi from '@kontor/contract/api/settings';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { expectForeignEnvRefused, sharedEnvPair } from '../../../test/cross-tenant';
import { signUp, uniqueEmail, userWithEnvironment } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/harness';

const de = translator('de_sie');

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
/** A second member who joined through an invitation. */
let member: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t, 'Testfirma GmbH');
  member = await signUp(t, { firstname: 'Max', name: 'Zander' });
  expectOk(await t.call(api.inviteUser, { _env: owner.env, email: member.email }, owner.token));
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
    expect(data.cells.map((c) => c.mapping)).toEqual(['name', 'email', 'is_active']);
    expect(data.total).toBe(2);
    expect(data.rows.map((r) => r.name)).toEqual(['Erika Mustermann', 'Max Zander']);
    expect(data.rows[1]).toMatchObject({
      _id: member.userId,
      email: member.email,
      is_active: true,
      is_self: false,
      user: { firstname: 'Max', name: 'Zander', email: member.email },
    });
    expect(data.rows[0]?.is_self).toBe(true);

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
    expectOk(await t.call(api.inviteUser, { _env: owner.env, email: first }, owner.token));
    t.clock.advance(1000);
    expectOk(await t.call(api.inviteUser, { _env: owner.env, email: second }, owner.token));
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
    expectOk(await t.call(api.inviteUser, { _env: owner.env, email }, owner.token));
    t.clock.advance(15 * 24 * 60 * 60_000);
    const res = await list({ model: 'EnvironmentUserInvitation', search: email.slice(0, 10) });
    expect(res.body.data?.rows.find((r) => r.email === email)?.expired).toBe(true);
    expectOk(await t.call(api.inviteUser, { _env: owner.env, email }, owner.token));
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
    expectOk(await t.call(api.inviteUser, { _env: beta.env, email }, beta.token));
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
