import { translator } from '@kontor/contract/i18n/catalogs';
import type { FastifyInstance } from 'fastify';
import { recentMails } from './outbox.repo';
import { escapeHtml } from './templates';

const t = translator('de_sie');

/** Development only: the last mails of the outbox, so links can be followed without an SMTP server. */
export const registerDevMailPage = (app: FastifyInstance): void => {
  app.get('/dev/mails.json', async () => {
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

  app.get('/dev/mails', async (_req, reply) => {
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
