import { createHash, randomBytes } from 'node:crypto';
import * as filesApi from '@kontor/contract/api/files';
import { afterAll, describe, expect, test } from 'vitest';
import { pngBytes, uploadId } from '../../../test/files';
import { userWithEnvironment } from '../../../test/fixtures';
import { startTestApp } from '../../../test/harness';
import { startTestS3 } from '../../../test/s3-server';
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
