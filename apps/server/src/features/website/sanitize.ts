import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for HTML a person types into a website block or design variable. It runs on
 * save (what is stored is already clean) and again on render (a row written before a rule
 * changed, or by any other path, is cleaned too). No script, style, iframe, form or event
 * handler survives; links may only go to http(s), mailto and tel and always get
 * rel="noopener nofollow"; images only from http(s) or our own paths.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'span',
    'div',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'address',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    '*': ['lang'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside dropped script/style elements is dropped with them (the default keeps nothing).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener nofollow' },
    }),
  },
  allowedClasses: {},
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

// rel is set by the transform, so it must pass the attribute filter after it.
(options.allowedAttributes as Record<string, string[]>).a?.push('rel');

/** Loaded on first use (about 0.3 s of import that a start without website saves would pay). */
let sanitizer: typeof sanitizeHtml | undefined;

export const sanitizeBlockHtml = (dirty: string): string => {
  sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml;
  return sanitizer(dirty, options);
};
