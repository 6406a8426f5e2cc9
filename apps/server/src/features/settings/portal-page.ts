import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { publicPortal } from './portals.service';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const style = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6fb;color:#1a1b1e}
main{width:100%;max-width:480px;background:#fff;border:1px solid #dee2e6;border-radius:16px;padding:40px 32px;
box-shadow:0 8px 24px rgba(30,40,90,.06);text-align:center}
.company{margin:0 0 8px;font-size:14px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:#495057}
h1{margin:0 0 16px;font-size:28px;line-height:1.25;overflow-wrap:anywhere}
p{margin:0;color:#495057;line-height:1.5}`;

// The page's one stylesheet is allowed by its hash: no inline script or foreign style can run.
const styleHash = createHash('sha256').update(style).digest('base64');
const csp = [
  "default-src 'none'",
  `style-src 'sha256-${styleHash}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const page = (title: string, body: string) => `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${style}</style></head>
<body><main>${body}</main></body></html>`;

const send = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);

/**
 * The public customer portal at /portal/{url_slug} (CLARIFICATIONS "Public addresses"), rendered
 * on the server so it works without the web app. The customers' login comes with the query-forms
 * issue; until then the page names the company. An unknown or inactive portal is a 404.
 */
export const registerPortalPage = (app: FastifyInstance): void => {
  app.get<{ Params: { slug: string } }>('/portal/:slug', async (req, reply) => {
    const portal = await publicPortal(app.deps.database.db, req.params.slug);
    if (!portal) {
      return send(
        reply,
        404,
        page(
          'Seite nicht gefunden',
          '<h1>Seite nicht gefunden</h1><p>Dieses Portal gibt es nicht oder es ist nicht aktiv.</p>',
        ),
      );
    }
    const title = portal.title || portal.company;
    return send(
      reply,
      200,
      page(
        `${title} – ${portal.company}`,
        `<p class="company">${escapeHtml(portal.company)}</p><h1>${escapeHtml(title)}</h1>` +
          '<p>Hier können sich Kundinnen und Kunden bald anmelden, um Formulare auszufüllen und ihre Unterlagen einzusehen.</p>',
      ),
    );
  });
};
