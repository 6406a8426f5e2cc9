import { createHash } from 'node:crypto';
import * as api from '@kontor/contract/api/auth';
import { translator } from '@kontor/contract/i18n/catalogs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../../../test/assertions';
import { defaultPassword, loginAgain, registerOnly, requestReset, signUp, uniqueEmail } from '../../../test/fixtures';
import { linkIn, randomIp, startTestApp, type TestApp } from '../../../test/harness';
import { sessions, users, userTokens } from './auth.table';

const de = translator('de_sie');
const minute = 60_000;
const day = 24 * 60 * minute;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let t: TestApp;
/** One activated user most read-only tests share (sign-ups cost argon2 time). */
let erika: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await startTestApp();
  erika = await signUp(t);
});
afterAll(() => t.close());

const me = (token: string) => t.call(api.me, {}, token);

describe('login', () => {
  test('answers token and user at the top level', async () => {
    const res = await t.call(api.login, { email: erika.email, password: defaultPassword });
    expectOk(res);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.data).toBeUndefined();
    expect(res.body.user).toMatchObject({ _id: erika.userId, email: erika.email, firstname: 'Erika', is_active: true });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password_hash/);
  });

  test('accepts the address in any letter case and with surrounding spaces', async () => {
    const res = await t.call(api.login, { email: `  ${erika.email.toUpperCase()} `, password: defaultPassword });
    expectOk(res);
  });

  test('gives a new 256-bit token on every login and each one works', async () => {
    const a = await loginAgain(t, erika.email);
    const b = await loginAgain(t, erika.email);
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expectOk(await me(a));
    expectOk(await me(b));
  });

  test('keeps only the SHA-256 of a session token in the sessions table', async () => {
    const token = await loginAgain(t, erika.email);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, erika.userId));
    expect(rows.map((r) => r.tokenHash)).toContain(sha256(token));
    const dump = JSON.stringify(await t.asSuperuser(sql`select * from sessions`));
    expect(dump).not.toContain(token);
  });

  test('refuses a wrong password with the spec message', async () => {
    const res = await t.call(api.login, { email: erika.email, password: 'falsch' });
    expectRefused(res, 400);
    expect(res.body.message).toBe(
      'Login fehlgeschlagen: Die angegebene Kombination aus E-Mail und Passwort ist ungültig',
    );
    expect(res.body.token).toBeUndefined();
  });

  test('answers an unknown address exactly like a wrong password', async () => {
    const wrong = await t.call(api.login, { email: erika.email, password: 'falsch-123' });
    const unknown = await t.call(api.login, { email: uniqueEmail('niemand'), password: 'falsch-123' });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toEqual(wrong.body);
  });

  test('spends a password check on an unknown address, so its answer takes as long as a wrong password', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      await t.call(api.login, { email, password: 'falsch-123' });
      return performance.now() - started;
    };
    await timed(uniqueEmail('warm')); // the dummy hash is made on first use
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const known: number[] = [];
    const unknown: number[] = [];
    // Seven pairs: a median of three was swayed by one slow sample on a busy machine.
    for (let i = 0; i < 7; i++) {
      known.push(await timed(erika.email));
      unknown.push(await timed(uniqueEmail('niemand')));
    }
    // Without the dummy verify an unknown address answers ~20× faster (one indexed read).
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  test('refuses blank address or password with the login message', async () => {
    for (const body of [
      { email: '', password: defaultPassword },
      { email: erika.email, password: '' },
      { email: '   ', password: '   ' },
    ]) {
      const res = await t.call(api.login, body);
      expectRefused(res, 400);
      expect(res.body.message).toBe(de('auth.loginFailed'));
    }
  });

  test('tells a not-activated account so clearly, but only after the right password', async () => {
    const { email } = await registerOnly(t);
    const wrong = await t.call(api.login, { email, password: 'falsch-123' });
    expect(wrong.body.message).toBe(de('auth.loginFailed'));
    const right = await t.call(api.login, { email, password: defaultPassword });
    expectRefused(right, 403);
    expect(right.body.message).toBe(de('auth.notActivated'));
    expect(right.body.token).toBeUndefined();
  });

  test('locks one account and address after 5 failures with 429 and Retry-After, while another address still works', async () => {
    const victim = await signUp(t);
    const attacker = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await t.call(api.login, { email: victim.email, password: `falsch-${i}` }, undefined, {
        ip: attacker,
      });
      expect(res.statusCode).toBe(400);
    }
    // Locked even with the right password, so guessing on cannot find it.
    const locked = await t.call(api.login, { email: victim.email, password: defaultPassword }, undefined, {
      ip: attacker,
    });
    expectRefused(locked, 429);
    expect(locked.body.message).toBe(de('auth.tooManyFailedLogins', { minutes: 15 }));
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The address in other letter case is the same account.
    const upper = await t.call(api.login, { email: victim.email.toUpperCase(), password: defaultPassword }, undefined, {
      ip: attacker,
    });
    expect(upper.statusCode).toBe(429);

    // The owner from another address, and another account from the attacker's address, still log in.
    expectOk(
      await t.call(api.login, { email: victim.email, password: defaultPassword }, undefined, { ip: randomIp() }),
    );
    expectOk(await t.call(api.login, { email: erika.email, password: defaultPassword }, undefined, { ip: attacker }));

    t.clock.advance(15 * minute);
    expectOk(await t.call(api.login, { email: victim.email, password: defaultPassword }, undefined, { ip: attacker }));
  });

  test('forgets earlier failures after a successful login', async () => {
    const ip = randomIp();
    for (let i = 0; i < 4; i++) await t.call(api.login, { email: erika.email, password: 'falsch' }, undefined, { ip });
    expectOk(await t.call(api.login, { email: erika.email, password: defaultPassword }, undefined, { ip }));
    for (let i = 0; i < 4; i++) {
      const res = await t.call(api.login, { email: erika.email, password: 'falsch' }, undefined, { ip });
      expect(res.statusCode).toBe(400);
    }
  });

  test('counts failures for unknown addresses too', async () => {
    const ip = randomIp();
    const email = uniqueEmail('raten');
    for (let i = 0; i < 5; i++) await t.call(api.login, { email, password: 'falsch' }, undefined, { ip });
    expect((await t.call(api.login, { email, password: 'falsch' }, undefined, { ip })).statusCode).toBe(429);
  });

  test('a session ends after 30 days', async () => {
    const token = await loginAgain(t, erika.email);
    t.clock.advance(29 * day);
    expectOk(await me(token));
    t.clock.advance(day + minute);
    expectRefused(await me(token), 401);
    // Erika's shared token is as old: give the rest of the file a fresh one.
    erika.token = await loginAgain(t, erika.email);
  });
});

