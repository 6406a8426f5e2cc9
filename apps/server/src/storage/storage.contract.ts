import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isStorageError, MiB, type MultipartUpload, type Storage, type StorageErrorCode } from './storage';

/**
 * What every driver must do, run against each (local-driver.int.test.ts, s3-driver.int.test.ts).
 * Signed URLs are exercised through real HTTP: the local driver's routes on a Fastify instance, S3's
 * presigned URLs against an S3 server, both on loopback ports.
 */
type DriverUnderTest = Readonly<{
  storage: Storage;
  /** Moves the clock the driver signs URLs with. */
  shiftClock: (ms: number) => void;
  close: () => Promise<void>;
}>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const readAll = async (body: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const refusal = async (promise: Promise<unknown>): Promise<StorageErrorCode | 'resolved' | 'other'> =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (isStorageError(error) ? error.code : 'other'),
  );

/** A PUT through node:http, so the test decides exactly which bytes go out (and when to cut off). */
const httpPut = (
  url: string,
  headers: Readonly<Record<string, string>>,
  body: Buffer,
  options: { contentLength?: number; cutAfter?: number } = {},
): Promise<{ status: number; text: string } | 'cut'> =>
  new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'PUT',
      headers: { ...headers, 'content-length': String(options.contentLength ?? body.length) },
    });
    req.on('response', (res) => {
      readAll(res).then((b) => resolve({ status: res.statusCode ?? 0, text: b.toString() }), reject);
    });
    if (options.cutAfter !== undefined) {
      req.on('error', () => resolve('cut'));
      req.write(body.subarray(0, options.cutAfter), () => setTimeout(() => req.destroy(), 50));
      return;
    }
    req.on('error', reject);
    req.end(body);
  });

const settle = () => new Promise((r) => setTimeout(r, 300));

