import * as api from '@kontor/contract/api/account';
import * as authApi from '@kontor/contract/api/auth';
import { translator } from '@kontor/contract/i18n/catalogs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { defaultPassword, loginAgain, requestReset, signUp } from '../../../test/fixtures';
import { randomIp, startTestApp, type TestApp } from '../../../test/harness';
import { sessions, users } from '../auth/auth.table';

const de = translator('de_sie');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.call(authApi.me, {}, token);

describe('change-pw', () => {
  test('sets the new password, keeps this session and ends every other one', async () => {
    const user = await signUp(t);
    const phone = await loginAgain(t, user.email);
    const [before] = await t.db.select().from(users).where(eq(users.id, user.userId));

    const res = await t.call(
      api.changePassword,
      { currentPw: defaultPassword, newPw: 'Neu!2026x', newPw2: 'Neu!2026x' },
      user.token,
    );
    expectOk(res);
    expect(res.body.message).toBe('Das Account-Passwort wurde erfolgreich zurückgesetzt');

    expectOk(await me(user.token));
    expectRefused(await me(phone), 401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toHaveLength(1);
    expectRefused(await t.call(authApi.login, { email: user.email, password: defaultPassword }), 400);
    expectOk(await t.call(authApi.login, { email: user.email, password: 'Neu!2026x' }));

    const [after] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(after?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(after?.passwordHash).not.toBe(before?.passwordHash);
    expect((await me(user.token)).body.data?.password_changed_at).toBe(t.clock.now().toISOString());
  });

  test('spends a reset link asked for before the change', async () => {
    const user = await signUp(t);
    const link = await requestReset(t, user.email);
    expectOk(
      await t.call(
        api.changePassword,
        { currentPw: defaultPassword, newPw: 'Neu!2026x', newPw2: 'Neu!2026x' },
        user.token,
      ),
    );
    const reset = await t.call(authApi.forgotPwReset, { ...link, password: 'Fremd!2026', password2: 'Fremd!2026' });
    expectRefused(reset, 400);
    expect(reset.body.message).toBe(de('auth.resetLinkInvalid'));
    expectOk(await t.call(authApi.login, { email: user.email, password: 'Neu!2026x' }));
  });

  describe('refusals', () => {
    let user: Awaited<ReturnType<typeof signUp>>;
    let phone: string;
    beforeAll(async () => {
      user = await signUp(t);
      phone = await loginAgain(t, user.email);
    });

    test('refuses a wrong current password under currentPw and changes nothing', async () => {
      const res = await t.call(
        api.changePassword,
        { currentPw: 'falsch', newPw: 'Neu!2026x', newPw2: 'Neu!2026x' },
        user.token,
      );
      expectRefused(res, 400);
      expect(res.body.message).toBe(de('account.currentPasswordWrong'));
      expect(res.body.errors).toEqual({ currentPw: [de('account.currentPasswordWrong')] });
      expectOk(await me(phone));
      expectOk(await t.call(authApi.login, { email: user.email, password: defaultPassword }));
    });

    test('refuses a short or differing new password naming the field', async () => {
      const short = await t.call(
        api.changePassword,
        { currentPw: defaultPassword, newPw: 'abcd', newPw2: 'abcd' },
        user.token,
      );
      expectRefused(short, 400);
      expect(short.body.errors).toEqual({ newPw: [de('auth.passwordTooShort', { n: 8 })] });
      const differ = await t.call(
        api.changePassword,
        { currentPw: defaultPassword, newPw: 'Neu!2026x', newPw2: 'Neu!2026y' },
        user.token,
      );
      expectRefused(differ, 400);
      expect(differ.body.errors).toEqual({ newPw2: [de('auth.passwordsDiffer')] });
      expectOk(await me(phone));
      expectOk(await t.call(authApi.login, { email: user.email, password: defaultPassword }));
    });

    test('refuses missing fields, wrong types and over-long values with field errors', async () => {
      const missing = await t.post(api.changePassword.path, {}, user.token);
      expectRefused(missing, 400);
      expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(['currentPw', 'newPw', 'newPw2']);
      const types = await t.post(api.changePassword.path, { currentPw: 1, newPw: [], newPw2: {} }, user.token);
      expectRefused(types, 400);
      expect(Object.keys(types.body.errors ?? {}).sort()).toEqual(['currentPw', 'newPw', 'newPw2']);
      const long = await t.call(
        api.changePassword,
        { currentPw: defaultPassword, newPw: 'x'.repeat(201), newPw2: 'x'.repeat(201) },
        user.token,
      );
      expectRefused(long, 400);
      expect(long.body.errors?.newPw).toEqual([de('common.fieldTooLong', { n: 200 })]);
    });

    test('needs a logged-in user', async () => {
      const body = { currentPw: defaultPassword, newPw: 'Neu!2026x', newPw2: 'Neu!2026x' };
      expectRefused(await t.call(api.changePassword, body), 401);
      expectRefused(await t.call(api.changePassword, body, 'x'.repeat(43)), 401);
    });

    test('limits attempts per address to 10 a minute with 429 and Retry-After', async () => {
      const ip = randomIp();
      // Counted before the body is read: an incomplete body keeps the test free of hashing.
      const body = { currentPw: 'falsch' } as { currentPw: string; newPw: string; newPw2: string };
      for (let i = 0; i < 10; i++) {
        expect((await t.call(api.changePassword, body, user.token, { ip })).statusCode).toBe(400);
      }
      const limited = await t.call(api.changePassword, body, user.token, { ip });
      expectRefused(limited, 429);
      expect(limited.body.message).toMatch(/^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Sekunden erneut\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await t.call(api.changePassword, body, user.token, { ip: randomIp() })).statusCode).toBe(400);
    });
  });
});

describe('logout-all', () => {
  test("ends every session of the user, this one included, and no one else's", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const phone = await loginAgain(t, user.email);

    const res = await t.call(api.logoutEverywhere, {}, user.token);
    expectOk(res);
    expectRefused(await me(user.token), 401);
    expectRefused(await me(phone), 401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toHaveLength(0);
    expectOk(await me(other.token));

    expectRefused(await t.call(api.logoutEverywhere, {}, user.token), 401);
    expectOk(await me(await loginAgain(t, user.email)));
  });

  test('needs a logged-in user', async () => {
    expectRefused(await t.call(api.logoutEverywhere, {}), 401);
  });
});
