import * as api from '@kontor/contract/api/auth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { defaultPassword, signUp, uniqueEmail } from '../../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('login', () => {
  test('answers token and user at the top level', async () => {
    const { email } = await signUp(t);
    const res = await t.call(api.login, { email: email.toUpperCase(), password: defaultPassword });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.user).toMatchObject({ email, firstname: 'Erika', is_active: true });
  });

  test('refuses a wrong password with the spec message', async () => {
    const { email } = await signUp(t);
    const res = await t.call(api.login, { email, password: 'falsch' });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(
      'Login fehlgeschlagen: Die angegebene Kombination aus E-Mail und Passwort ist ungültig',
    );
  });
});
