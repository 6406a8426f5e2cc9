import { z } from 'zod';
import { type LinkCheck, linkSigner } from '../signing/signed-links';

/**
 * Tokens of the local driver's signed URLs (`/files/{key}?token=…`), signed by the one link
 * signing (signing/signed-links.ts, purpose `file-url`). The token carries everything the route
 * needs (method, key, size, types, names), so nothing else in the URL is believed: changing one
 * character of it, or using it for another key or method, fails the check. Stateless, like S3's
 * presigned URLs.
 */

const claimsSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('get'),
    key: z.string(),
    filename: z.string(),
    contentType: z.string(),
    inline: z.boolean(),
  }),
  z.object({ op: z.literal('put'), key: z.string(), size: z.number().int(), contentType: z.string() }),
  z.object({
    op: z.literal('part'),
    key: z.string(),
    uploadId: z.string(),
    partNumber: z.number().int(),
    size: z.number().int(),
  }),
]);

export type FileUrlClaims = z.infer<typeof claimsSchema>;
export type TokenCheck = LinkCheck<FileUrlClaims>;

export const signFileToken = (secret: string, claims: FileUrlClaims, expiresAt: Date): string =>
  linkSigner(secret, 'file-url', claimsSchema).sign(claims, expiresAt);

export const verifyFileToken = (secret: string, token: string, now: Date): TokenCheck =>
  linkSigner(secret, 'file-url', claimsSchema).verify(token, now);
