import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import * as envApi from '@kontor/contract/api/environments';
import * as filesApi from '@kontor/contract/api/files';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, describe, expect, test } from 'vitest';
import { expectOk } from '../../../test/assertions';
import { getBytes, pngBytes, putBytes, uploadFile, uploadId } from '../../../test/files';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp } from '../../../test/harness';
import { startMaintenance } from '../../maintenance';

/**
 * Issue 28 item 3: a signed upload link works once, for its upload (local storage; S3 in
 * files.s3.int.test.ts). Keys as the storage holds them: `{envId}/{fileId}` is the file,
 * `{envId}/uploads/{fileId}` where a single PUT lands until finish moves it there.
 */
const de = translator('de_sie');
const t = await startTestApp();
afterAll(() => t.close());
const u = await userWithEnvironment(t, 'Replay GmbH');
const envId = (await t.call(envApi.environmentDetails, { _env: u.env }, u.token)).body.data?.environment._id as string;

const fileKey = (id: string) => `${envId}/${id}`;
const stagingKey = (id: string) => `${envId}/uploads/${id}`;
const housekeeping = () => startMaintenance(t.deps, () => {}, 3_600_000).run();

/** prepare → start: the signed PUT link of a new upload of `size` bytes. */
const started = async (filename: string, size: number) => {
  const prepared = await t.call(
    filesApi.prepareUpload,
    { _env: u.env, id: uploadId(), filename, filesize: size },
    u.token,
  );
  const id = prepared.body.data?.file as string;
  const start = await t.call(filesApi.startUpload, { _env: u.env, id }, u.token);
  expect(start.body.data?.multipart).toBeNull();
  return { id, url: start.body.data?.uploadUrl as string, headers: start.body.data?.headers ?? {} };
};

const download = async (id: string) => {
  const link = await t.call(filesApi.downloadFile, { _env: u.env, id }, u.token);
  return (await getBytes(t, link.body.data?.url as string)).rawPayload;
};

/** Bytes of the same size that would be sniffed as something else entirely. */
const swapFor = (original: Buffer) => Buffer.from('<html><script>alert(1)</script>'.padEnd(original.length, ' '));

