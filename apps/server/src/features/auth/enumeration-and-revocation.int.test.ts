import { performance } from 'node:perf_hooks';
import { changePassword } from '@kontor/contract/api/account';
import * as authApi from '@kontor/contract/api/auth';
import * as envApi from '@kontor/contract/api/environments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { defaultPassword, loginAgain, signUp, uniqueEmail, userWithEnvironment } from '../../../test/fixtures';
import { randomIp, startTestApp, type TestApp } from '../../../test/harness';
import { environments, environmentUsers } from '../environments/environments.table';
import { setDisabled } from './auth.repo';
import { defaultLoginLimits } from './login-limiter';

/**
 * Issue 19 item 6. Samples per address kind: 100 in `npm test`, 200 in `npm run test:reliability`
 * (TIMING_SAMPLES). Known and unknown requests alternate, so drift of a shared machine hits both.
 */
const samples = Number(process.env.TIMING_SAMPLES ?? 100);
/**
 * The goal, a median gap ≤ 5 ms, is asserted by `npm run test:reliability`, which runs this file
 * alone (TIMING_STRICT=1). Inside `npm test` other test files share the two cores, so there the
 * figures are printed and only the bytes are compared: no timed assertions in `npm test`.
 */
const strict = process.env.TIMING_STRICT === '1';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Headers that differ between any two answers (time, request id, rate-limit counters). */
const volatile = /^(date|x-request-id|x-ratelimit-|retry-after)/;
const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !volatile.test(name)));

/** An answer may repeat the address it was given (forgot-pw does); that part is not compared. */
const send = async (path: string, body: { email: string }) => {
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: randomIp(),
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  const ms = performance.now() - started;
  return {
    ms,
    status: res.statusCode,
    body: res.body.replaceAll(body.email, '<adresse>'),
    headers: stable(res.headers),
  };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/**
 * Sends `samples` pairs (order alternating) and checks that known and unknown answers are the same
 * bytes and take the same median time. Prints the figures for the README's reliability section.
 */
const compare = async (
  name: string,
  known: () => { email: string },
  unknown: () => { email: string },
  path: string,
  between = () => {},
) => {
  const times = { known: [] as number[], unknown: [] as number[] };
  let first: { known?: Awaited<ReturnType<typeof send>>; unknown?: Awaited<ReturnType<typeof send>> } = {};
  for (let i = 0; i < samples; i++) {
    between();
    const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const kind of order) {
      const res = await send(path, kind === 'known' ? known() : unknown());
      times[kind].push(res.ms);
      const earlier = first[kind];
      if (!earlier) first = { ...first, [kind]: res };
      else expect({ status: res.status, body: res.body }).toEqual({ status: earlier.status, body: earlier.body });
    }
  }
  expect(first.known?.status).toBe(first.unknown?.status);
  expect(first.known?.body).toBe(first.unknown?.body);
  expect(first.known?.headers).toEqual(first.unknown?.headers);
  const gap = Math.abs(median(times.known) - median(times.unknown));
  console.log(
    `${name}: median known ${median(times.known).toFixed(2)} ms, unknown ${median(times.unknown).toFixed(2)} ms, gap ${gap.toFixed(2)} ms over ${samples} samples each`,
  );
  if (strict) expect(gap).toBeLessThanOrEqual(5);
};

describe('known and unknown addresses answer alike (issue 19 item 6)', () => {
  test('login with a wrong password: same bytes, same median time', { timeout: 600_000 }, async () => {
    const user = await signUp(t);
    const stranger = uniqueEmail('niemand');
    // The limiter counts failures per account; an hour of quiet forgets them, so every sample is
    // a first attempt for both addresses.
    const forget = () => t.clock.advance(defaultLoginLimits.accountForgetMs + 1);
    await compare(
      'login',
      () => ({ email: user.email, password: 'Falsch!2026' }),
      () => ({ email: stranger, password: 'Falsch!2026' }),
      authApi.login.path,
      forget,
    );
  });

  test('register: same bytes, same median time', { timeout: 600_000 }, async () => {
    const user = await signUp(t);
    const form = (email: string) => ({
      firstname: 'Eva',
      name: 'Probe',
      email,
      password: 'Sicher!2026x',
      password2: 'Sicher!2026x',
    });
    await compare(
      'register',
      () => form(user.email),
      () => form(uniqueEmail('neu')),
      authApi.register.path,
    );
  });

  test('forgot-pw: same bytes, same median time', { timeout: 600_000 }, async () => {
    const user = await signUp(t);
    // The answer names the address, so the stranger's has the same length (same content-length).
    const stranger = `z${user.email.slice(1)}`;
    await compare(
      'forgot-pw',
      () => ({ email: user.email }),
      () => ({ email: stranger }),
      authApi.forgotPw.path,
    );
    await t.deps.background.idle();
  });
});

describe('a lost right is refused on the very next request (issue 19 item 6)', () => {
  test('a revoked (logged out) token: 401', async () => {
    const user = await signUp(t);
    const other = await loginAgain(t, user.email);
    expectOk(await t.call(authApi.logout, {}, user.token));
    expectRefused(await t.call(authApi.me, {}, user.token), 401);
    expectOk(await t.call(authApi.me, {}, other));
  });

  test('a deactivated user: 401 on every session', async () => {
    const user = await signUp(t);
    const other = await loginAgain(t, user.email);
    await setDisabled(t.db, user.email, true, t.clock.now());
    expectRefused(await t.call(authApi.me, {}, user.token), 401);
    expectRefused(await t.call(authApi.me, {}, other), 401);
  });

  test('a removed membership: refused in that environment at once, other rights kept', async () => {
    const owner = await userWithEnvironment(t, 'Bleibt GmbH');
    expectOk(await t.call(envApi.environmentDetails, { _env: owner.env }, owner.token));
    const [env] = await t.db
      .select({ id: environments.id })
      .from(environments)
      .where(eq(environments.urlSlug, owner.env));
    await t.db
      .delete(environmentUsers)
      .where(and(eq(environmentUsers.envId, env?.id ?? ''), eq(environmentUsers.userId, owner.userId)));

    const details = await t.call(envApi.environmentDetails, { _env: owner.env }, owner.token);
    expectRefused(details);
    expect([403, 404]).toContain(details.statusCode);
    expect(details.body.data).toBeUndefined();
    expectRefused(await t.call(envApi.heartbeat, { _env: owner.env }, owner.token));
    const list = await t.call(envApi.listEnvironments, {}, owner.token);
    expectOk(list);
    expect(JSON.stringify(list.body.data)).not.toContain(owner.env);
  });

  test('a password change: every other session 401, the old password refused', async () => {
    const user = await signUp(t);
    const other = await loginAgain(t, user.email);
    expectOk(
      await t.call(changePassword, { currentPw: defaultPassword, newPw: 'Neu!2026y', newPw2: 'Neu!2026y' }, user.token),
    );
    expectRefused(await t.call(authApi.me, {}, other), 401);
    expectOk(await t.call(authApi.me, {}, user.token));
  });
});
