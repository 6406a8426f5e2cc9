import { afterAll, expect, test } from 'vitest';
import { startTestApp } from '../../test/harness';

// Started outside the test's time limit, as in every other API test file (a loaded machine needs long for it).
const t = await startTestApp();
afterAll(() => t.close());

test('the file routes work inside the full app, whose own parsers take JSON only', async () => {
  // The app registers the local driver's routes itself (the file manager's registerFileServing).
  const storage = t.deps.storage;
  expect(storage.driver).toBe('local');
  const signed = await storage.signedPutUrl('env-1/doc', {
    size: 9,
    contentType: 'application/pdf',
    expiresInSeconds: 60,
  });
  const url = signed.url.replace('http://kontor.test', '');
  // The app answers 415 to a text/plain body anywhere else; this route takes any body as bytes.
  for (const type of ['application/pdf', 'text/plain', 'application/json']) {
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': type },
      payload: '%PDF-1.7' + '\n',
    });
    expect(put.statusCode, type).toBe(200);
  }
  const get = await t.app.inject({
    method: 'GET',
    url: (
      await storage.signedGetUrl('env-1/doc', {
        filename: 'a.pdf',
        contentType: 'application/pdf',
        expiresInSeconds: 60,
      })
    ).replace('http://kontor.test', ''),
  });
  expect(get.statusCode).toBe(200);
  expect(get.body).toBe('%PDF-1.7\n');
  expect(get.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  const bad = await t.app.inject({ method: 'GET', url: '/files/env-1/doc?token=x.y' });
  expect(bad.statusCode).toBe(403);
  expect(bad.json()).toEqual({
    status: 'error',
    message: 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie ihn erneut an.',
  });
});
