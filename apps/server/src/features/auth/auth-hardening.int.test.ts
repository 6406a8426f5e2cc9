import * as api from '@kontor/contract/api/auth';
import { translator } from '@kontor/contract/i18n/catalogs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { defaultPassword, registerOnly, requestReset, signUp, uniqueEmail } from '../../../test/fixtures';
import { linkIn, randomIp, startTestApp, type TestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import type { Background } from '../../background';
import { seedDemo } from '../../demo';
import { startMaintenance } from '../../maintenance';
import { setDisabled } from './auth.repo';
import { users, userTokens } from './auth.table';

const de = translator('de_sie');
const minute = 60_000;
const day = 24 * 60 * minute;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A JSON POST to an app built with other settings than the shared one (proxies, limits, background). */
const postJson = (
  app: FastifyInstance,
  url: string,
  body: object,
  remoteAddress = randomIp(),
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

const register = (email: string, password: string, firstname = 'Max') =>
  t.call(api.register, { firstname, name: 'Neu', email, password, password2: password });

describe('pre-registration hijack', () => {
  test("a second registration of an unconfirmed address gets its own link; the attacker's password never becomes the account's", async () => {
    const email = uniqueEmail('neue.kollegin');
    // The attacker registers the new hire's address first.
    expectOk(await register(email, 'Angreifer!2026', 'Zahlung: https://evil.example'));
    const attackerMail = (await t.newMails()).find((m) => m.to === email);
    expect(attackerMail?.text).not.toContain('evil');
    // The owner registers too and opens her own link.
    expectOk(await register(email, 'Inhaberin!2026', 'Nina'));
    const [ownerMail] = (await t.newMails()).filter((m) => m.to === email);
    const [, , user, token] = linkIn(ownerMail!).split('/');
    expectOk(await t.call(api.activate, { user: user ?? '', token: token ?? '' }));

    expectRefused(await t.call(api.login, { email, password: 'Angreifer!2026' }), 400);
    const owner = await t.call(api.login, { email, password: 'Inhaberin!2026' });
    expectOk(owner);
    expect(owner.body.user).toMatchObject({ firstname: 'Nina', name: 'Neu' });
    // The attacker's link died with the activation.
    const [, , , attackerToken] = linkIn(attackerMail!).split('/');
    expectRefused(await t.call(api.activate, { user: user ?? '', token: attackerToken ?? '' }), 400);
  });

  test('the first registrant keeps her own link working when someone registers the address after her', async () => {
    const email = uniqueEmail('erste');
    const first = await registerOnly(t, { email, password: 'Erste!2026x' });
    expectOk(await register(email, 'Zweiter!2026'));
    await t.newMails();
    expectOk(await t.call(api.activate, { user: first.user, token: first.token }));
    expectOk(await t.call(api.login, { email, password: 'Erste!2026x' }));
    expectRefused(await t.call(api.login, { email, password: 'Zweiter!2026' }), 400);
  });

  test('never-activated accounts are purged once every activation link has expired', async () => {
    const email = uniqueEmail('verwaist');
    const { user } = await registerOnly(t, { email });
    const maintenance = startMaintenance(t.deps, () => {});
    maintenance.stop();
    t.clock.advance(6 * day);
    await maintenance.run();
    expect(await t.db.select().from(users).where(eq(users.id, user))).toHaveLength(1);
    t.clock.advance(day + minute);
    await maintenance.run();
    expect(await t.db.select().from(users).where(eq(users.id, user))).toHaveLength(0);
    // The address is free: a new registration makes a new account with a working link.
    const again = await registerOnly(t, { email });
    expect(again.user).not.toBe(user);
    expectOk(await t.call(api.activate, { user: again.user, token: again.token }));
  });
});

describe('login throttling', () => {
  test('counts each attempt before checking it: of 40 parallel wrong guesses only 5 are evaluated', async () => {
    // The route's per-address limit (20 a minute) is lifted here, so the login limiter stands alone.
    const app = await buildApp({ ...t.deps, config: { ...t.deps.config, rateLimitFactor: 10 } });
    try {
      const victim = await signUp(t);
      const ip = randomIp();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          postJson(app, api.login.path, { email: victim.email, password: `falsch-${i}` }, ip),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 400)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(35);
    } finally {
      await app.close();
    }
    t.clock.advance(16 * minute);
  });

  test('slows guesses from rotating addresses per account, without a hard lockout', async () => {
    const victim = await signUp(t);
    for (let i = 0; i < 10; i++) {
      const wrong = await t.call(api.login, { email: victim.email, password: `falsch-${i}` });
      expect(wrong.statusCode).toBe(400);
    }
    const slowed = await t.call(api.login, { email: victim.email, password: defaultPassword });
    expectRefused(slowed, 429);
    expect(slowed.body.message).toBe(de('auth.tooManyAttemptsSeconds', { seconds: 1 }));
    expect(slowed.headers['retry-after']).toBe('1');
    t.clock.advance(1_000);
    // The owner, after the short delay, logs in, and that forgets the failures.
    expectOk(await t.call(api.login, { email: victim.email, password: defaultPassword }));
    expect((await t.call(api.login, { email: victim.email, password: 'falsch' })).statusCode).toBe(400);
  });

  test('behind one proxy (TRUST_PROXY=1) the address a client writes into X-Forwarded-For is not believed', async () => {
    const app = await buildApp({ ...t.deps, config: { ...t.deps.config, trustProxy: 1 } });
    try {
      const victim = await signUp(t);
      const victimIp = '203.0.113.7';
      const attackerIp = '198.51.100.9';
      const viaProxy = (password: string, forwardedFor: string) =>
        postJson(app, api.login.path, { email: victim.email, password }, '10.0.0.1', {
          'x-forwarded-for': forwardedFor,
        });
      // The attacker claims the victim's address; the proxy appends the real one.
      for (let i = 0; i < 5; i++) expect((await viaProxy('falsch', `${victimIp}, ${attackerIp}`)).statusCode).toBe(400);
      expect((await viaProxy('falsch', `${victimIp}, ${attackerIp}`)).statusCode).toBe(429);
      // The victim, from her real address, is not locked out.
      expect((await viaProxy(defaultPassword, victimIp)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  test('with the proxy named by address, a client reaching the server directly cannot spoof its address', async () => {
    const app = await buildApp({ ...t.deps, config: { ...t.deps.config, trustProxy: ['10.0.0.1'] } });
    try {
      const victim = await signUp(t);
      const direct = (password: string, forwardedFor: string) =>
        postJson(app, api.login.path, { email: victim.email, password }, '198.51.100.20', {
          'x-forwarded-for': forwardedFor,
        });
      for (let i = 0; i < 5; i++) await direct('falsch', `203.0.113.${i}`);
      // Five different claimed addresses, one real one: the pair is locked.
      expect((await direct('falsch', '203.0.113.99')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
    t.clock.advance(16 * minute);
  });
});

describe('forgot-pw', () => {
  test('answers before it looks the address up, so a known address cannot be told by its timing', async () => {
    const known = await signUp(t);
    const queued: Array<() => Promise<unknown>> = [];
    const background: Background = { run: (_name, task) => queued.push(task), idle: async () => {} };
    const app = await buildApp({ ...t.deps, background });
    try {
      const ask = (email: string) => postJson(app, api.forgotPw.path, { email });
      const a = await ask(known.email);
      const b = await ask(uniqueEmail('unbekannt'));
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      // The answer is out, and nothing has been looked up or written yet.
      expect(queued).toHaveLength(2);
      const tokens = () => t.db.select().from(userTokens).where(eq(userTokens.userId, known.userId));
      expect((await tokens()).filter((r) => r.kind === 'reset')).toHaveLength(0);
      for (const task of queued) await task();
      expect((await tokens()).filter((r) => r.kind === 'reset')).toHaveLength(1);
      const mails = (await t.newMails()).filter((m) => m.to === known.email);
      expect(mails).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe('new passwords (NIST SP 800-63B)', () => {
  test('registration, reset and change refuse short and common passwords with a German reason', async () => {
    const reg = await register(uniqueEmail('pw'), 'passwort123');
    expectRefused(reg, 400);
    expect(reg.body.errors?.password).toEqual([de('auth.passwordTooCommon')]);
    const short = await register(uniqueEmail('pw'), 'Ab1!xyz');
    expect(short.body.errors?.password).toEqual([de('auth.passwordTooShort', { n: 8 })]);

    const user = await signUp(t);
    const link = await requestReset(t, user.email);
    const common = await t.call(api.forgotPwReset, { ...link, password: 'Password1', password2: 'Password1' });
    expectRefused(common, 400);
    expect(common.body.errors?.password).toEqual([de('auth.passwordTooCommon')]);
    const own = await t.call(api.forgotPwReset, { ...link, password: user.email, password2: user.email });
    expect(own.body.errors?.password).toEqual([de('auth.passwordTooCommon')]);
  });
});

describe('disabled accounts', () => {
  test('a disabled account loses its sessions at once, cannot log in, and no password reset clears it', async () => {
    const user = await signUp(t);
    const link = await requestReset(t, user.email);
    await setDisabled(t.db, user.email, true, t.clock.now());

    expectRefused(await t.call(api.me, {}, user.token), 401);
    const login = await t.call(api.login, { email: user.email, password: defaultPassword });
    expectRefused(login, 403);
    expect(login.body.message).toBe(de('auth.accountDisabled'));
    // A wrong password still says only "wrong": the state is told after the right one.
    expect((await t.call(api.login, { email: user.email, password: 'falsch-123' })).body.message).toBe(
      de('auth.loginFailed'),
    );

    // A link asked for earlier still sets a password, but the account stays disabled …
    expectOk(await t.call(api.forgotPwReset, { ...link, password: 'Neu!Sicher9', password2: 'Neu!Sicher9' }));
    expectRefused(await t.call(api.login, { email: user.email, password: 'Neu!Sicher9' }), 403);
    // … and no new link is sent.
    expectOk(await t.call(api.forgotPw, { email: user.email }));
    expect((await t.newMails()).filter((m) => m.to === user.email)).toHaveLength(0);

    await setDisabled(t.db, user.email, false, t.clock.now());
    expectOk(await t.call(api.login, { email: user.email, password: 'Neu!Sicher9' }));
  });
});

describe('demo account', () => {
  // Its own app and the demo seed: a loaded machine needs longer than one call's limit.
  test('in production it gets a random password, never the published one', async () => {
    const fresh = await startTestApp({ config: { production: true } });
    try {
      const login = await seedDemo(fresh.deps);
      expect(login?.email).toBe('demo@kontor.local');
      expect(login?.password).not.toBe('kontor-demo');
      expect(login?.password.length).toBeGreaterThanOrEqual(16);
      expectRefused(await fresh.call(api.login, { email: 'demo@kontor.local', password: 'kontor-demo' }), 400);
      expectOk(await fresh.call(api.login, { email: 'demo@kontor.local', password: login?.password ?? '' }));
      // Only on an empty database.
      expect(await seedDemo(fresh.deps)).toBeNull();
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
