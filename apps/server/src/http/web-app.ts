import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { translator } from '@kontor/contract/i18n/catalogs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { defaultLanguage } from './request-language';

const t = translator(defaultLanguage);

/**
 * The page's own inline scripts (`<script>` without attributes, written by our build) added to the
 * policy's script-src by hash: the start page checks for a stored session before its first paint,
 * without waiting for a request. Any other inline script stays refused.
 */
export const allowInlineScripts = (policy: string, html: string): string => {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
  if (hashes.length === 0) return policy;
  return policy.replace(/script-src ([^;]*)/, (_all, sources: string) => `script-src ${sources} ${hashes.join(' ')}`);
};

/**
 * The built single-page app; every unknown page path gets its index.html (client routing). A
 * missing file (a path with an extension, e.g. an old `/assets/*.js` after a deploy) is a real 404,
 * so a stale page fails loudly instead of parsing HTML as JavaScript.
 */
export const serveWebApp = async (app: FastifyInstance, dist: string) => {
  const index = path.join(dist, 'index.html');
  // The start page with the login form prerendered (vite.config.ts); index.html when the build has none.
  const startPage = path.join(dist, 'start.html');
  if (fs.existsSync(dist)) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      index: false,
      // The build wrote .br and .gz beside each asset: sent as they are, never compressed per request.
      preCompressed: true,
      // A directory ('/', '/assets/') is no file: the fallback below answers it with the page
      // (without this, `send` refuses it with 403 and the start page is an error envelope).
      allowedPath: (pathname) => !pathname.endsWith('/'),
      // Vite names assets by content hash: they never change under one name.
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const readPage = (file: string) => fs.promises.readFile(file, 'utf8').catch(() => null);
  const sendHtml = (reply: FastifyReply, html: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  const sendIndex = async (reply: FastifyReply) => {
    const html = await readPage(index);
    if (html === null) {
      return reply.status(503).type('text/plain; charset=utf-8').send('Web app not built: run `npm run build`.');
    }
    return sendHtml(reply, html);
  };
  app.get('/', async (_req, reply) => {
    const html = await readPage(startPage);
    if (html === null) return sendIndex(reply);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', allowInlineScripts(policy, html));
    return sendHtml(reply, html);
  });
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api/') || req.method !== 'GET') {
      return reply.status(404).send({ status: 'error', code: 'not_found', message: t('common.unknownCall') });
    }
    if (/\.[A-Za-z0-9]+$/.test(pathname)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return sendIndex(reply);
  });
};