export const storageContract = (name: string, start: () => Promise<DriverUnderTest>) => {
  describe(`storage contract: ${name}`, () => {
    let driver: DriverUnderTest;
    let storage: Storage;
    let prefix = 0;
    /** A fresh "environment" per test: keys never collide between tests. */
    const env = () => `env-${++prefix}-${randomBytes(3).toString('hex')}`;

    beforeAll(async () => {
      driver = await start();
      storage = driver.storage;
    });
    afterAll(async () => {
      await driver?.close();
    });

    test('stores, describes, reads, reads a range of and deletes an object', async () => {
      const key = `${env()}/file-1`;
      const put = await storage.put(key, Buffer.from('Hallo Welt'), { size: 10, contentType: 'text/plain' });
      expect(put).toMatchObject({ key, size: 10, contentType: 'text/plain' });
      const head = await storage.head(key);
      expect(head).toMatchObject({ key, size: 10, contentType: 'text/plain', etag: put.etag });
      expect((await readAll((await storage.get(key)).body)).toString()).toBe('Hallo Welt');
      const part = await storage.get(key, { start: 2, end: 5 });
      expect(part.range).toEqual({ start: 2, end: 5 });
      expect(part.info.size).toBe(10);
      expect((await readAll(part.body)).toString()).toBe('llo ');
      const tail = await storage.get(key, { start: 6 });
      expect((await readAll(tail.body)).toString()).toBe('Welt');
      expect(await refusal(storage.get(key, { start: 10 }))).toBe('invalid_range');
      await storage.delete(key);
      expect(await storage.head(key)).toBeUndefined();
      expect(await refusal(storage.get(key))).toBe('not_found');
      await storage.delete(key); // deleting twice is no error
    });

    test('streams a body without knowing its end, and a replacement changes the etag', async () => {
      const key = `${env()}/streamed`;
      const bytes = randomBytes(3 * MiB + 17);
      const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
        bytes.subarray(i * 65536, (i + 1) * 65536),
      );
      const first = await storage.put(key, Readable.from(chunks), {
        size: bytes.length,
        contentType: 'application/pdf',
      });
      expect(sha256(await readAll((await storage.get(key)).body))).toBe(sha256(bytes));
      const second = await storage.put(key, Buffer.from('x'), { size: 1, contentType: 'text/plain' });
      expect(second.etag).not.toBe(first.etag);
      expect(await storage.head(key)).toMatchObject({ size: 1, contentType: 'text/plain' });
    });

    test('refuses a body longer or shorter than declared and leaves the key as it was', async () => {
      const key = `${env()}/exact`;
      expect(await refusal(storage.put(key, Buffer.alloc(11), { size: 10, contentType: 'text/plain' }))).toBe(
        'too_large',
      );
      expect(await storage.head(key)).toBeUndefined();
      const long = Readable.from([Buffer.alloc(MiB), Buffer.alloc(MiB), Buffer.alloc(1)]);
      expect(await refusal(storage.put(key, long, { size: 2 * MiB, contentType: 'text/plain' }))).toBe('too_large');
      expect(await storage.head(key)).toBeUndefined();
      await storage.put(key, Buffer.from('old'), { size: 3, contentType: 'text/plain' });
      expect(await refusal(storage.put(key, Buffer.from('new!'), { size: 3, contentType: 'text/plain' }))).toBe(
        'too_large',
      );
      expect(await refusal(storage.put(key, Buffer.from('ne'), { size: 3, contentType: 'text/plain' }))).toBe(
        'incomplete',
      );
      expect((await readAll((await storage.get(key)).body)).toString()).toBe('old');
    });

    test('refuses keys that could leave their place', async () => {
      for (const key of ['../escape', '/abs', 'a/../../b', '.uploads/x', 'a//b', '']) {
        expect(await refusal(storage.put(key, Buffer.from('x'), { size: 1, contentType: 'text/plain' })), key).toBe(
          'invalid_key',
        );
        expect(await refusal(storage.get(key)), key).toBe('invalid_key');
      }
      expect(await refusal(storage.deletePrefix('../'))).toBe('invalid_key');
    });

    test('moves an object to another key in one step, replacing what was there', async () => {
      const a = env();
      await storage.put(`${a}/uploads/staged`, Buffer.from('neu'), { size: 3, contentType: 'text/plain' });
      await storage.put(`${a}/final`, Buffer.from('alt!'), { size: 4, contentType: 'text/plain' });
      const moved = await storage.move(`${a}/uploads/staged`, `${a}/final`);
      expect(moved).toMatchObject({ key: `${a}/final`, size: 3, contentType: 'text/plain' });
      expect(await storage.head(`${a}/final`)).toMatchObject({ size: 3, etag: moved.etag });
      expect((await readAll((await storage.get(`${a}/final`)).body)).toString()).toBe('neu');
      expect(await storage.head(`${a}/uploads/staged`)).toBeUndefined();
      // Nothing left to move: the target keeps what it has.
      expect(await refusal(storage.move(`${a}/uploads/staged`, `${a}/final`))).toBe('not_found');
      expect((await readAll((await storage.get(`${a}/final`)).body)).toString()).toBe('neu');
      expect(await refusal(storage.move(`${a}/final`, '../escape'))).toBe('invalid_key');
    });

    test('lists the objects under a prefix, page after page, with size and time; nothing else', async () => {
      const a = env();
      const keys = Array.from({ length: 3 }, (_, i) => `${a}/f${i}`);
      for (const key of keys) await storage.put(key, Buffer.from(key), { size: key.length, contentType: 'text/plain' });
      await storage.put(`${a}/uploads/u1`, Buffer.from('12345'), { size: 5, contentType: 'text/plain' });
      await storage.put(`${a}x/neighbour`, Buffer.from('n'), { size: 1, contentType: 'text/plain' });
      // An unfinished multipart upload is not an object yet.
      const pending = await storage.createMultipartUpload(`${a}/pending`, {
        size: 6 * MiB,
        partSize: 5 * MiB,
        contentType: 'application/zip',
      });
      await storage.uploadPart(pending, 2, Buffer.alloc(MiB, 2));
      const listed: { key: string; size: number; lastModified: Date }[] = [];
      for await (const object of storage.list(`${a}/`)) listed.push(object);
      expect(listed.map((o) => o.key).sort()).toEqual([...keys, `${a}/uploads/u1`].sort());
      expect(listed.find((o) => o.key === `${a}/uploads/u1`)?.size).toBe(5);
      for (const o of listed) expect(Math.abs(o.lastModified.getTime() - Date.now())).toBeLessThan(10 * 60_000);
      const all: string[] = [];
      for await (const object of storage.list()) all.push(object.key);
      expect(all).toEqual(expect.arrayContaining([...keys, `${a}x/neighbour`]));
      const none: string[] = [];
      for await (const object of storage.list(`${a}-nothing/`)) none.push(object.key);
      expect(none).toEqual([]);
      await storage.abortMultipartUpload(pending);
      await expect(async () => {
        for await (const _ of storage.list('../')) break;
      }).rejects.toMatchObject({ code: 'invalid_key' });
    });

    test('deletes everything under a prefix and nothing beside it', async () => {
      const a = env();
      const keys = [`${a}/one`, `${a}/two`, `${a}/sub/three`, `${a}x/neighbour`];
      for (const key of keys) await storage.put(key, Buffer.from(key), { size: key.length, contentType: 'text/plain' });
      const upload = await storage.createMultipartUpload(`${a}/pending`, {
        size: 6 * MiB,
        partSize: 5 * MiB,
        contentType: 'application/zip',
      });
      expect(await storage.deletePrefix(`${a}/`)).toBe(3);
      for (const key of keys.slice(0, 3)) expect(await storage.head(key)).toBeUndefined();
      expect(await storage.head(`${a}x/neighbour`)).toBeDefined();
      expect(await refusal(storage.listParts(upload))).toBe('upload_not_found');
      expect(await storage.deletePrefix(`${a}/`)).toBe(0);
    });

    test('concurrent puts to one key never expose a half-written object', async () => {
      const key = `${env()}/contended`;
      const size = 2 * MiB;
      const versions = [1, 2, 3, 4, 5, 6].map((n) => Buffer.alloc(size, n));
      let writing = true;
      const reads: Buffer[] = [];
      const reader = (async () => {
        while (writing) {
          const got = await storage.get(key).catch((error: unknown) => {
            if (isStorageError(error, 'not_found')) return undefined;
            throw error;
          });
          if (got) reads.push(await readAll(got.body));
        }
      })();
      await Promise.all(versions.map((v) => storage.put(key, v, { size, contentType: 'application/octet-stream' })));
      writing = false;
      await reader;
      reads.push(await readAll((await storage.get(key)).body));
      for (const read of reads) {
        expect(read.length).toBe(size);
        // One version whole: every byte equals the first.
        expect(read.every((b) => b === read[0])).toBe(true);
      }
    });

    test('a resumable upload survives an interruption: parts in any order, listed, resumed, assembled', async () => {
      const key = `${env()}/large.zip`;
      const bytes = randomBytes(15 * MiB);
      const upload = await storage.createMultipartUpload(key, {
        size: bytes.length,
        partSize: 5 * MiB,
        contentType: 'application/zip',
      });
      const part = (n: number) => bytes.subarray((n - 1) * 5 * MiB, n * 5 * MiB);
      const send = async (n: number, options?: { cutAfter?: number }) => {
        const signed = await storage.signedPartUrl(upload, n, { expiresInSeconds: 300 });
        expect(signed.method).toBe('PUT');
        return httpPut(signed.url, signed.headers, part(n), options);
      };
      expect(await send(3)).toMatchObject({ status: 200 });
      expect(await send(1)).toMatchObject({ status: 200 });
      // The connection drops halfway through part 2 (page reload, train tunnel).
      await send(2, { cutAfter: 2 * MiB });
      await settle();
      expect(await storage.head(key)).toBeUndefined();
      expect((await storage.listParts(upload)).map((p) => [p.partNumber, p.size])).toEqual([
        [1, 5 * MiB],
        [3, 5 * MiB],
      ]);
      expect(await refusal(storage.completeMultipartUpload(upload))).toBe('incomplete');
      // Resumed later, by another process for all it knows: only the descriptor is kept.
      const resumed: MultipartUpload = JSON.parse(JSON.stringify(upload));
      const received = new Set((await storage.listParts(resumed)).map((p) => p.partNumber));
      for (const n of [1, 2, 3].filter((n) => !received.has(n))) expect(await send(n)).toMatchObject({ status: 200 });
      const info = await storage.completeMultipartUpload(resumed);
      expect(info).toMatchObject({ key, size: bytes.length, contentType: 'application/zip' });
      expect(sha256(await readAll((await storage.get(key)).body))).toBe(sha256(bytes));
      expect(await refusal(storage.listParts(upload))).toBe('upload_not_found');
    });

    test('server-side parts are exact: a part of the wrong length is refused', async () => {
      const upload = await storage.createMultipartUpload(`${env()}/parts`, {
        size: 6 * MiB,
        partSize: 5 * MiB,
        contentType: 'application/pdf',
      });
      expect(await refusal(storage.uploadPart(upload, 2, Buffer.alloc(MiB + 1)))).toBe('too_large');
      expect(await refusal(storage.uploadPart(upload, 2, Buffer.alloc(MiB - 1)))).toBe('incomplete');
      expect(await refusal(storage.uploadPart(upload, 3, Buffer.alloc(1)))).toBe('invalid_argument');
      await storage.uploadPart(upload, 2, Buffer.alloc(MiB, 2));
      expect((await storage.listParts(upload)).map((p) => p.partNumber)).toEqual([2]);
      await storage.abortMultipartUpload(upload);
    });

    test('an aborted upload leaves nothing behind', async () => {
      const key = `${env()}/aborted`;
      const upload = await storage.createMultipartUpload(key, {
        size: 6 * MiB,
        partSize: 5 * MiB,
        contentType: 'text/csv',
      });
      await storage.uploadPart(upload, 1, Buffer.alloc(5 * MiB, 1));
      await storage.abortMultipartUpload(upload);
      expect(await refusal(storage.listParts(upload))).toBe('upload_not_found');
      expect(await refusal(storage.completeMultipartUpload(upload))).toBe('upload_not_found');
      expect(await storage.head(key)).toBeUndefined();
      // A part URL signed before the abort no longer writes anything.
      const late = await storage.signedPartUrl(upload, 2, { expiresInSeconds: 60 });
      const answer = await httpPut(late.url, late.headers, Buffer.alloc(MiB, 2));
      expect(answer).toMatchObject({ status: 404 });
      expect(await storage.head(key)).toBeUndefined();
      await storage.abortMultipartUpload(upload); // twice is no error
    });

    test('housekeeping aborts uploads older than the limit and keeps younger ones', async () => {
      const key = `${env()}/stale`;
      const upload = await storage.createMultipartUpload(key, {
        size: 6 * MiB,
        partSize: 5 * MiB,
        contentType: 'text/csv',
      });
      await storage.uploadPart(upload, 1, Buffer.alloc(5 * MiB, 1));
      const hourAgo = new Date(Date.now() - 60 * 60_000);
      await storage.purgeStale({ olderThan: hourAgo });
      expect(await storage.listParts(upload)).toHaveLength(1);
      const result = await storage.purgeStale({ olderThan: new Date(Date.now() + 60_000) });
      expect(result.uploadsAborted).toBeGreaterThanOrEqual(1);
      expect(await refusal(storage.listParts(upload))).toBe('upload_not_found');
      expect(await storage.head(key)).toBeUndefined();
    });

    test('a signed GET URL reads the object over HTTP as a named attachment, also by range', async () => {
      const key = `${env()}/invoice`;
      await storage.put(key, Buffer.from('%PDF-1.7 Rechnung'), { size: 17, contentType: 'application/octet-stream' });
      const url = await storage.signedGetUrl(key, {
        filename: 'Rechnung Müller.pdf',
        contentType: 'application/pdf',
        expiresInSeconds: 60,
      });
      const answer = await fetch(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      expect(answer.headers.get('content-disposition')).toBe(
        `attachment; filename="Rechnung Mueller.pdf"; filename*=UTF-8''Rechnung%20M%C3%BCller.pdf`,
      );
      expect(await answer.text()).toBe('%PDF-1.7 Rechnung');
      const ranged = await fetch(url, { headers: { range: 'bytes=9-16' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe('bytes 9-16/17');
      expect(await ranged.text()).toBe('Rechnung');
    });

    test('a signed PUT URL writes exactly its size to exactly its key', async () => {
      const key = `${env()}/upload`;
      const signed = await storage.signedPutUrl(key, { size: 5, contentType: 'text/csv', expiresInSeconds: 60 });
      const tooLong = await httpPut(signed.url, signed.headers, Buffer.from('123456'));
      expect(tooLong).toMatchObject({ status: expect.any(Number) });
      expect(tooLong !== 'cut' && tooLong.status >= 400 && tooLong.status < 500).toBe(true);
      expect(await storage.head(key)).toBeUndefined();
      expect(await httpPut(signed.url, signed.headers, Buffer.from('a;b;c'))).toMatchObject({ status: 200 });
      expect(await storage.head(key)).toMatchObject({ size: 5 });
      expect((await readAll((await storage.get(key)).body)).toString()).toBe('a;b;c');
    });

    test('signed URLs expire', async () => {
      const key = `${env()}/expiring`;
      await storage.put(key, Buffer.from('x'), { size: 1, contentType: 'text/plain' });
      // Signed two hours ago for one minute.
      driver.shiftClock(-2 * 60 * 60_000);
      const get = await storage.signedGetUrl(key, {
        filename: 'x.txt',
        contentType: 'text/plain',
        expiresInSeconds: 60,
      });
      const put = await storage.signedPutUrl(`${key}-2`, { size: 1, contentType: 'text/plain', expiresInSeconds: 60 });
      driver.shiftClock(2 * 60 * 60_000);
      expect((await fetch(get)).status).toBe(403);
      expect(await httpPut(put.url, put.headers, Buffer.from('y'))).toMatchObject({ status: 403 });
      expect(await storage.head(`${key}-2`)).toBeUndefined();
    });

    test("a URL signed for one key reads and writes no other (one environment's link never opens another's file)", async () => {
      const alpha = env();
      const beta = env();
      await storage.put(`${alpha}/doc`, Buffer.from('alpha'), { size: 5, contentType: 'text/plain' });
      await storage.put(`${beta}/doc`, Buffer.from('beta!'), { size: 5, contentType: 'text/plain' });
      const get = await storage.signedGetUrl(`${alpha}/doc`, {
        filename: 'a.txt',
        contentType: 'text/plain',
        expiresInSeconds: 60,
      });
      expect((await fetch(get.replace(alpha, beta))).status).toBe(403);
      const put = await storage.signedPutUrl(`${alpha}/new`, {
        size: 5,
        contentType: 'text/plain',
        expiresInSeconds: 60,
      });
      const moved = await httpPut(put.url.replace(alpha, beta), put.headers, Buffer.from('evil!'));
      expect(moved).toMatchObject({ status: 403 });
      expect(await storage.head(`${beta}/new`)).toBeUndefined();
      expect((await readAll((await storage.get(`${beta}/doc`)).body)).toString()).toBe('beta!');
    });

    test('a tampered signature is refused with 403', async () => {
      const key = `${env()}/tamper`;
      await storage.put(key, Buffer.from('secret'), { size: 6, contentType: 'text/plain' });
      const url = new URL(
        await storage.signedGetUrl(key, { filename: 's.txt', contentType: 'text/plain', expiresInSeconds: 60 }),
      );
      const param = url.searchParams.has('token') ? 'token' : 'X-Amz-Signature';
      const value = url.searchParams.get(param) ?? '';
      // Flip a character in the middle (the payload for our tokens, the MAC for S3's).
      const i = Math.floor(value.length / 2);
      url.searchParams.set(param, value.slice(0, i) + (value[i] === 'a' ? 'b' : 'a') + value.slice(i + 1));
      expect((await fetch(url)).status).toBe(403);
    });
  });
};
