import * as filesApi from '@kontor/contract/api/files';
import { expect } from 'vitest';
import type { TestApp } from './harness';

export type Uploader = Readonly<{ token: string; env: string }>;

/** 8-byte PNG signature plus an IHDR chunk: enough for the sniffer to call it image/png. */
export const pngBytes = (extra = 0) =>
  Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
    Buffer.alloc(extra, 7),
  ]);

/** Sends bytes to a signed URL of the local driver through the app (path and query of the URL). */
export const putBytes = (t: TestApp, url: string, body: Buffer, headers: Record<string, string> = {}) => {
  const u = new URL(url);
  return t.app.inject({
    method: 'PUT',
    url: `${u.pathname}${u.search}`,
    payload: body,
    headers: { 'content-type': 'application/octet-stream', ...headers },
  });
};

export const getBytes = (t: TestApp, url: string) => {
  const u = new URL(url);
  return t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
};

let counter = 0;
export const uploadId = () => `Up${(counter++).toString().padStart(8, '0')}`;

/** The whole procedure for a file up to 8 MiB: prepare → start → PUT → finish. */
export const uploadFile = async (t: TestApp, u: Uploader, filename: string, bytes: Buffer, directory?: string) => {
  const prepared = await t.call(
    filesApi.prepareUpload,
    { _env: u.env, id: uploadId(), filename, filesize: bytes.length, filetype: 'text/plain', directory },
    u.token,
  );
  expect(prepared.statusCode, JSON.stringify(prepared.body)).toBe(200);
  const id = prepared.body.data?.file as string;
  const started = await t.call(filesApi.startUpload, { _env: u.env, id }, u.token);
  expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
  const put = await putBytes(t, started.body.data?.uploadUrl as string, bytes, started.body.data?.headers);
  expect(put.statusCode, put.body).toBe(200);
  const finished = await t.call(filesApi.finishUpload, { _env: u.env, id }, u.token);
  expect(finished.statusCode, JSON.stringify(finished.body)).toBe(200);
  return finished.body.data?.file as filesApi.FileSummary;
};

export const mainDirectory = async (t: TestApp, u: Uploader) => {
  const res = await t.call(filesApi.directoryListing, { _env: u.env }, u.token);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.data?.directory._id as string;
};