describe('register', () => {
  test('creates an inactive account and mails the activation link /activate/{user}/{token}', async () => {
    const email = uniqueEmail('anna');
    const res = await t.call(api.register, {
      firstname: 'Anna',
      name: 'Schäfer',
      email,
      password: defaultPassword,
      password2: defaultPassword,
    });
    expectOk(res);
    expect(res.body.data).toBeUndefined();
    // The account is written after the answer (so a new address answers as fast as a known one).
    await t.deps.background.idle();
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ firstname: 'Anna', name: 'Schäfer', isActive: false });

    const mails = await t.newMails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toBe(email);
    expect(mail?.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    // The address is not yet confirmed: no name the registrant typed is repeated to it.
    expect(mail?.text).toMatch(/^Guten Tag,\n/);
    expect(mail?.text).not.toContain('Anna');
    expect(mail?.html).not.toContain('Anna');
    expect(mail?.text).toContain('Der Link ist 7 Tage gültig.');
    const link = linkIn(mail!);
    expect(link).toMatch(new RegExp(`^/activate/${row?.id}/[A-Za-z0-9_-]{43}$`));
    expect(mail?.html).toContain(`href="http://kontor.test${link}"`);
  });

  test('stores the password as an argon2id PHC string with m=19456, t=2, p=1', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.id, erika.userId));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(row?.passwordHash).not.toContain(defaultPassword);
  });

  test('keeps activation tokens only as SHA-256', async () => {
    const { user, token } = await registerOnly(t);
    const rows = await t.db.select().from(userTokens).where(eq(userTokens.userId, user));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test('answers a registered address exactly like a new one and mails the owner instead', async () => {
    const body = { firstname: 'Eve', name: 'Fremd', password: 'anders-123', password2: 'anders-123' };
    const fresh = await t.call(api.register, { ...body, email: uniqueEmail('frisch') });
    await t.newMails();
    const known = await t.call(api.register, { ...body, email: erika.email.toUpperCase() });
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.body).toEqual(fresh.body);

    const count = await t.db.select({ id: users.id }).from(users).where(eq(users.email, erika.email));
    expect(count).toHaveLength(1);
    const [mail, ...more] = await t.newMails();
    expect(more).toHaveLength(0);
    expect(mail?.to).toBe(erika.email);
    expect(mail?.subject).toBe(de('mail.alreadyRegisteredSubject'));
    expect(mail?.text).toContain('Hallo Erika,');
    expect(linkIn(mail!)).toBe('/forgot-pw');
    // The stranger's password did not replace the owner's.
    expectOk(await t.call(api.login, { email: erika.email, password: defaultPassword }));
    expectRefused(await t.call(api.login, { email: erika.email, password: 'anders-123' }), 400);
  });

  test('treats addresses case-insensitively: one account per address', async () => {
    const local = `Gross.Klein.${Date.now()}`;
    const first = await registerOnly(t, { email: `${local}@Example.DE` });
    expect(first.email).toBe(`${local.toLowerCase()}@example.de`);
    await t.call(api.register, {
      firstname: 'X',
      name: 'Y',
      email: `${local.toUpperCase()}@EXAMPLE.de`,
      password: defaultPassword,
      password2: defaultPassword,
    });
    const rows = await t.db.select().from(users).where(eq(users.email, first.email));
    expect(rows).toHaveLength(1);
  });

  test('re-sends the activation mail for a registered but not activated address', async () => {
    const { email, token: first } = await registerOnly(t);
    const again = await registerOnly(t, { email: email.toUpperCase() });
    expect(again.token).not.toBe(first);
    expectOk(await t.call(api.activate, { user: again.user, token: again.token }));
  });

  test('names every missing or invalid field with the registration message, and creates nothing', async () => {
    const email = uniqueEmail('fehler');
    const res = await t.call(api.register, {
      firstname: ' ',
      name: '',
      email: 'kein-at',
      password: '123',
      password2: '1234',
    });
    expectRefused(res, 400);
    expect(res.body.message).toBe(de('auth.registerFailed'));
    expect(res.body.errors).toEqual({
      firstname: [de('common.fieldRequired')],
      name: [de('common.fieldRequired')],
      email: [de('auth.emailInvalid')],
      password: [de('auth.passwordTooShort', { n: 8 })],
      password2: [de('auth.passwordsDiffer')],
    });
    const empty = await t.call(api.register, {
      firstname: 'A',
      name: 'B',
      email: '',
      password: defaultPassword,
      password2: defaultPassword,
    });
    expect(empty.body.errors).toEqual({ email: [de('common.fieldRequired')] });
    const differ = await t.call(api.register, {
      firstname: 'A',
      name: 'B',
      email,
      password: defaultPassword,
      password2: 'x',
    });
    expect(differ.body.errors).toEqual({ password2: [de('auth.passwordsDiffer')] });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await t.newMails()).toHaveLength(0);
  });

  test('refuses over-long fields with the limit in the message', async () => {
    const res = await t.call(api.register, {
      firstname: 'x'.repeat(101),
      name: 'y',
      email: `${'a'.repeat(250)}@example.de`,
      password: 'p'.repeat(201),
      password2: 'p',
    });
    expectRefused(res, 400);
    expect(res.body.errors?.firstname).toEqual([de('common.fieldTooLong', { n: 100 })]);
    expect(res.body.errors?.email).toEqual([de('common.fieldTooLong', { n: 254 })]);
    expect(res.body.errors?.password).toEqual([de('common.fieldTooLong', { n: 200 })]);
  });

  test('simultaneous registrations of one new address create one account and all answer alike', async () => {
    // On PostgreSQL these race for the unique index (PGlite runs transactions one at a time).
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail('gleichzeitig');
      const body = { firstname: 'A', name: 'B', email, password: defaultPassword, password2: defaultPassword };
      const answers = await Promise.all([
        t.call(api.register, body),
        t.call(api.register, { ...body, email: email.toUpperCase() }),
        t.call(api.register, body),
      ]);
      for (const res of answers) expectOk(res);
      expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
      await t.deps.background.idle();
      expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    }
    await t.newMails();
  });
});

