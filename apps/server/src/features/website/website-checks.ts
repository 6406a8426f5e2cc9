import { isIP } from 'node:net';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { sanitizeBlockHtml } from './sanitize';
import { isProductSegment } from './site-paths';

/**
 * Checks of what a person types into the website manager. Markup that could run (script, frames,
 * event handlers, javascript: addresses) is refused on save with a clear message, in HTML and in
 * text fields alike; HTML that passes is still cleaned by the allow-list before it is stored.
 */
const unsafePatterns = [
  /<\s*\/?\s*(script|iframe|frame|frameset|object|embed|applet|base|meta|link|style|form|svg|math|template)\b/i,
  /<[^>]*[\s/"']on[a-z]+\s*=/i,
  /(java|vb|live)script\s*:/i,
  /data\s*:\s*text\/html/i,
  /&#0*(106|74);|&#x0*(6a|4a);|&colon;|&Tab;|&NewLine;/i,
];

export const isUnsafeMarkup = (text: string): boolean => unsafePatterns.some((p) => p.test(text));

/** Addresses a link may have: http(s), mailto, tel, a path of the website or an anchor. */
export const isSafeUrl = (url: string): boolean =>
  url === '' ||
  /^https?:\/\/[^\s<>"']+$/i.test(url) ||
  /^mailto:[^\s<>"']+$/i.test(url) ||
  /^tel:[0-9+()\-./ ]+$/i.test(url) ||
  /^\/(?!\/)[^\s<>"'\\]*$/.test(url) ||
  /^#[A-Za-z0-9_-]*$/.test(url);

export type FieldErrors = Record<string, string[]>;

/** Cleans one HTML value, or records why it is refused. */
export const checkedHtml = (value: string, field: string, errors: FieldErrors, t: Translate): string => {
  if (isUnsafeMarkup(value)) {
    errors[field] = [t('website.error.unsafeMarkup')];
    return value;
  }
  return sanitizeBlockHtml(value);
};

export const checkedText = (value: string, field: string, errors: FieldErrors, t: Translate): string => {
  if (isUnsafeMarkup(value)) errors[field] = [t('website.error.unsafeMarkup')];
  return value;
};

export const checkedUrl = (value: string, field: string, errors: FieldErrors, t: Translate): string => {
  if (isUnsafeMarkup(value) || !isSafeUrl(value.trim())) errors[field] = [t('website.error.unsafeUrl')];
  return value.trim();
};

/**
 * First path segments and whole paths the site itself answers, and the product's own (issue 30:
 * under the website's host they are a 404, so no page may take them).
 */
const reservedSegments = new Set(['_files', '_assets', 'api', 'sitemap.xml', 'robots.txt', 'favicon.ico', 'site']);
const isReservedSegment = (segment: string) => reservedSegments.has(segment) || isProductSegment(segment);

const transliterate = (text: string) =>
  text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

/** The path built from a title when none was typed: '/ueber-uns'. */
export const pathFromTitle = (title: string): string => {
  const slug = transliterate(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `/${slug || 'seite'}`;
};

/** A typed path normalised ('Ueber-Uns/' → '/ueber-uns'), or the reason it is refused. */
export const normalisePath = (raw: string): { path: string } | { error: 'invalid' | 'reserved' } => {
  let path = raw.trim().toLowerCase();
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/\/+$/, '');
  if (path === '') return { error: 'reserved' };
  const first = path.split('/')[1] ?? '';
  if (isReservedSegment(first)) return { error: 'reserved' };
  if (!/^(\/[a-z0-9][a-z0-9-]*)+$/.test(path) || path.length > 200) return { error: 'invalid' };
  return { path };
};

const hostPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
export const isValidHost = (host: string): boolean => hostPattern.test(host);

const bare = (host: string) =>
  host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');

/**
 * Why a host cannot be a website's own host (issue 30 item 2), or null: 'address' for IP literals
 * (also the forms browsers read as IPv4, e.g. 0x7f.1) and localhost, 'reserved' for the product's
 * own host, any name under it and, for www.x, x itself and www.x under the bare name.
 */
export const hostRefusal = (rawHost: string, appUrl: string): 'address' | 'reserved' | null => {
  const host = bare(rawHost);
  const last = host.split('.').pop() ?? '';
  if (isIP(host) !== 0 || /^(0x[0-9a-f]*|\d+)$/.test(last)) return 'address';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'address';
  const app = bare(new URL(appUrl).hostname);
  const apex = app.replace(/^www\./, '');
  const under = (name: string) => host === name || host.endsWith(`.${name}`);
  return under(app) || host === apex || host === `www.${apex}` ? 'reserved' : null;
};

/** The DNS TXT record that proves control of a host (issue 30 item 2). */
export const verificationRecord = (host: string, token: string) => ({
  name: `_kontor-verify.${host}`,
  value: `kontor-verify=${token}`,
});

/** Menu entry attributes a person may set; everything else could carry script or break the page. */
export const allowedMenuAttributes = new Set(['title', 'target', 'rel', 'aria-label']);
