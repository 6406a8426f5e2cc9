import type * as api from '@kontor/contract/api/website';
import { AppError } from '../../http/errors';
import type { TxtLookup } from '../../net/dns';
import { invalidateSite, invalidateTargets } from './site-cache';
import { websiteRepo } from './website.repo';
import { type SiteContext, websiteDetails } from './website.service';
import { hostRefusal, verificationRecord } from './website-checks';

/**
 * Proof of control of the website's own host (issue 30 item 2, 'Website host squatting'): the owner
 * creates the DNS TXT record `_kontor-verify.<host>` = `kontor-verify=<token>`; 'Jetzt prüfen' looks
 * it up and only then is the site served under the host. In two short transactions with the DNS
 * lookup between them, so a slow name server holds no database connection.
 */

/** How long a lookup may take before the check answers 'timeout'. */
export const hostCheckTimeoutMs = 5_000;

export type HostClaim = Readonly<{
  host: string;
  token: string;
  verified: boolean;
  record: Readonly<{ name: string; value: string }>;
}>;

const taken = (c: SiteContext) =>
  new AppError('conflict', {
    message: c.t('website.error.hostTaken'),
    errors: { host: [c.t('website.error.hostTaken')] },
  });

/** Step 1: the saved host still claimable (not the product's, not verified by another environment). */
export const hostClaim = async (c: SiteContext): Promise<HostClaim> => {
  const repo = websiteRepo(c.scope);
  const row = await repo.hostRow();
  if (!row) throw new AppError('invalid', { message: c.t('website.host.noHost') });
  const refusal = hostRefusal(row.host, c.appUrl);
  if (refusal) {
    const message = c.t(refusal === 'address' ? 'website.error.hostAddress' : 'website.error.hostReserved');
    throw new AppError('invalid', { message, errors: { host: [message] } });
  }
  if (await repo.hostTakenElsewhere(row.host)) throw taken(c);
  return {
    host: row.host,
    token: row.token,
    verified: row.verifiedAt !== null,
    record: verificationRecord(row.host, row.token),
  };
};

/** Step 3: the lookup's answer decides; the host is verified only if it still carries the token. */
export const confirmHost = async (c: SiteContext, claim: HostClaim, found: TxtLookup): Promise<api.Website> => {
  if (!claim.verified) {
    const { name, value } = claim.record;
    if ('error' in found) {
      throw new AppError('invalid', {
        message: c.t(found.error === 'timeout' ? 'website.host.checkTimeout' : 'website.host.checkNotFound', { name }),
      });
    }
    if (!found.records.some((r) => r.trim() === value)) {
      throw new AppError('invalid', { message: c.t('website.host.checkWrongValue', { name, value }) });
    }
    const repo = websiteRepo(c.scope);
    if (await repo.hostTakenElsewhere(claim.host)) throw taken(c);
    if (!(await repo.markHostVerified(claim.token, c.now))) {
      throw new AppError('conflict', { message: c.t('website.host.checkError') });
    }
    invalidateTargets();
    invalidateSite(c.scope.envId);
  }
  return websiteDetails(c);
};
