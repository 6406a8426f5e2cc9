import type net from 'node:net';
import * as envApi from '@kontor/contract/api/environments';
import * as filesApi from '@kontor/contract/api/files';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uploadId } from '../../test/files';
import { userWithEnvironment } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { drainBounds } from './body-drain';
import { type WireOutcome, type WireRequest, wireClient } from './wire-client';

const de = translator('de_sie');
const MiB = 1024 * 1024;

const t: TestApp = await startTestApp();
const client = wireClient();
let port = 0;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await client.close();
  await t.close();
});

const send = (request: Omit<WireRequest, 'port'>) => client.send({ port, ...request });

/** A complete answer with `status` and `envelope` reached the client, and nothing broke before or after it. */
const expectAnswered = (outcome: WireOutcome, status: number, envelope: object, where: string) => {
  const what = `${where}: ${outcome.error ?? 'no error'} after ${outcome.sent} bytes`;
  expect(outcome.answer?.status, what).toBe(status);
  expect(JSON.parse(outcome.answer?.body ?? '{}'), what).toEqual(envelope);
  expect(outcome.error, what).toBeUndefined();
};

const tooLarge = { status: 'error', code: 'too_large', message: de('common.payloadTooLarge') };

describe('an oversized body is answered 413, and the answer reaches the client', () => {
  test('a JSON call, 4 MiB with Content-Length and chunked without a length, 50 times each', async () => {
    for (let i = 0; i < 50; i++) {
      for (const chunked of [false, true]) {
        const outcome = await send({ path: envApi.listEnvironments.path, size: 4 * MiB, chunked });
        expectAnswered(outcome, 413, tooLarge, `${chunked ? 'chunked' : 'declared'} #${i}`);
        // The server still closes the connection after a refused body, but cleanly.
        expect(outcome.answer?.headers.connection).toBe('close');
      }
    }
  }, 120_000);

  test('ten at once', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send({ path: envApi.listEnvironments.path, size: 3 * MiB, chunked: i % 2 === 0 }),
      ),
    );
    for (const [i, o] of outcomes.entries()) expectAnswered(o, 413, tooLarge, `#${i}`);
  });

  describe('the local upload link, a body above its signed size', () => {
    const link = async () => {
      const u = await userWithEnvironment(t);
      const prepared = await t.call(
        filesApi.prepareUpload,
        { _env: u.env, id: uploadId(), filename: 'a.txt', filesize: 1000, filetype: 'text/plain' },
        u.token,
      );
      const id = prepared.body.data?.file as string;
      const started = await t.call(filesApi.startUpload, { _env: u.env, id }, u.token);
      const url = new URL(started.body.data?.uploadUrl as string);
      return { path: `${url.pathname}${url.search}`, headers: started.body.data?.headers ?? {} };
    };
    const refused = { status: 'error', message: de('files.tooLarge') };

    test('declared: refused before a byte is read, 20 times', async () => {
      const { path, headers } = await link();
      for (let i = 0; i < 20; i++) {
        const outcome = await send({ method: 'PUT', path, headers, size: 4 * MiB });
        expectAnswered(outcome, 413, refused, `#${i}`);
      }
    });

    test('chunked: refused while reading', async () => {
      const { path, headers } = await link();
      for (let i = 0; i < 20; i++) {
        const outcome = await send({ method: 'PUT', path, headers, size: 4 * MiB, chunked: true });
        expectAnswered(outcome, 413, refused, `#${i}`);
      }
    });
  });

  test('far beyond the drain bound the server stops reading and closes after the answer', async () => {
    // 1 GiB as fast as the socket takes it: the byte bound ends it.
    const fast = await send({ path: envApi.listEnvironments.path, size: 1024 * MiB });
    expect(fast.sent).toBeLessThan(drainBounds.bytes + 64 * MiB);
    expect(fast.tookMs).toBeLessThan(drainBounds.ms);
    // 1 GiB slowly, declared (refused at once) and chunked (refused after the 1 MiB limit): the time bound ends both.
    const [declared, chunked] = await Promise.all([
      send({ path: envApi.listEnvironments.path, size: 1024 * MiB, chunk: 1024, pauseMs: 20 }),
      send({ path: envApi.listEnvironments.path, size: 1024 * MiB, chunked: true, chunk: 16 * 1024, pauseMs: 20 }),
    ]);
    for (const slow of [declared, chunked]) {
      expect(slow.sent).toBeLessThan(drainBounds.bytes);
      expect(slow.tookMs).toBeGreaterThan(drainBounds.ms - 500);
      expect(slow.tookMs).toBeLessThan(drainBounds.ms + 8000);
    }
    // The server may close while the client still writes; what arrived is the whole 413.
    for (const o of [fast, declared, chunked]) {
      if (o.answer) expect(JSON.parse(o.answer.body)).toEqual(tooLarge);
    }
    expect((await t.get('/healthz')).statusCode).toBe(200);
  }, 60_000);
});
