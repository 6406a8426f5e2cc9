import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { html, type SafeHtml, trusted } from './html';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

type PolicyOptions = Readonly<{
  /** Inline <style> blocks of the page; each is allowed by its hash, nothing else inline. */
  styles?: readonly string[];
  /** Where the page's forms may post ('self' for a page that posts back to itself). */
  formAction?: 'self' | 'none';
  /** Inline scripts allowed by hash (a signature pad); none by default. */
  scripts?: readonly string[];
  /** Extra image sources beside 'self' (e.g. `data:` for a drawn signature preview). */
  imgSources?: readonly string[];
}>;

/**
 * The Content-Security-Policy of a public page: nothing loads but the page's own hashed styles and
 * scripts and images from this server, no frame may embed it and no form may post elsewhere.
 */
export const contentSecurityPolicy = (options: PolicyOptions = {}): string =>
  [
    "default-src 'none'",
    `style-src ${(options.styles ?? []).map((s) => `'sha256-${sha256(s)}'`).join(' ') || "'none'"}`,
    `script-src ${(options.scripts ?? []).map((s) => `'sha256-${sha256(s)}'`).join(' ') || "'none'"}`,
    `img-src 'self' ${(options.imgSources ?? []).join(' ')}`.trim(),
    "base-uri 'none'",
    `form-action ${options.formAction === 'self' ? "'self'" : "'none'"}`,
    "frame-ancestors 'none'",
  ].join('; ');

type Document = Readonly<{
  title: string;
  body: SafeHtml;
  style: string;
  /** Search engines may index the page (the website); private pages (forms, portal) say noindex. */
  indexable?: boolean;
  head?: SafeHtml;
  /** The page's language (the environment's); German when not given. */
  lang?: 'de' | 'en';
}>;

/**
 * A complete HTML document (German unless the environment speaks English) around a body; the title is escaped. The style is the page's own
 * (never user text): it must be byte-identical to the one hashed into the policy.
 */
export const htmlDocument = (doc: Document): string =>
  html`<!doctype html>
<html lang="${doc.lang ?? 'de'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${doc.indexable ? '' : html`<meta name="robots" content="noindex">`}<title>${doc.title}</title>${doc.head ?? ''}<style>${trusted(doc.style)}</style></head>
<body>${doc.body}</body></html>`.value;

/** Sends a public page with its policy; public pages are never cached by default (answers, sessions). */
export const sendPage = (
  reply: FastifyReply,
  status: number,
  document: string,
  policy: PolicyOptions,
  cacheControl = 'no-store',
): FastifyReply =>
  reply
    .status(status)
    .header('content-security-policy', contentSecurityPolicy(policy))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', cacheControl)
    .type('text/html; charset=utf-8')
    .send(document);
