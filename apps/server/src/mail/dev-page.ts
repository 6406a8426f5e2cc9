import { translator } from '@kontor/contract/i18n/catalogs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { defaultLanguage } from '../http/request-language';
import { escapeHtml } from '../public/html';
import { recentMails } from './outbox.repo';

// Answered before any environment, and so any language of one, is known (request-language.ts).
const t = translator(defaultLanguage);

/**
 * The page exists only where it cannot leak anything: in development, while no mail leaves the
 * machine (no SMTP transport), so the outbox's links are the developer's only way to them. Behind
 * a reverse proxy (TRUST_PROXY set) every visitor arrives from the proxy's address, often
 * loopback, so there it does not exist either (issue 30).
 */
export const devMailPageEnabled = (config: Pick<Config, 'production' | 'smtpUrl' | 'trustProxy'>): boolean =>
  !config.production && !config.smtpUrl && config.trustProxy === false;

/**
 * Loopback by the socket's own address: a header (X-Forwarded-For, Host) is the client's word and
 * proves nothing. IPv4-mapped IPv6 (`::ffff:127.0.0.1`) counts too.
 */
const isLoopback = (address: string | undefined): boolean => {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
};

/** Headers a proxy adds: whoever sent them came through one (or pretends to), not from this machine. */
const forwardingHeaders = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
]);
const isForwarded = (headers: FastifyRequest['headers']): boolean =>
  Object.keys(headers).some((name) => forwardingHeaders.has(name) || name.startsWith('x-forwarded-'));

/**
 * A reverse proxy on this machine connects from loopback for every visitor: a request with any
 * forwarding header is refused however it connects (issue 30).
 */
const fromThisMachine = (req: FastifyRequest) => isLoopback(req.raw.socket.remoteAddress) && !isForwarded(req.headers);

/** Development only: the last mails of the outbox, so links can be followed without an SMTP server. */
export const registerDevMailPage = (app: FastifyInstance): void => {
  // Anyone else gets a plain 404, whatever headers they send.
  const notFound = { status: 'error', code: 'not_found', message: t('common.unknownCall') };

  app.get('/dev/mails.json', async (req, reply) => {
    if (!fromThisMachine(req)) return reply.status(404).send(notFound);
    const rows = await recentMails(app.deps.database.db, 100);
    return rows.map((m) => ({
      id: m.id,
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      status: m.status,
      created_at: m.createdAt,
    }));
  });

  app.get('/dev/mails', async (req, reply) => {
    if (!fromThisMachine(req)) return reply.status(404).send(notFound);
    const rows = await recentMails(app.deps.database.db, 50);
    const linkify = (text: string) => escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
    const items = rows
      .map(
        (m) => `<article><header><strong>${escapeHtml(m.subject)}</strong> an ${escapeHtml(m.toAddress)}
<small>${m.createdAt.toLocaleString('de-DE')} · ${m.status}</small></header><pre>${linkify(m.textBody)}</pre></article>`,
      )
      .join('');
    const body = items || `<p>${escapeHtml(t('mail.devEmpty'))}</p>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(t('mail.devTitle'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0}small{display:block;color:#6b7280}
pre{white-space:pre-wrap;font-family:inherit}</style></head><body><h1>${escapeHtml(t('mail.devTitle'))}</h1>${body}</body></html>`);
  });
};
