/**
 * What a website answers under its own host (issue 30 item 2): its pages, its images
 * (/_files/{id}), robots.txt, sitemap.xml and favicon.ico. The product's own paths never: under a
 * website's host `/api/…`, `/files/…`, `/portal/…`, the login and account screens and the web app's
 * assets get a plain 404, so a tenant's host cannot front the product (or look like it).
 */

/** First path segments of the product (server routes and the web app's screens); no page takes them. */
export const productSegments: ReadonlySet<string> = new Set([
  'api',
  'files',
  'portal',
  'forms',
  'book',
  'site',
  'login',
  'logout',
  'account',
  'env',
  'register',
  'activate',
  'forgot-pw',
  'change-pw',
  'create-environment',
  'assets',
  'dev',
  'healthz',
  'readyz',
]);

/** `/reset`, `/reset-pw/…` and whatever else starts so (the product's password screens). */
export const isProductSegment = (segment: string): boolean =>
  productSegments.has(segment) || segment.startsWith('reset');

const ownFiles = new Set(['/', '/robots.txt', '/sitemap.xml', '/favicon.ico']);
const image = /^\/_files\/[0-9a-f-]{36}$/i;
/** A page address as normalisePath stores it (lower case, checked case-insensitively like the lookup). */
const pagePath = /^(\/[a-z0-9][a-z0-9-]*)+\/?$/i;

/** Whether a decoded path (without its query) belongs to the website rather than to the product. */
export const isSitePath = (path: string): boolean => {
  if (ownFiles.has(path) || image.test(path)) return true;
  if (!pagePath.test(path)) return false;
  return !isProductSegment((path.split('/')[1] ?? '').toLowerCase());
};
