import { forgetPublicEnvironments } from '../../http/public-route';
/**
 * The rendered public pages, per environment. A save in the website manager (or of a record)
 * drops the environment's pages at once, so an edit is published instantly in this process; the
 * entries also expire after a minute, which bounds how stale a page can be where no hook fires
 * (company details changed in the settings, another server process saved).
 */
export type CachedPage = Readonly<{ status: number; body: string; etag: string; csp: string; at: number }>;

const pageTtlMs = 60_000;
const maxPagesPerSite = 300;
const maxSites = 500;
const sites = new Map<string, Map<string, CachedPage>>();

export const cachedPage = (envId: string, key: string, now: number): CachedPage | undefined => {
  const hit = sites.get(envId)?.get(key);
  return hit && now - hit.at < pageTtlMs ? hit : undefined;
};

export const storePage = (envId: string, key: string, page: CachedPage): void => {
  let site = sites.get(envId);
  if (!site) {
    if (sites.size >= maxSites) sites.delete(sites.keys().next().value as string);
    site = new Map();
    sites.set(envId, site);
  }
  if (site.size >= maxPagesPerSite) site.delete(site.keys().next().value as string);
  site.set(key, page);
};

export const invalidateSite = (envId: string): void => {
  sites.delete(envId);
};

/**
 * How long the public binder may reuse a site's environment (by slug or host, http/public-route.ts):
 * a blocked environment goes dark within seconds.
 */
export const targetTtlMs = 5_000;

/** A host was set or changed: forget every remembered lookup. */
export const invalidateTargets = (): void => forgetPublicEnvironments();
