import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '../../test/free-port';
import { createLocalStorage, type LocalStorage } from './local-driver';
import { registerLocalStorageRoutes } from './local-storage.routes';
import { MiB } from './storage';

let root: string;
let storage: LocalStorage;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-routes-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  storage = createLocalStorage({ root, baseUrl: `${base}/files`, urlSecret: 'routes-test-secret-0123456789abcdefgh' });
  app = Fastify();
  await registerLocalStorageRoutes(app, storage);
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const put = (key: string, text: string, contentType = 'text/plain') =>
  storage.put(key, Buffer.from(text), { size: Buffer.byteLength(text), contentType });

const getUrl = (key: string, extra: { contentType?: string; inline?: boolean; filename?: string } = {}) =>
  storage.signedGetUrl(key, {
    filename: extra.filename ?? 'datei.txt',
    contentType: extra.contentType ?? 'text/plain',
    inline: extra.inline,
    expiresInSeconds: 60,
  });

/** A chunked PUT (no Content-Length): the server learns the size only by reading. */
const chunkedPut = (url: string, chunks: Buffer[]): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'PUT', headers: { 'transfer-encoding': 'chunked' } });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });

const tempFiles = () => fs.readdirSync(path.join(root, '.tmp'));

describe('local storage routes', () => {
  test('serve a file as an attachment that cannot run as a page', async () => {
    await put('env-a/svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const answer = await fetch(
      await getUrl('env-a/svg', { contentType: 'text/xml', inline: true, filename: 'Logo.svg' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/xml');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(answer.headers.get('accept-ranges')).toBe('bytes');
    expect(answer.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
  });

  test('show raster images inline only when asked for', async () => {
    await put('env-a/png', '\x89PNG', 'image/png');
    const inline = await fetch(
      await getUrl('env-a/png', { contentType: 'image/png', inline: true, filename: 'a.png' }),
    );
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename="a.png"/);
    const saved = await fetch(await getUrl('env-a/png', { contentType: 'image/png', filename: 'a.png' }));
    expect(saved.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  test('answer HEAD, suffix ranges and unsatisfiable ranges as HTTP says', async () => {
    await put('env-a/range', '0123456789');
    const url = await getUrl('env-a/range');
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
    const suffix = await fetch(url, { headers: { range: 'bytes=-4' } });
    expect(suffix.status).toBe(206);
    expect(await suffix.text()).toBe('6789');
    const beyond = await fetch(url, { headers: { range: 'bytes=10-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */10');
    expect(await beyond.json()).toEqual({
      status: 'error',
      message: 'Der angeforderte Bereich liegt außerhalb der Datei.',
    });
    // Several ranges are not supported: the whole file, as RFC 9110 allows.
    const multi = await fetch(url, { headers: { range: 'bytes=0-1,4-5' } });
    expect(multi.status).toBe(200);
    expect(await multi.text()).toBe('0123456789');
  });

  test('answer a missing file and a bad link with the German envelope', async () => {
    const missing = await fetch(await getUrl('env-a/never-stored'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ status: 'error', message: 'Fehler beim Laden der Datei' });
    for (const url of [
      `${base}/files/env-a/range`,
      `${base}/files/env-a/range?token=abc.def`,
      `${base}/files/env-a/range?token=`,
    ]) {
      const answer = await fetch(url);
      expect(answer.status, url).toBe(403);
      expect(await answer.json()).toEqual({
        status: 'error',
        message: 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie ihn erneut an.',
      });
    }
  });

  test('a link is good for its own operation only', async () => {
    await put('env-a/op', 'data');
    const readLink = await getUrl('env-a/op');
    expect((await fetch(readLink, { method: 'PUT', body: 'evil' })).status).toBe(403);
    const writeLink = await storage.signedPutUrl('env-a/op', {
      size: 4,
      contentType: 'text/plain',
      expiresInSeconds: 60,
    });
    expect((await fetch(writeLink.url)).status).toBe(403);
    // A path that climbs out names another key than the token's: refused, never resolved.
    const token = new URL(readLink).searchParams.get('token');
    for (const p of ['/files/env-a/../env-b/op', '/files/env-a/%2e%2e/env-b/op', '/files/env-a/op/../op2']) {
      const answer = await fetch(`${base}${p}?token=${token}`);
      expect([403, 404], p).toContain(answer.status);
    }
  });

  test('refuse a body above the signed size before reading it, and while reading a chunked one', async () => {
    const link = await storage.signedPutUrl('env-a/limited', {
      size: 1000,
      contentType: 'text/plain',
      expiresInSeconds: 60,
    });
    const declared = await fetch(link.url, { method: 'PUT', body: Buffer.alloc(1001) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({
      status: 'error',
      message: 'Die Datei ist größer als beim Hochladen angegeben.',
    });
    const chunked = await chunkedPut(link.url, [Buffer.alloc(600), Buffer.alloc(600)]);
    expect(chunked.status).toBe(413);
    const short = await chunkedPut(link.url, [Buffer.alloc(600)]);
    expect(short.status).toBe(400);
    expect(JSON.parse(short.body).message).toBe(
      'Die Datei wurde nicht vollständig übertragen. Bitte versuchen Sie es erneut.',
    );
    expect(await storage.head('env-a/limited')).toBeUndefined();
    expect(tempFiles()).toEqual([]);
  });

  test('stream bodies far above the server-wide body limit to disk', async () => {
    const bytes = randomBytes(12 * MiB);
    const link = await storage.signedPutUrl('env-a/big', {
      size: bytes.length,
      contentType: 'application/pdf',
      expiresInSeconds: 60,
    });
    const answer = await fetch(link.url, { method: 'PUT', headers: link.headers, body: bytes });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).toBe(`"${(await storage.head('env-a/big'))?.etag}"`);
    expect((await storage.head('env-a/big'))?.contentType).toBe('application/pdf');
    const back = Buffer.from(await (await fetch(await getUrl('env-a/big'))).arrayBuffer());
    expect(back.equals(bytes)).toBe(true);
  });

  test('an upload cut off mid-way leaves neither an object nor a temp file', async () => {
    const link = await storage.signedPutUrl('env-a/cut', {
      size: 4 * MiB,
      contentType: 'text/plain',
      expiresInSeconds: 60,
    });
    await new Promise<void>((resolve) => {
      const req = http.request(link.url, { method: 'PUT', headers: { 'content-length': String(4 * MiB) } });
      req.on('error', () => resolve());
      req.write(Buffer.alloc(MiB), () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 50),
      );
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await storage.head('env-a/cut')).toBeUndefined();
    expect(tempFiles()).toEqual([]);
  });

  test('housekeeping removes temp files a crash left behind, and only old ones', async () => {
    const old = path.join(root, '.tmp', 'crashed.tmp');
    const fresh = path.join(root, '.tmp', 'writing.tmp');
    fs.writeFileSync(old, 'half');
    fs.writeFileSync(fresh, 'growing');
    const twoDaysAgo = new Date(Date.now() - 48 * 60 * 60_000);
    fs.utimesSync(old, twoDaysAgo, twoDaysAgo);
    const result = await storage.purgeStale({ olderThan: new Date(Date.now() - 24 * 60 * 60_000) });
    expect(result.tempFilesRemoved).toBe(1);
    expect(tempFiles()).toEqual(['writing.tmp']);
    fs.rmSync(fresh);
  });
});

describe('local storage routes that ask whether an upload still takes bytes', () => {
  let guarded: FastifyInstance;
  let guardedStorage: LocalStorage;
  let guardedRoot: string;
  /** What the file manager would answer, call by call (the last answer repeats). */
  let answers: boolean[] = [];
  const asked: string[] = [];

  beforeAll(async () => {
    guardedRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-guarded-'));
    const port = await freePort();
    guardedStorage = createLocalStorage({
      root: guardedRoot,
      baseUrl: `http://127.0.0.1:${port}/files`,
      urlSecret: 'guarded-test-secret-0123456789abcdefgh',
    });
    guarded = Fastify();
    await registerLocalStorageRoutes(guarded, guardedStorage, {
      acceptsUpload: async (link) => {
        asked.push(`${link.op} ${link.key}`);
        return (answers.length > 1 ? answers.shift() : answers[0]) ?? false;
      },
    });
    await guarded.listen({ port, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await guarded.close();
    fs.rmSync(guardedRoot, { recursive: true, force: true });
  });

  const closedMessage = {
    status: 'error',
    message:
      'Dieser Upload ist bereits abgeschlossen oder abgebrochen; die Daten wurden nicht gespeichert. Bitte laden Sie die Datei erneut hoch.',
  };

  test('a PUT for an upload that takes no bytes is refused before anything is written', async () => {
    answers = [false];
    asked.length = 0;
    const link = await guardedStorage.signedPutUrl('env-a/closed', {
      size: 5,
      contentType: 'text/plain',
      expiresInSeconds: 60,
    });
    const answer = await fetch(link.url, { method: 'PUT', headers: link.headers, body: 'hallo' });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual(closedMessage);
    expect(asked).toEqual(['put env-a/closed']);
    expect(await guardedStorage.head('env-a/closed')).toBeUndefined();
    expect(fs.readdirSync(path.join(guardedRoot, '.tmp'))).toEqual([]);
  });

  test('a PUT whose upload ended while its bytes arrived is refused and its bytes removed', async () => {
    // In progress when the PUT began, finished (or given up) by the time its bytes were stored.
    answers = [true, false];
    asked.length = 0;
    const link = await guardedStorage.signedPutUrl('env-a/late', {
      size: 5,
      contentType: 'text/plain',
      expiresInSeconds: 60,
    });
    const answer = await fetch(link.url, { method: 'PUT', headers: link.headers, body: 'hallo' });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual(closedMessage);
    expect(asked).toEqual(['put env-a/late', 'put env-a/late']);
    expect(await guardedStorage.head('env-a/late')).toBeUndefined();
  });

  test('a PUT while the upload is in progress is stored; a part link is asked about too', async () => {
    answers = [true];
    asked.length = 0;
    const link = await guardedStorage.signedPutUrl('env-a/open', {
      size: 5,
      contentType: 'text/plain',
      expiresInSeconds: 60,
    });
    expect((await fetch(link.url, { method: 'PUT', headers: link.headers, body: 'hallo' })).status).toBe(200);
    expect(await guardedStorage.head('env-a/open')).toMatchObject({ size: 5 });

    const upload = await guardedStorage.createMultipartUpload('env-a/parts', {
      size: 6 * MiB,
      partSize: 5 * MiB,
      contentType: 'application/octet-stream',
    });
    answers = [false];
    const part = await guardedStorage.signedPartUrl(upload, 2, { expiresInSeconds: 60 });
    const refused = await fetch(part.url, { method: 'PUT', headers: part.headers, body: Buffer.alloc(MiB, 2) });
    expect(refused.status).toBe(409);
    expect(await guardedStorage.listParts(upload)).toEqual([]);
    answers = [true];
    const taken = await fetch(part.url, { method: 'PUT', headers: part.headers, body: Buffer.alloc(MiB, 2) });
    expect(taken.status).toBe(200);
    expect((await guardedStorage.listParts(upload)).map((p) => p.partNumber)).toEqual([2]);
    expect(asked).toEqual(['put env-a/open', 'put env-a/open', 'part env-a/parts', 'part env-a/parts']);
  });
});