describe('activate', () => {
  test('activates the account with the link from the mail, once', async () => {
    const { email, user, token } = await registerOnly(t);
    const res = await t.call(api.activate, { user, token });
    expectOk(res);
    expect(res.body.message).toBe(de('auth.activatedText'));
    const [row] = await t.db.select().from(users).where(eq(users.id, user));
    expect(row?.isActive).toBe(true);
    expect(row?.activatedAt).toBeInstanceOf(Date);
    expectOk(await t.call(api.login, { email, password: defaultPassword }));

    const again = await t.call(api.activate, { user, token });
    expectRefused(again, 400);
    expect(again.body.message).toBe(de('auth.activationLinkInvalid'));
  });

  test('refuses a link older than 7 days; a new registration mails a fresh one', async () => {
    const { email, user, token } = await registerOnly(t);
    t.clock.advance(7 * day + minute);
    const late = await t.call(api.activate, { user, token });
    expectRefused(late, 400);
    expect(late.body.message).toBe(de('auth.activationLinkInvalid'));
    expectRefused(await t.call(api.login, { email, password: defaultPassword }), 403);

    const fresh = await registerOnly(t, { email });
    t.clock.advance(7 * day - minute);
    expectOk(await t.call(api.activate, { user: fresh.user, token: fresh.token }));
    // The shared session would be too old after this jump.
    erika.token = await loginAgain(t, erika.email);
  });

  test("refuses a wrong token, another user's token and a malformed user id alike", async () => {
    const a = await registerOnly(t);
    const b = await registerOnly(t);
    for (const body of [
      { user: a.user, token: `${a.token.slice(0, -2)}xx` },
      { user: a.user, token: b.token },
      { user: 'kein-uuid', token: a.token },
      { user: '00000000-0000-4000-8000-000000000000', token: a.token },
      { user: a.user, token: 'x' },
    ]) {
      const res = await t.call(api.activate, body);
      expectRefused(res, 400);
      expect(res.body.message).toBe(de('auth.activationLinkInvalid'));
    }
    // Nothing was spent: both links still work.
    expectOk(await t.call(api.activate, a));
    expectOk(await t.call(api.activate, { user: b.user, token: b.token }));
  });
});

