import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Links that fetch an e-invoice file without a bearer token (a new tab, a download): the claims as
 * base64url JSON with an HMAC-SHA256 over a context of their own, alive five minutes. The secret is
 * FILE_URL_SECRET, or one drawn at start (links then die with the process).
 */

const linkSeconds = 5 * 60;

const claimsSchema = z.object({
  env: z.string().max(64),
  user: z.string().max(64),
  type: z.string().max(60),
  id: z.string().max(64),
  format: z.enum(['xrechnung', 'zugferd']),
  exp: z.number().int(),
});
export type EinvoiceLinkClaims = z.infer<typeof claimsSchema>;

const context = 'kontor-einvoice-link.v1\n';
const processSecret = randomBytes(32).toString('hex');
const mac = (secret: string | undefined, payload: string) =>
  createHmac('sha256', secret ?? processSecret)
    .update(context)
    .update(payload)
    .digest('base64url');

export const signEinvoiceLink = (
  secret: string | undefined,
  claims: Omit<EinvoiceLinkClaims, 'exp'>,
  now: Date,
): string => {
  const payload = Buffer.from(
    JSON.stringify({ ...claims, exp: Math.floor(now.getTime() / 1000) + linkSeconds }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
};

/** The claims of a valid, unexpired token; null for anything else. */
export const verifyEinvoiceLink = (secret: string | undefined, token: string, now: Date): EinvoiceLinkClaims | null => {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 4096) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = claimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!claims.success || claims.data.exp * 1000 <= now.getTime()) return null;
    return claims.data;
  } catch {
    return null;
  }
};