describe('a PUT link replayed after its upload ended', () => {
  test('after finish it is refused and the file keeps the bytes its type was sniffed from', async () => {
    const original = pngBytes(200);
    const { id, url, headers } = await started('Rechnung.png', original.length);
    expect((await putBytes(t, url, original, headers)).statusCode).toBe(200);
    const finished = await t.call(filesApi.finishUpload, { _env: u.env, id }, u.token);
    expect(finished.body.data?.file.type).toBe('image/png');

    const replay = await putBytes(t, url, swapFor(original), headers);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({ status: 'error', message: de('files.uploadClosed') });
    expect(Buffer.compare(await download(id), original)).toBe(0);
    expect((await t.call(filesApi.fileDetails, { _env: u.env, id }, u.token)).body.data?.type).toBe('image/png');
    expect(await t.deps.storage.head(stagingKey(id))).toBeUndefined();
  });

  test('after failed it is refused and nothing is stored, neither the bytes nor a reservation', async () => {
    const bytes = Buffer.alloc(1024 * 1024, 1);
    const { id, url, headers } = await started('abgebrochen.bin', bytes.length);
    expect((await putBytes(t, url, bytes, headers)).statusCode).toBe(200);
    expectOk(await t.call(filesApi.failedUpload, { _env: u.env, id, error: 'abgebrochen' }, u.token));

    const replay = await putBytes(t, url, bytes, headers);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(de('files.uploadClosed'));
    expect(await t.deps.storage.head(fileKey(id))).toBeUndefined();
    expect(await t.deps.storage.head(stagingKey(id))).toBeUndefined();
  });

  test('after the file was deleted it is refused and stores nothing', async () => {
    const bytes = Buffer.from('%PDF-1.4\n');
    const { id, url, headers } = await started('weg.pdf', bytes.length);
    expect((await putBytes(t, url, bytes, headers)).statusCode).toBe(200);
    expectOk(await t.call(filesApi.finishUpload, { _env: u.env, id }, u.token));
    expectOk(await t.call(filesApi.deleteEntry, { _env: u.env, type: 'file', id }, u.token));

    expect((await putBytes(t, url, bytes, headers)).statusCode).toBe(409);
    expect(await t.deps.storage.head(fileKey(id))).toBeUndefined();
    expect(await t.deps.storage.head(stagingKey(id))).toBeUndefined();
  });

  test('a PUT still arriving when the upload is finished is not kept and never replaces the file', async () => {
    const original = pngBytes(64 * 1024);
    const { id, url, headers } = await started('Scan.png', original.length);
    expect((await putBytes(t, url, original, headers)).statusCode).toBe(200);

    // A second PUT of the same link (a retry) is let in while the upload is in progress …
    const body = new PassThrough();
    const u2 = new URL(url);
    const late = t.app.inject({
      method: 'PUT',
      url: `${u2.pathname}${u2.search}`,
      payload: body,
      headers: { ...headers, 'content-length': String(original.length) },
    });
    const swap = swapFor(original);
    body.write(swap.subarray(0, 1024));
    await new Promise((r) => setTimeout(r, 300));
    // … and the upload is finished while its bytes are still on the way.
    const finished = await t.call(filesApi.finishUpload, { _env: u.env, id }, u.token);
    expect(finished.body.data?.file.type).toBe('image/png');
    body.end(swap.subarray(1024));
    const answer = await late;
    expect(answer.statusCode).toBe(409);
    expect(Buffer.compare(await download(id), original)).toBe(0);
    expect(await t.deps.storage.head(stagingKey(id))).toBeUndefined();
  });
});

describe('the hourly housekeeping', () => {
  test('removes stored objects no file row owns and keeps every owned one', async () => {
    const storage = t.deps.storage;
    const put = (key: string, text = 'verwaist') =>
      storage.put(key, Buffer.from(text), { size: Buffer.byteLength(text), contentType: 'text/plain' });
    const kept = await uploadFile(t, u, 'bleibt.txt', Buffer.from('bleibt'));
    const running = await started('laeuft.bin', 4);
    expect((await putBytes(t, running.url, Buffer.from('halb'), running.headers)).statusCode).toBe(200);

    // Left behind: a late PUT of a finished upload (as S3 keeps it), bytes whose row was deleted,
    // a key under the environment that names no file, the files of an environment that is gone.
    const orphan = fileKey(randomUUID());
    const stray = `${envId}/irgendwas`;
    const goneEnv = `${randomUUID()}/${randomUUID()}`;
    await put(stagingKey(kept._id));
    await put(orphan);
    await put(stray);
    await put(goneEnv);
    await put('fremd/nicht-unseres');

    await housekeeping();
    // A finished upload's staging object goes at once; the rest is younger than an hour and stays.
    expect(await storage.head(stagingKey(kept._id))).toBeUndefined();
    for (const key of [orphan, stray, goneEnv, fileKey(kept._id), stagingKey(running.id)]) {
      expect(await storage.head(key), key).toBeDefined();
    }

    t.clock.advance(2 * 60 * 60_000);
    await housekeeping();
    for (const key of [orphan, stray, goneEnv]) expect(await storage.head(key), key).toBeUndefined();
    expect(Buffer.compare(await download(kept._id), Buffer.from('bleibt'))).toBe(0);
    // Not ours (no environment's key): never touched.
    expect(await storage.head('fremd/nicht-unseres')).toBeDefined();
    // The started upload's link has expired meanwhile: the upload is gone with its bytes.
    expect(await storage.head(stagingKey(running.id))).toBeUndefined();
    expect(await storage.head(fileKey(running.id))).toBeUndefined();
  });
});