describe('forgot-pw', () => {
  test('mails a reset link /reset-pw/{user}/{hash} valid for 1 hour', async () => {
    const res = await t.call(api.forgotPw, { email: ` ${erika.email.toUpperCase()} ` });
    expectOk(res);
    expect(res.body.message).toBe(de('auth.forgotSent', { email: erika.email }));
    const [mail, ...more] = await t.newMails();
    expect(more).toHaveLength(0);
    expect(mail?.to).toBe(erika.email);
    expect(mail?.subject).toBe('Passwort zurücksetzen');
    expect(mail?.text).toContain('Hallo Erika,');
    expect(mail?.text).toContain('Der Link ist 1 Stunde gültig.');
    expect(linkIn(mail!)).toMatch(new RegExp(`^/reset-pw/${erika.userId}/[A-Za-z0-9_-]{43}$`));
  });

  test('answers an unknown address exactly like a known one and sends nothing', async () => {
    const known = await t.call(api.forgotPw, { email: erika.email });
    await t.newMails();
    const email = uniqueEmail('unbekannt');
    const unknown = await t.call(api.forgotPw, { email });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toEqual({ ...known.body, message: de('auth.forgotSent', { email }) });
    expect(await t.newMails()).toHaveLength(0);
  });

  test('refuses an invalid address naming the field', async () => {
    for (const email of ['', 'kein-at', 'a@b', 'zwei@@beispiel.de']) {
      const res = await t.call(api.forgotPw, { email });
      expectRefused(res, 400);
      expect(res.body.errors?.email).toEqual([de('auth.emailInvalid')]);
    }
  });
});

describe('forgot-pw/check', () => {
  test('answers the user id and address of a live link', async () => {
    const link = await requestReset(t, erika.email);
    const res = await t.call(api.forgotPwCheck, link);
    expectOk(res);
    expect(res.body.data).toEqual({ _id: erika.userId, email: erika.email });
  });

  test('refuses a wrong hash, another user, a malformed id and an expired link with one message', async () => {
    const link = await requestReset(t, erika.email);
    for (const body of [
      { user: link.user, hash: 'falsch' },
      { user: '00000000-0000-4000-8000-000000000000', hash: link.hash },
      { user: 'kein-uuid', hash: link.hash },
    ]) {
      const res = await t.call(api.forgotPwCheck, body);
      expectRefused(res, 400);
      expect(res.body.message).toBe(de('auth.resetLinkInvalid'));
    }
    t.clock.advance(59 * minute);
    expectOk(await t.call(api.forgotPwCheck, link));
    t.clock.advance(2 * minute);
    const expired = await t.call(api.forgotPwCheck, link);
    expectRefused(expired, 400);
    expect(expired.body.message).toBe(de('auth.resetLinkInvalid'));
    expectRefused(await t.call(api.forgotPwReset, { ...link, password: 'Neu!12345', password2: 'Neu!12345' }), 400);
  });
});

