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

/** Address → environment lookups (slug or host), kept a few seconds: a blocked environment goes dark quickly. */
export type SiteTarget = Readonly<{
  id: string;
  slug: string;
  status: string;
  /** The environment's modules: a switched-off website module serves no site. */
  functions: Readonly<Partial<Record<string, { active: boolean }>>>;
}>;
const targetTtlMs = 5_000;
const targets = new Map<string, { target: SiteTarget | null; at: number }>();

export const cachedTarget = (key: string, now: number) => {
  const hit = targets.get(key);
  return hit && now - hit.at < targetTtlMs ? hit : undefined;
};

export const storeTarget = (key: string, target: SiteTarget | null, now: number): void => {
  if (targets.size >= 5000) targets.delete(targets.keys().next().value as string);
  targets.set(key, { target, at: now });
};

/** A host was set or changed: forget every host lookup. */
export const invalidateTargets = (): void => targets.clear();
