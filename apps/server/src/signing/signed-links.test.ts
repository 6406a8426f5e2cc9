import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { type LinkPurpose, linkSigner, stampSigner } from './signed-links';

const secret = 'a-test-secret-of-at-least-thirty-two-characters';
const now = new Date('2026-11-28T12:00:00Z');
const later = new Date(now.getTime() + 60_000);
const schema = z.object({ env: z.string(), id: z.string() });
const purposes: LinkPurpose[] = ['file-url', 'export-file', 'einvoice-file', 'form-time', 'portal-csrf'];

describe('signed links (issue 30: one signing for every kind of link)', () => {
  test('a link carries its claims back, and only until it expires', () => {
    const links = linkSigner(secret, 'export-file', schema);
    const token = links.sign({ env: 'e1', id: 'r1' }, later);
    expect(links.verify(token, now)).toEqual({ ok: true, claims: { env: 'e1', id: 'r1' } });
    expect(links.verify(token, later)).toEqual({ ok: false, reason: 'expired', claims: { env: 'e1', id: 'r1' } });
  });

  test('a link of one purpose is refused by every other purpose and by another secret', () => {
    for (const signedFor of purposes) {
      const token = linkSigner(secret, signedFor, schema).sign({ env: 'e1', id: 'r1' }, later);
      for (const checkedAs of purposes) {
        expect(linkSigner(secret, checkedAs, schema).verify(token, now).ok, `${signedFor} as ${checkedAs}`).toBe(
          signedFor === checkedAs,
        );
      }
      expect(linkSigner(`${secret}x`, signedFor, schema).verify(token, now)).toEqual({
        ok: false,
        reason: 'signature',
      });
    }
  });

  test('no changed character, rewritten claim or junk passes', () => {
    const links = linkSigner(secret, 'einvoice-file', schema);
    const token = links.sign({ env: 'e1', id: 'r1' }, later);
    for (let i = 0; i < token.length; i++) {
      const tampered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
      expect(links.verify(tampered, now).ok, `position ${i}`).toBe(false);
    }
    const [payload, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, env: 'e2' })).toString('base64url')}.${mac}`;
    expect(links.verify(forged, now)).toEqual({ ok: false, reason: 'signature' });
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (junk) => !links.verify(junk, now).ok));
    expect(links.verify('x'.repeat(10_000), now)).toEqual({ ok: false, reason: 'malformed' });
  });

  test('a stamp gives its time back for its own purpose and binding only', () => {
    const stamps = stampSigner(secret, 'form-time');
    const stamp = stamps.sign(1234, ['public', 'env', 'form']);
    expect(stamps.issuedAt(stamp, ['public', 'env', 'form'])).toBe(1234);
    expect(stamps.issuedAt(stamp, ['portal', 'env', 'form'])).toBeNull();
    expect(stamps.issuedAt(stamp, ['public', 'env', 'other'])).toBeNull();
    expect(stampSigner(secret, 'portal-csrf').issuedAt(stamp, ['public', 'env', 'form'])).toBeNull();
    expect(stamps.issuedAt(`9${stamp}`, ['public', 'env', 'form'])).toBeNull();
  });
});
