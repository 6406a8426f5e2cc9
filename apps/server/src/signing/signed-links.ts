import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

/**
 * The one signing of every link and stamp the server hands out without a session (issue 30 item 1):
 * the local storage's file URLs, a record's PDF preview, an e-invoice download, the public forms'
 * time tokens and the portal's CSRF tokens. HMAC-SHA256 with a key derived per purpose, and the
 * purpose written into the signed data as well: a token of one purpose is worth nothing in another,
 * even under the same secret.
 *
 * The secret is FILE_URL_SECRET; without one, a key drawn at the start of this process (its links
 * then die with the process; the local storage passes its own persisted key).
 */

export type LinkPurpose = 'file-url' | 'export-file' | 'einvoice-file' | 'form-time' | 'portal-csrf';

const version = 'kontor-link.v2';
const processSecret = randomBytes(32).toString('base64url');
/** Longer tokens are refused unread (a file URL's claims, with a long file name, stay far below). */
const maxTokenChars = 8192;

const keyOf = (secret: string | undefined, purpose: LinkPurpose): Buffer =>
  createHmac('sha256', secret ?? processSecret)
    .update(`${version}\n${purpose}`)
    .digest();

const macOf = (key: Buffer, data: string): string => createHmac('sha256', key).update(data).digest('base64url');

/** Compared as text in constant time: base64url's spare bits would let two spellings decode to one MAC. */
const sameMac = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** An expired link's claims come back with it: its MAC held, so the page can name its environment's language. */
export type LinkCheck<T> =
  | { ok: true; claims: T }
  | { ok: false; reason: 'malformed' | 'signature' }
  | { ok: false; reason: 'expired'; claims: T };

/**
 * A signer for one purpose: `sign` puts the claims, the purpose and the expiry into a base64url JSON
 * payload with its MAC; `verify` checks the MAC before reading a single claim, then the purpose, the
 * claims' shape and the expiry.
 */
export const linkSigner = <S extends z.ZodType<Record<string, unknown>>>(
  secret: string | undefined,
  purpose: LinkPurpose,
  claimsSchema: S,
) => {
  const key = keyOf(secret, purpose);
  return {
    sign: (claims: z.input<S>, expiresAt: Date): string => {
      const signed = {
        ...(claims as Record<string, unknown>),
        p: purpose,
        exp: Math.floor(expiresAt.getTime() / 1000),
      };
      const payload = Buffer.from(JSON.stringify(signed)).toString('base64url');
      return `${payload}.${macOf(key, payload)}`;
    },
    verify: (token: string, now: Date): LinkCheck<z.output<S>> => {
      const dot = token.indexOf('.');
      if (dot <= 0 || token.length > maxTokenChars) return { ok: false, reason: 'malformed' };
      const payload = token.slice(0, dot);
      if (!sameMac(token.slice(dot + 1), macOf(key, payload))) return { ok: false, reason: 'signature' };
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (typeof parsed !== 'object' || parsed === null) return { ok: false, reason: 'malformed' };
      const { p, exp, ...rest } = parsed as Record<string, unknown>;
      if (p !== purpose || typeof exp !== 'number' || !Number.isInteger(exp)) return { ok: false, reason: 'malformed' };
      const claims = claimsSchema.safeParse(rest);
      if (!claims.success) return { ok: false, reason: 'malformed' };
      if (exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired', claims: claims.data };
      return { ok: true, claims: claims.data };
    },
  };
};

/**
 * Signed time stamps for one purpose: `{ms}.{mac}`, the MAC over the purpose, what the stamp is
 * bound to (a form, a portal and a browser's nonce) and the time. `issuedAt` gives the time back for
 * the same binding only, null for a forged, foreign or malformed stamp.
 */
export const stampSigner = (secret: string | undefined, purpose: LinkPurpose) => {
  const key = keyOf(secret, purpose);
  // JSON keeps the parts apart: no two bindings spell the same MAC input.
  const mac = (ms: number, binding: readonly string[]) => macOf(key, JSON.stringify([ms, ...binding]));
  return {
    sign: (ms: number, binding: readonly string[]) => `${ms}.${mac(ms, binding)}`,
    issuedAt: (token: string, binding: readonly string[]): number | null => {
      if (token.length > 200) return null;
      const [ms, given, rest] = token.split('.');
      if (!ms || !given || rest !== undefined || !/^\d{1,15}$/.test(ms)) return null;
      return sameMac(given, mac(Number(ms), binding)) ? Number(ms) : null;
    },
  };
};
