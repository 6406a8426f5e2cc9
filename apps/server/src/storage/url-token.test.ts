import { describe, expect, test } from 'vitest';
import { signFileToken, verifyFileToken } from './url-token';

const secret = 'a-test-secret-of-at-least-thirty-two-characters';
const now = new Date('2026-01-01T12:00:00Z');
const inAMinute = new Date(now.getTime() + 60_000);

describe('file URL tokens', () => {
  const token = signFileToken(
    secret,
    { op: 'put', key: 'env/file', size: 10, contentType: 'application/pdf' },
    inAMinute,
  );

  test('carry their claims back unchanged', () => {
    expect(verifyFileToken(secret, token, now)).toEqual({
      ok: true,
      claims: { op: 'put', key: 'env/file', size: 10, contentType: 'application/pdf' },
    });
  });

  test('expire', () => {
    expect(verifyFileToken(secret, token, inAMinute)).toMatchObject({ ok: false, reason: 'expired' });
  });

  test('refuse another secret and every changed character', () => {
    expect(verifyFileToken(`${secret}x`, token, now)).toEqual({ ok: false, reason: 'signature' });
    for (let i = 0; i < token.length; i++) {
      const c = token[i] === 'A' ? 'B' : 'A';
      const tampered = token.slice(0, i) + c + token.slice(i + 1);
      expect(verifyFileToken(secret, tampered, now).ok, `position ${i}`).toBe(false);
    }
  });

  test('cannot be rewritten for another key', () => {
    const [payload, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, key: 'other-env/file' })).toString('base64url')}.${sig}`;
    expect(verifyFileToken(secret, forged, now)).toEqual({ ok: false, reason: 'signature' });
  });

  test('refuse garbage', () => {
    for (const junk of ['', '.', 'abc', 'abc.', '.abc', 'x'.repeat(10_000)]) {
      expect(verifyFileToken(secret, junk, now).ok).toBe(false);
    }
  });
});
