import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Tokens of the local driver's signed URLs (`/files/{key}?token=…`): the claims as base64url JSON
 * and an HMAC-SHA256 over them. The token carries everything the route needs (method, key, size,
 * types, names), so nothing else in the URL is believed: changing one character of it, or using it
 * for another key or method, fails the check. Stateless, like S3's presigned URLs.
 */

const claimsSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('get'),
    key: z.string(),
    filename: z.string(),
    contentType: z.string(),
    inline: z.boolean(),
    exp: z.number().int(),
  }),
  z.object({
    op: z.literal('put'),
    key: z.string(),
    size: z.number().int(),
    contentType: z.string(),
    exp: z.number().int(),
  }),
  z.object({
    op: z.literal('part'),
    key: z.string(),
    uploadId: z.string(),
    partNumber: z.number().int(),
    size: z.number().int(),
    exp: z.number().int(),
  }),
]);

export type FileUrlClaims = z.infer<typeof claimsSchema>;
type Unsigned<T> = T extends unknown ? Omit<T, 'exp'> : never;

/** Domain separation: this secret's MACs mean nothing to any other use of it. */
const context = 'kontor-file-url.v1\n';

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(context).update(payload).digest();

export const signFileToken = (secret: string, claims: Unsigned<FileUrlClaims>, expiresAt: Date): string => {
  const payload = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(expiresAt.getTime() / 1000) })).toString(
    'base64url',
  );
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
};

export type TokenCheck =
  | { ok: true; claims: FileUrlClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Checks the MAC in constant time before reading a single claim, then the expiry. */
export const verifyFileToken = (secret: string, token: string, now: Date): TokenCheck => {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 8192) return { ok: false, reason: 'malformed' };
  const payload = token.slice(0, dot);
  // Compared as text: base64url's spare bits would let two spellings decode to one MAC.
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const claims = claimsSchema.safeParse(parsed);
  if (!claims.success) return { ok: false, reason: 'malformed' };
  if (claims.data.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: claims.data };
};
