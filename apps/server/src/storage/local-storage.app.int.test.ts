import * as filesApi from '@kontor/contract/api/files';
import { translator } from '@kontor/contract/i18n/catalogs';
import { afterAll, expect, test } from 'vitest';
import { uploadId } from '../../test/files';
import { userWithEnvironment } from '../../test/fixtures';
import { startTestApp } from '../../test/harness';

// Started outside the test's time limit, as in every other API test file (a loaded machine needs long for it).
const t = await startTestApp();
afterAll(() => t.close());
const u = await userWithEnvironment(t, 'Route GmbH');
const de = translator('de_sie');

test('the file routes work inside the full app, whose own parsers take JSON only', async () => {
  // The app registers the local driver's routes itself (the file manager's registerFileServing).
  const storage = t.deps.storage;
  expect(storage.driver).toBe('local');
  const body = '%PDF-1.7\n';
  const prepared = await t.call(
    filesApi.prepareUpload,
    { _env: u.env, id: uploadId(), filename: 'a.pdf', filesize: body.length },
    u.token,
  );
  const id = prepared.body.data?.file as string;
  const started = await t.call(filesApi.startUpload, { _env: u.env, id }, u.token);
  const url = String(started.body.data?.uploadUrl).replace('http://kontor.test', '');
  // The app answers 415 to a text/plain body anywhere else; this route takes any body as bytes
  // (again and again while the upload is in progress: a retry after a dropped connection).
  for (const type of ['application/pdf', 'text/plain', 'application/json']) {
    const put = await t.app.inject({ method: 'PUT', url, headers: { 'content-type': type }, payload: body });
    expect(put.statusCode, type).toBe(200);
  }
  const finished = await t.call(filesApi.finishUpload, { _env: u.env, id }, u.token);
  expect(finished.body.data?.file.type).toBe('application/pdf');
  const link = await t.call(filesApi.downloadFile, { _env: u.env, id }, u.token);
  const get = await t.app.inject({
    method: 'GET',
    url: String(link.body.data?.url).replace('http://kontor.test', ''),
  });
  expect(get.statusCode).toBe(200);
  expect(get.body).toBe(body);
  expect(get.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  const bad = await t.app.inject({ method: 'GET', url: `/files/env-1/doc?token=x.y` });
  expect(bad.statusCode).toBe(403);
  expect(bad.json()).toEqual({
    status: 'error',
    message: 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie ihn erneut an.',
  });
});

test('inside the app a genuine PUT link writes only for an upload in progress', async () => {
  const storage = t.deps.storage;
  // Signed by the storage, but for a key no upload owns: refused before a byte is stored.
  const signed = await storage.signedPutUrl('env-1/doc', {
    size: 9,
    contentType: 'application/pdf',
    expiresInSeconds: 60,
  });
  const put = await t.app.inject({
    method: 'PUT',
    url: signed.url.replace('http://kontor.test', ''),
    headers: { 'content-type': 'application/pdf' },
    payload: '%PDF-1.7\n',
  });
  expect(put.statusCode).toBe(409);
  expect(put.json()).toEqual({ status: 'error', message: de('files.uploadClosed') });
  expect(await storage.head('env-1/doc')).toBeUndefined();
});
