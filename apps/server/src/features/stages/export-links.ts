import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Links that open a record's PDF without a bearer token (the preview's iframe, a new tab):
 * `/api/dynamic-records/exports/file?token=…`, the claims as base64url JSON with an HMAC-SHA256.
 * The token names the environment, the user who asked, the record and the export, and lives
 * five minutes. The secret is FILE_URL_SECRET, or one drawn at start (links then die with the process).
 */

export const exportFilePath = '/api/dynamic-records/exports/file';
export const linkSeconds = 5 * 60;

const claimsSchema = z.object({
  env: z.string(),
  user: z.string(),
  type: z.string(),
  id: z.string(),
  export: z.string(),
  inline: z.boolean(),
  exp: z.number().int(),
});
export type ExportLinkClaims = z.infer<typeof claimsSchema>;

const context = 'kontor-export-link.v1\n';
const processSecret = randomBytes(32).toString('hex');
const secretOf = (configured: string | undefined) => configured ?? processSecret;

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(context).update(payload).digest();

export const signExportLink = (
  secret: string | undefined,
  claims: Omit<ExportLinkClaims, 'exp'>,
  now: Date,
): string => {
  const payload = Buffer.from(
    JSON.stringify({ ...claims, exp: Math.floor(now.getTime() / 1000) + linkSeconds }),
  ).toString('base64url');
  return `${payload}.${mac(secretOf(secret), payload).toString('base64url')}`;
};

/** The claims of a valid, unexpired token; null for anything else. */
export const verifyExportLink = (secret: string | undefined, token: string, now: Date): ExportLinkClaims | null => {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 4096) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secretOf(secret), payload).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = claimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!claims.success || claims.data.exp * 1000 <= now.getTime()) return null;
    return claims.data;
  } catch {
    return null;
  }
};
