import * as envApi from '@kontor/contract/api/environments';
import { type Permission, permissions, type Role, rolePermissions } from '@kontor/contract/api/roles';
import * as settingsApi from '@kontor/contract/api/settings';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../test/assertions';
import { caseOf, someId } from '../test/call-cases';
import { signUp, userWithEnvironment } from '../test/fixtures';
import { startTestApp } from '../test/harness';
import type { BoundCall } from './http/route';

/**
 * Issue 29 item 3, the permission meta-test: every environment call the app registered declares
 * what it needs (`may`), and for each role below the owner, every call whose permission the role
 * lacks is refused with 403 'Dafür fehlen Ihnen die Rechte.' before its handler runs (the way
 * calls.int.test.ts walks every call with a foreign environment). Public pages and portal sessions
 * are outside staff roles: they are no environment calls.
 */
const de = translator('de_sie');
const t = await startTestApp();
afterAll(() => t.close());

const envCalls = t.app.calls.filter(
  (bound): bound is BoundCall & { access: { env: string; may: Permission } } => typeof bound.access === 'object',
);

/** An environment with its owner and a member who has `role`. */
const memberWithRole = async (role: Role) => {
  const owner = await userWithEnvironment(t, `Rollen ${role} GmbH`);
  const member = await signUp(t, { firstname: 'Rolf', name: role });
  expectOk(await t.call(envApi.inviteUser, { _env: owner.env, email: member.email, role }, owner.token));
  const [invitation] = (await t.call(envApi.listInvitations, {}, member.token)).body.data ?? [];
  expectOk(await t.call(envApi.acceptInvitation, { id: String(invitation?._id) }, member.token));
  expectOk(await t.call(settingsApi.setUserRole, { _env: owner.env, user: member.userId, role }, owner.token));
  await t.newMails();
  return { owner, member: { ...member, env: owner.env } };
};

describe('every environment call declares its permission', () => {
  test('each one names a permission of the contract', () => {
    expect(envCalls.length).toBeGreaterThan(50);
    const undeclared = envCalls.filter((b) => !permissions.includes(b.access.may)).map((b) => b.call.path);
    expect(undeclared).toEqual([]);
  });

  test('the calls that change settings, structures or members are not open to Mitarbeiter', () => {
    const needs = (path: string) => envCalls.find((b) => b.call.path === path)?.access.may;
    expect(needs(settingsApi.saveMainSettings.path)).toBe('settings');
    expect(needs(settingsApi.savePortal.path)).toBe('settings');
    expect(needs(settingsApi.setUserActive.path)).toBe('members');
    expect(needs(envApi.inviteUser.path)).toBe('members');
  });
});

describe.each(['admin', 'staff', 'readonly', 'advisor'] as const)('as %s', (role) => {
  test('every call the role lacks the permission for is refused with 403, before its handler', async () => {
    const { member } = await memberWithRole(role);
    const forbidden = envCalls.filter((b) => !rolePermissions[role].has(b.access.may));
    if (role === 'admin') expect(forbidden.map((b) => b.access.may).every((may) => may === 'owner')).toBe(true);
    else expect(forbidden.length).toBeGreaterThan(0);
    for (const bound of forbidden) {
      const body = caseOf(bound).body(member, someId());
      const res = await t.post(bound.call.path, JSON.stringify(body), member.token);
      expectRefused(res, 403);
      expect(res.body.message, bound.call.path).toBe(de('settings.noRights'));
    }
  });

  test('what the role may do is not refused for want of rights', async () => {
    const { member } = await memberWithRole(role);
    const allowed = envCalls.filter((b) => rolePermissions[role].has(b.access.may));
    expect(allowed.length).toBeGreaterThan(0);
    for (const bound of allowed) {
      const body = caseOf(bound).body(member, someId());
      const res = await t.post(bound.call.path, JSON.stringify(body), member.token);
      expect(res.body.message, bound.call.path).not.toBe(de('settings.noRights'));
    }
  });
});
