import zlib from 'node:zlib';
import { login } from '@kontor/contract/api/auth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { bodyLimitBytes } from '../app';
import { zerosDeflated } from './testing/bombs';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * A request body sent compressed is inflated by @fastify/compress as it is read, and Fastify's
 * body limit counts the inflated bytes: a gzip bomb ends at the limit (issue 28 item 1).
 */
describe('compressed request bodies', () => {
  test.each([
    ['deflate', '1 GiB', () => zerosDeflated(1024)],
    ['gzip', '64 MiB', () => zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 })],
  ] as const)('a %s body that inflates to %s is refused at the body limit, fast', async (encoding, _size, bomb) => {
    const zipped = bomb();
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: login.path,
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      payload: zipped,
    });
    expect(res.statusCode).toBe(413);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(bodyLimitBytes).toBeLessThanOrEqual(1024 * 1024);
  });
});