describe('forgot-pw/reset', () => {
  test('sets the new password, ends every session and spends the link and all older ones', async () => {
    const user = await signUp(t);
    const otherDevice = await loginAgain(t, user.email);
    const older = await requestReset(t, user.email);
    const link = await requestReset(t, user.email);

    const res = await t.call(api.forgotPwReset, { ...link, password: 'Neu!12345', password2: 'Neu!12345' });
    expectOk(res);
    expect(res.body.message).toBe('Password erfolgreich zurückgesetzt');

    expectRefused(await me(user.token), 401);
    expectRefused(await me(otherDevice), 401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toHaveLength(0);
    expectRefused(await t.call(api.login, { email: user.email, password: defaultPassword }), 400);
    const token = await loginAgain(t, user.email, 'Neu!12345');
    const mine = await me(token);
    expect(mine.body.data?.password_changed_at).toBe(t.clock.now().toISOString());

    for (const used of [link, older]) {
      const again = await t.call(api.forgotPwReset, { ...used, password: 'Dritt!123', password2: 'Dritt!123' });
      expectRefused(again, 400);
      expect(again.body.message).toBe(de('auth.resetLinkInvalid'));
      expectRefused(await t.call(api.forgotPwCheck, used), 400);
    }
    expectRefused(await t.call(api.login, { email: user.email, password: 'Dritt!123' }), 400);
  });

  test('refuses a short or differing password and leaves the link usable', async () => {
    const user = await signUp(t);
    const link = await requestReset(t, user.email);
    const short = await t.call(api.forgotPwReset, { ...link, password: 'abc', password2: 'abc' });
    expectRefused(short, 400);
    expect(short.body.errors).toEqual({ password: [de('auth.passwordTooShort', { n: 8 })] });
    const blank = await t.call(api.forgotPwReset, { ...link, password: '      ', password2: '      ' });
    expect(blank.body.errors?.password).toEqual([de('auth.passwordTooShort', { n: 8 })]);
    const differ = await t.call(api.forgotPwReset, { ...link, password: 'Neu!12345', password2: 'Neu!12346' });
    expectRefused(differ, 400);
    expect(differ.body.errors).toEqual({ password2: [de('auth.passwordsDiffer')] });
    expectOk(await me(user.token));
    expectOk(await t.call(api.forgotPwReset, { ...link, password: 'Neu!12345', password2: 'Neu!12345' }));
  });

  test('activates a never-activated account, as the link proves the address', async () => {
    const { email } = await registerOnly(t);
    const link = await requestReset(t, email);
    expectOk(await t.call(api.forgotPwReset, { ...link, password: 'Neu!12345', password2: 'Neu!12345' }));
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.isActive).toBe(true);
    expectOk(await t.call(api.login, { email, password: 'Neu!12345' }));
  });

  test('refuses an expired link and keeps the old password', async () => {
    const user = await signUp(t);
    const link = await requestReset(t, user.email);
    t.clock.advance(61 * minute);
    const res = await t.call(api.forgotPwReset, { ...link, password: 'Neu!12345' });
    expectRefused(res, 400);
    expect(res.body.message).toBe(de('auth.resetLinkInvalid'));
    expectOk(await me(user.token));
    expectOk(await t.call(api.login, { email: user.email, password: defaultPassword }));
  });

  test('one link resets once even when two resets race', async () => {
    const user = await signUp(t);
    const link = await requestReset(t, user.email);
    const answers = await Promise.all([
      t.call(api.forgotPwReset, { ...link, password: 'Erstes!123' }),
      t.call(api.forgotPwReset, { ...link, password: 'Zweites!123' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? 'Erstes!123' : 'Zweites!123';
    expectOk(await t.call(api.login, { email: user.email, password: winner }));
  });
});

describe('logout', () => {
  test('revokes the token so its very next call fails, other sessions stay', async () => {
    const token = await loginAgain(t, erika.email);
    const res = await t.call(api.logout, {}, token);
    expectOk(res);
    const next = await me(token);
    expectRefused(next, 401);
    expect(next.body.message).toBe(de('common.unauthenticated'));
    expectRefused(await t.call(api.logout, {}, token), 401);
    expectOk(await me(erika.token));
  });

  test('refuses a missing, malformed or unknown token', async () => {
    for (const token of [undefined, 'kurz', 'x'.repeat(43), `${'y'.repeat(43)} extra`]) {
      const res = await t.call(api.logout, {}, token);
      expectRefused(res, 401);
    }
    const basic = await t.post(api.logout.path, {}, undefined, { authorization: `Basic ${erika.token}` });
    expectRefused(basic, 401);
  });
});

describe('me', () => {
  test('answers the session user', async () => {
    const res = await me(erika.token);
    expectOk(res);
    expect(res.body.data).toEqual({
      _id: erika.userId,
      email: erika.email,
      firstname: 'Erika',
      name: 'Mustermann',
      is_active: true,
      password_changed_at: null,
      created_at: expect.any(String),
    });
  });

  test('refuses a call without a token', async () => {
    expectRefused(await t.call(api.me, {}), 401);
  });
});
