import { randomBytes } from 'node:crypto';
import * as accountApi from '@kontor/contract/api/account';
import * as authApi from '@kontor/contract/api/auth';
import * as envApi from '@kontor/contract/api/environments';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultPassword, uniqueEmail, userWithEnvironment } from '../test/fixtures';
import { startTestApp, type TestApp } from '../test/harness';
import { buildApp } from './app';
import { createDeps } from './bootstrap';
import { testConfig } from './config';

/**
 * Two server processes on one database and one Redis (REDIS_URL), requests alternating between
 * them: what one process learns (a failed login, a rate-limited address, a revoked session, a
 * changed password) holds on the other at the very next request.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('two processes behind one database and one Redis', () => {
  let t: TestApp;
  const clients: Redis[] = [];
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    const prefix = `kontor-test:${randomBytes(6).toString('hex')}:`;
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(redisUrl as string, { keyPrefix: prefix });
      clients.push(redis);
      const deps = await createDeps(testConfig(), { database: t.app.deps.database, redis, log: () => {} });
      apps.push(await buildApp(deps));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await Promise.all(clients.map((c) => c.quit()));
    await t.close();
  });

  /** The n-th request goes to process n % 2. */
  const post = async (n: number, path: string, body: object, token?: string, ip = '10.77.0.1') => {
    const app = apps[n % 2] as FastifyInstance;
    const res = await app.inject({
      method: 'POST',
      url: path,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() as { status: string; code?: string; token?: string } };
  };

  test('failed logins count across processes: the sixth guess is refused by either', async () => {
    const user = await userWithEnvironment(t);
    const answers: number[] = [];
    for (let n = 0; n < 7; n++)
      answers.push((await post(n, authApi.login.path, { email: user.email, password: 'falsch' })).status);
    expect(answers).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  test('a route rate limit counts across processes', async () => {
    const ip = '10.77.0.2';
    const answers: number[] = [];
    // forgot-pw allows 20 per minute and address.
    for (let n = 0; n < 22; n++)
      answers.push((await post(n, authApi.forgotPw.path, { email: uniqueEmail() }, undefined, ip)).status);
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(answers.slice(20)).toEqual([429, 429]);
  });

  test('a session ended on one process is refused by the other at the next request', async () => {
    const user = await userWithEnvironment(t);
    const login = await post(
      0,
      authApi.login.path,
      { email: user.email, password: defaultPassword },
      undefined,
      '10.77.0.3',
    );
    const token = login.body.token as string;
    expect((await post(1, authApi.me.path, {}, token)).status).toBe(200);
    expect((await post(0, authApi.logout.path, {}, token)).status).toBe(200);
    expect((await post(1, authApi.me.path, {}, token)).status).toBe(401);
  });

  test('a password change on one process ends the other sessions on both', async () => {
    const user = await userWithEnvironment(t);
    const other = (
      await post(1, authApi.login.path, { email: user.email, password: defaultPassword }, undefined, '10.77.0.4')
    ).body.token as string;
    expect((await post(0, envApi.listEnvironments.path, {}, other)).status).toBe(200);
    const changed = await post(
      0,
      accountApi.changePassword.path,
      { currentPw: defaultPassword, newPw: 'Neu-Sicher!2027', newPw2: 'Neu-Sicher!2027' },
      user.token,
    );
    expect(changed.status).toBe(200);
    expect((await post(1, envApi.listEnvironments.path, {}, other)).status).toBe(401);
    expect((await post(0, envApi.listEnvironments.path, {}, other)).status).toBe(401);
    expect((await post(1, envApi.listEnvironments.path, {}, user.token)).status).toBe(200);
  });
});
