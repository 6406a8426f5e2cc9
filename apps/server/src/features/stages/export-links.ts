import { z } from 'zod';
import { linkSigner } from '../../signing/signed-links';

/**
 * Links that open a record's PDF without a bearer token (the preview's iframe, a new tab):
 * `/api/dynamic-records/exports/file?token=…`, signed by the one link signing (purpose
 * `export-file`). The token names the environment, the user who asked, the record and the export,
 * and lives five minutes.
 */

export const exportFilePath = '/api/dynamic-records/exports/file';
const linkSeconds = 5 * 60;

const claimsSchema = z.object({
  env: z.string().max(64),
  user: z.string().max(64),
  type: z.string().max(60),
  id: z.string().max(64),
  export: z.string().max(120),
  inline: z.boolean(),
});
type ExportLinkClaims = z.infer<typeof claimsSchema>;

export const exportLinks = (secret: string | undefined) => {
  const signer = linkSigner(secret, 'export-file', claimsSchema);
  return {
    sign: (claims: ExportLinkClaims, now: Date) => signer.sign(claims, new Date(now.getTime() + linkSeconds * 1000)),
    verify: signer.verify,
  };
};
