import { createHash, randomBytes, randomUUID } from 'node:crypto';
import * as envApi from '@kontor/contract/api/environments';
import * as filesApi from '@kontor/contract/api/files';
import { afterAll, describe, expect, test } from 'vitest';
import { pngBytes, uploadId } from '../../../test/files';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp } from '../../../test/harness';
import { startTestS3 } from '../../../test/s3-server';
import { startMaintenance } from '../../maintenance';
import { createS3Storage } from '../../storage/s3-driver';

// Known and documented (docs/decisions.md): SDK releases after January 2027 need Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/**
 * The upload procedure with S3 as the storage (s3rver in the test process): the browser's PUTs go
 * to presigned URLs of the bucket, parts and all, and downloads come from the bucket.
 */
const s3 = await startTestS3();
const t = await startTestApp({ storage: createS3Storage(s3.settings) });
afterAll(async () => {
  await t.close();
  await s3.close();
});
const u = await userWithEnvironment(t, 'S3 GmbH');

/** What the browser does with a signed upload: PUT the bytes with the signed headers. */
const put = async (url: string, headers: Record<string, string>, body: Buffer) =>
  fetch(url, { method: 'PUT', headers, body: new Uint8Array(body) });

const sha = (bytes: Buffer | ArrayBuffer) =>
  createHash('sha256')
    .update(Buffer.from(bytes as ArrayBuffer))
    .digest('hex');

describe('uploads to S3', () => {
  test('a small file: presigned PUT, finish sniffs the type, the presigned download gives the bytes', async () => {
    const bytes = pngBytes(2000);
    const prepared = await t.call(
      filesApi.prepareUpload,
      { _env: u.env, id: uploadId(), filename: 'Bild.dat', filesize: bytes.length },
      u.token,
    );
    const id = prepared.body.data?.file as string;
    const started = await t.call(filesApi.startUpload, { _env: u.env, id }, u.token);
    expect(started.body.data?.uploadUrl.startsWith(s3.settings.endpoint)).toBe(true);
    // One byte more than declared: S3 refuses it (the signed content-length).
    const tooLong = await put(
      started.body.data?.uploadUrl as string,
      started.body.data?.headers ?? {},
      Buffer.concat([bytes, Buffer.from('x')]),
    );
    expect(tooLong.ok).toBe(false);
    const res = await put(started.body.data?.uploadUrl as string, started.body.data?.headers ?? {}, bytes);
    expect(res.status).toBe(200);
    const finished = await t.call(filesApi.finishUpload, { _env: u.env, id }, u.token);
    expect(finished.body.data?.file).toMatchObject({ type: 'image/png', size: bytes.length });

    const link = await t.call(filesApi.downloadFile, { _env: u.env, id }, u.token);
    const got = await fetch(link.body.data?.url as string);
    expect(got.status).toBe(200);
    expect(sha(await got.arrayBuffer())).toBe(sha(bytes));
  });

  test('a file over 8 MiB in parts, resumed after the first part', async () => {
    const size = 8 * 1024 * 1024 + 4096;
    const bytes = randomBytes(size);
    const prepared = await t.call(
      filesApi.prepareUpload,
      { _env: u.env, id: uploadId(), filename: 'Archiv.bin', filesize: size },
      u.token,
    );
    const id = prepared.body.data?.file as string;
    const first = await t.call(filesApi.startUpload, { _env: u.env, id }, u.token);
    const mp = first.body.data?.multipart;
    expect(mp).toMatchObject({ partCount: 2, received: [], partNumber: 1 });
    const partSize = mp?.partSize as number;
    expect(
      (await put(first.body.data?.uploadUrl as string, first.body.data?.headers ?? {}, bytes.subarray(0, partSize)))
        .status,
    ).toBe(200);

    const again = await t.call(filesApi.startUpload, { _env: u.env, id }, u.token);
    expect(again.body.data?.multipart).toMatchObject({ received: [1], partNumber: 2 });
    expect(
      (await put(again.body.data?.uploadUrl as string, again.body.data?.headers ?? {}, bytes.subarray(partSize)))
        .status,
    ).toBe(200);
    const finished = await t.call(filesApi.finishUpload, { _env: u.env, id }, u.token);
    expect(finished.body.data?.file.size).toBe(size);

    const link = await t.call(filesApi.downloadFile, { _env: u.env, id }, u.token);
    expect(sha(await (await fetch(link.body.data?.url as string)).arrayBuffer())).toBe(sha(bytes));
  });
});

