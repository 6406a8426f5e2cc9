import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, test } from 'vitest';
import { createLoginLimiter, type LoginLimiter } from './login-limiter';
import { createRedisLoginLimiter } from './login-limiter.redis';

const clock = () => {
  let t = Date.parse('2026-11-24T10:00:00Z');
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
};

// The same rules in memory (one process) and in Redis (shared by processes; with TEST_REDIS_URL).
const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl, { keyPrefix: `kontor-test:${randomBytes(6).toString('hex')}:` }) : null;
const scopedClients: Redis[] = [];
afterAll(async () => {
  await Promise.all(scopedClients.map((c) => c.quit()));
  await redis?.quit();
});

const kinds: Array<[string, (now: () => Date) => LoginLimiter]> = [['in memory', (now) => createLoginLimiter(now)]];
if (redis) {
  // Each limiter its own key space, as each test's fresh in-memory limiter has.
  let n = 0;
  kinds.push([
    'in Redis',
    (now) => {
      n++;
      const scoped = redis.duplicate({ keyPrefix: `${redis.options.keyPrefix}${n}:` });
      scopedClients.push(scoped);
      return createRedisLoginLimiter(scoped, now);
    },
  ]);
}

describe.each(kinds)('login limiter %s', (_kind, createLoginLimiter) => {
  test('admits five attempts of one account and address, then waits out the window', async () => {
    const c = clock();
    const limiter = createLoginLimiter(c.now);
    for (let i = 0; i < 5; i++) expect(await limiter.begin('a@x.de', '10.0.0.1')).toBe(0);
    expect(await limiter.begin('a@x.de', '10.0.0.1')).toBe(15 * 60);
    c.advance(15 * 60_000);
    expect(await limiter.begin('a@x.de', '10.0.0.1')).toBe(0);
  });

  test('counts an attempt before its password is checked: parallel guesses get no extra tries', async () => {
    const limiter = createLoginLimiter(clock().now);
    const answers = await Promise.all(Array.from({ length: 40 }, () => limiter.begin('a@x.de', '10.0.0.1')));
    expect(answers.filter((w) => w === 0)).toHaveLength(5);
  });

  test('slows guesses from rotating addresses down by a doubling delay, without locking the account', async () => {
    const c = clock();
    const limiter = createLoginLimiter(c.now);
    for (let i = 0; i < 10; i++) expect(await limiter.begin('a@x.de', `10.0.1.${i}`)).toBe(0);
    // The 11th attempt, from yet another address, waits 1 s; the next 2 s, 4 s … up to 60 s.
    expect(await limiter.begin('a@x.de', '10.0.2.1')).toBe(1);
    c.advance(1_000);
    expect(await limiter.begin('a@x.de', '10.0.2.1')).toBe(0);
    expect(await limiter.begin('a@x.de', '10.0.2.2')).toBe(2);
    c.advance(2_000);
    expect(await limiter.begin('a@x.de', '10.0.2.3')).toBe(0);
    expect(await limiter.begin('a@x.de', '10.0.2.4')).toBe(4);
    for (let i = 0; i < 10; i++) {
      c.advance(60_000);
      expect(await limiter.begin('a@x.de', `10.0.3.${i}`)).toBe(0);
    }
    expect(await limiter.begin('a@x.de', '10.0.4.1')).toBe(60);
    // Other accounts are not affected.
    expect(await limiter.begin('b@x.de', '10.0.4.1')).toBe(0);
  });

  test('a successful login forgets the failures of the account', async () => {
    const c = clock();
    const limiter = createLoginLimiter(c.now);
    for (let i = 0; i < 12; i++) await limiter.begin('a@x.de', `10.0.1.${i}`);
    c.advance(60_000);
    expect(await limiter.begin('a@x.de', '10.9.9.9')).toBe(0);
    await limiter.succeed('a@x.de', '10.9.9.9');
    for (let i = 0; i < 10; i++) expect(await limiter.begin('a@x.de', `10.0.5.${i}`)).toBe(0);
  });
});
