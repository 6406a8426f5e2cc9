import { z } from 'zod';
import { linkSigner } from '../../signing/signed-links';

/**
 * Links that fetch an e-invoice file without a bearer token (a new tab, a download), signed by the
 * one link signing (purpose `einvoice-file`), alive five minutes.
 */

const linkSeconds = 5 * 60;

const claimsSchema = z.object({
  env: z.string().max(64),
  user: z.string().max(64),
  type: z.string().max(60),
  id: z.string().max(64),
  format: z.enum(['xrechnung', 'zugferd']),
});
type EinvoiceLinkClaims = z.infer<typeof claimsSchema>;

export const einvoiceLinks = (secret: string | undefined) => {
  const signer = linkSigner(secret, 'einvoice-file', claimsSchema);
  return {
    sign: (claims: EinvoiceLinkClaims, now: Date) => signer.sign(claims, new Date(now.getTime() + linkSeconds * 1000)),
    verify: signer.verify,
  };
};
