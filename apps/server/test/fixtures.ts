import * as authApi from '@kontor/contract/api/auth';
import * as envApi from '@kontor/contract/api/environments';
import type { Role } from '@kontor/contract/api/roles';
import { expect } from 'vitest';
import { linkIn, type TestApp } from './harness';

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.de`;

export const defaultPassword = 'Sicher!2026';

/** Registers, follows the activation link from the mail, logs in; returns the bearer token. */
export const signUp = async (t: TestApp, p: { email?: string; firstname?: string; name?: string } = {}) => {
  const email = p.email ?? uniqueEmail();
  const reg = await t.call(authApi.register, {
    firstname: p.firstname ?? 'Erika',
    name: p.name ?? 'Mustermann',
    email,
    password: defaultPassword,
    password2: defaultPassword,
  });
  expect(reg.statusCode).toBe(200);
  const mails = (await t.newMails()).filter((m) => m.to === email.toLowerCase());
  const activation = mails.find((m) => linkIn(m).startsWith('/activate/'));
  if (!activation) throw new Error(`no activation mail for ${email}`);
  const [, , user, token] = linkIn(activation).split('/');
  const act = await t.call(authApi.activate, { user: user ?? '', token: token ?? '' });
  expect(act.statusCode).toBe(200);
  const login = await t.call(authApi.login, { email, password: defaultPassword });
  expect(login.statusCode).toBe(200);
  return { email: email.toLowerCase(), token: login.body.token as string, userId: user ?? '' };
};

/** A signed-up user with one environment; `env` is its url_slug. */
export const userWithEnvironment = async (t: TestApp, envName = 'Testfirma GmbH', preset = 'none') => {
  const user = await signUp(t);
  const created = await t.call(envApi.createEnvironment, { name: envName, preset }, user.token);
  expect(created.statusCode).toBe(200);
  return { ...user, env: created.body.data?.environment.url_slug as string };
};

/**
 * A member of `owner`'s environment with `role` (issue 29): invited with that role and accepted.
 * `env` is the owner's environment.
 */
export const memberOf = async (
  t: TestApp,
  owner: Awaited<ReturnType<typeof userWithEnvironment>>,
  role: Role,
  name: string = role,
) => {
  const member = await signUp(t, { firstname: 'Rolf', name });
  const invited = await t.call(envApi.inviteUser, { _env: owner.env, email: member.email, role }, owner.token);
  expect(invited.statusCode).toBe(200);
  const [invitation] = (await t.call(envApi.listInvitations, {}, member.token)).body.data ?? [];
  expect((await t.call(envApi.acceptInvitation, { id: String(invitation?._id) }, member.token)).statusCode).toBe(200);
  await t.newMails();
  return { ...member, env: owner.env };
};

/** Two users, each alone in an environment of their own: the cross-tenant test pattern. */
export const twoEnvironments = async (t: TestApp, preset = 'none') => ({
  alpha: await userWithEnvironment(t, 'Alpha GmbH', preset),
  beta: await userWithEnvironment(t, 'Beta KG', preset),
});

/** The path of the link in the newest mail to `email` (drains the outbox); fails when there is none. */
export const lastLinkTo = async (t: TestApp, email: string): Promise<string> => {
  const mails = (await t.newMails()).filter((m) => m.to === email.toLowerCase());
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return linkIn(mail);
};

/** Registers without activating; returns the address and the parts of the activation link. */
export const registerOnly = async (t: TestApp, p: { email?: string; password?: string } = {}) => {
  const email = p.email ?? uniqueEmail('neu');
  const password = p.password ?? defaultPassword;
  const res = await t.call(authApi.register, { firstname: 'Max', name: 'Neu', email, password, password2: password });
  expect(res.statusCode).toBe(200);
  const [, kind, user, token] = (await lastLinkTo(t, email)).split('/');
  expect(kind).toBe('activate');
  return { email: email.toLowerCase(), user: user ?? '', token: token ?? '' };
};

/** Asks for a reset link; returns the parts of /reset-pw/{user}/{hash}. */
export const requestReset = async (t: TestApp, email: string) => {
  const res = await t.call(authApi.forgotPw, { email });
  expect(res.statusCode).toBe(200);
  const [, kind, user, hash] = (await lastLinkTo(t, email)).split('/');
  expect(kind).toBe('reset-pw');
  return { user: user ?? '', hash: hash ?? '' };
};

/** Logs in once more (another device); returns the new token. */
export const loginAgain = async (t: TestApp, email: string, password = defaultPassword) => {
  const res = await t.call(authApi.login, { email, password });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
};