/**
 * Issue 28 item 3 on S3: a presigned URL cannot be revoked, so a replayed PUT is accepted by the
 * bucket; it lands on the upload's staging key, never on the file, and the hourly housekeeping
 * removes it (local storage: uploads.replay.int.test.ts).
 */
describe('presigned PUT links replayed on S3', () => {
  const envId = async () =>
    (await t.call(envApi.environmentDetails, { _env: u.env }, u.token)).body.data?.environment._id as string;
  const housekeeping = () => startMaintenance(t.deps, () => {}, 3_600_000).run();
  const started = async (filename: string, size: number) => {
    const prepared = await t.call(
      filesApi.prepareUpload,
      { _env: u.env, id: uploadId(), filename, filesize: size },
      u.token,
    );
    const id = prepared.body.data?.file as string;
    const start = await t.call(filesApi.startUpload, { _env: u.env, id }, u.token);
    return { id, url: start.body.data?.uploadUrl as string, headers: start.body.data?.headers ?? {} };
  };
  const downloaded = async (id: string) => {
    const link = await t.call(filesApi.downloadFile, { _env: u.env, id }, u.token);
    return Buffer.from(await (await fetch(link.body.data?.url as string)).arrayBuffer());
  };

  test('after finish the file keeps the bytes its type was sniffed from; the late bytes do not stay', async () => {
    const env = await envId();
    const original = pngBytes(3000);
    const { id, url, headers } = await started('Rechnung.png', original.length);
    expect((await put(url, headers, original)).status).toBe(200);
    const finished = await t.call(filesApi.finishUpload, { _env: u.env, id }, u.token);
    expect(finished.body.data?.file.type).toBe('image/png');

    const swap = Buffer.from('<html><script>alert(1)</script>'.padEnd(original.length, ' '));
    // The bucket takes it (a presigned URL cannot be revoked), but on the staging key only.
    expect((await put(url, headers, swap)).status).toBe(200);
    expect(sha(await downloaded(id))).toBe(sha(original));
    expect(await t.deps.storage.head(`${env}/uploads/${id}`)).toBeDefined();
    expect((await t.call(filesApi.fileDetails, { _env: u.env, id }, u.token)).body.data?.type).toBe('image/png');
    await housekeeping();
    expect(await t.deps.storage.head(`${env}/uploads/${id}`)).toBeUndefined();
    expect(sha(await downloaded(id))).toBe(sha(original));
  });

  test('after failed the late bytes are removed by the housekeeping; nothing is left', async () => {
    const env = await envId();
    const bytes = randomBytes(1024 * 1024);
    const { id, url, headers } = await started('abgebrochen.bin', bytes.length);
    expect((await put(url, headers, bytes)).status).toBe(200);
    expect((await t.call(filesApi.failedUpload, { _env: u.env, id, error: 'abgebrochen' }, u.token)).statusCode).toBe(
      200,
    );
    await put(url, headers, bytes);
    await housekeeping();
    expect(await t.deps.storage.head(`${env}/${id}`)).toBeUndefined();
    expect(await t.deps.storage.head(`${env}/uploads/${id}`)).toBeUndefined();
  });

  test('the housekeeping removes objects no file row owns once they are an hour old, and keeps owned ones', async () => {
    const env = await envId();
    const orphan = `${env}/${randomUUID()}`;
    await t.deps.storage.put(orphan, Buffer.from('verwaist'), { size: 8, contentType: 'text/plain' });
    const { id, url, headers } = await started('bleibt.png', 100);
    expect((await put(url, headers, pngBytes(100 - pngBytes().length))).status).toBe(200);
    expect((await t.call(filesApi.finishUpload, { _env: u.env, id }, u.token)).statusCode).toBe(200);
    await housekeeping();
    expect(await t.deps.storage.head(orphan)).toBeDefined();
    t.clock.advance(2 * 60 * 60_000);
    await housekeeping();
    expect(await t.deps.storage.head(orphan)).toBeUndefined();
    expect(await t.deps.storage.head(`${env}/${id}`)).toBeDefined();
  });
});
