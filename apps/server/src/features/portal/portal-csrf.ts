import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stampSigner } from '../../signing/signed-links';
import { sessionLifetimeMs } from './portal.service';

/** The portal's cookies are set only for its own path: /portal/{url_slug}. */
export const portalPath = (slug: string) => `/portal/${encodeURIComponent(slug)}`;

export const readCookie = (req: FastifyRequest, name: string): string | undefined => {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
};

export type PortalCookie = Readonly<{
  name: string;
  slug: string;
  value: string;
  /** null: a browser-session cookie. */
  maxAgeSeconds: number | null;
  secure: boolean;
}>;

export const portalCookie = (c: PortalCookie): string =>
  [
    `${c.name}=${c.value}`,
    `Path=${portalPath(c.slug)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(c.maxAgeSeconds === null ? [] : [`Max-Age=${c.maxAgeSeconds}`]),
    ...(c.secure ? ['Secure'] : []),
  ].join('; ');

const nonceCookie = 'kontor_portal_csrf';
const nonceShape = /^[A-Za-z0-9_-]{43}$/;
/** A page's token works as long as a portal session lasts: a page older than that has lost its session anyway. */
export const csrfLifetimeMs = sessionLifetimeMs;

/**
 * CSRF protection of the portal's posts (issue 30): a double submit. The browser holds a random
 * nonce in a cookie of its own (HttpOnly, SameSite=Lax, only for this portal's path); every form
 * carries `_csrf`, a signed time stamp bound to the portal's slug and that nonce. A cross-site page
 * can neither read the nonce nor make the browser send it with a cross-site post, so its post —
 * a login with the attacker's link, a logout, an answer — fails the check.
 */
export const portalCsrf = (config: Readonly<{ secret: string | undefined; secure: boolean }>) => {
  const stamps = stampSigner(config.secret, 'portal-csrf');
  const nonceOf = (req: FastifyRequest) => {
    const nonce = readCookie(req, nonceCookie);
    return nonce && nonceShape.test(nonce) ? nonce : null;
  };
  return {
    /** The token for the forms of a page; sets the nonce cookie first where the browser has none. */
    issue: (req: FastifyRequest, reply: FastifyReply, slug: string, now: number): string => {
      let nonce = nonceOf(req);
      if (!nonce) {
        nonce = randomBytes(32).toString('base64url');
        const cookie = { name: nonceCookie, slug, value: nonce, maxAgeSeconds: null, secure: config.secure };
        reply.header('set-cookie', portalCookie(cookie));
      }
      return stamps.sign(now, [slug, nonce]);
    },
    /** Whether a post carries a token of this portal and this browser, not older than its lifetime. */
    accepts: (req: FastifyRequest, slug: string, posted: string, now: number): boolean => {
      const nonce = nonceOf(req);
      const issued = nonce ? stamps.issuedAt(posted, [slug, nonce]) : null;
      // A minute of grace for the clocks of several server processes.
      return issued !== null && issued - now <= 60_000 && now - issued <= csrfLifetimeMs;
    },
  };
};
