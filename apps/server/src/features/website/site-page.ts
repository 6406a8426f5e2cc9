import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../../db/ids';
import { type HostContext, type PageContext, publicHostPages, publicPages } from '../../http/public-route';
import { contentSecurityPolicy } from '../../public/public-page';
import { requireReadyFile, storageKey } from '../files/files.service';
import { type CachedPage, cachedPage, storePage, targetTtlMs } from './site-cache';
import { isSitePath } from './site-paths';
import { isPublishedFile, renderSite, sitemapXml } from './site-render';
import { countVisit, flushAllVisits } from './visits';

/**
 * The public website (CLARIFICATIONS "Public addresses"): /site/{url_slug}/… and every path on the
 * website's own host (by the Host header). Server-rendered HTML with the design's CSS and a strict,
 * hashed Content-Security-Policy; no script at all. Pages are cached in memory (site-cache.ts) and
 * answered with an ETag, so a revisit costs a 304; the browser revalidates every time
 * (max-age=0), which is what makes an edit visible at once.
 */

const cacheControl = 'public, max-age=0, must-revalidate';

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

const compressed = new WeakMap<CachedPage, Buffer>();
const brotliOf = (page: CachedPage): Buffer => {
  let bytes = compressed.get(page);
  if (!bytes) {
    bytes = zlib.brotliCompressSync(page.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length },
    });
    compressed.set(page, bytes);
  }
  return bytes;
};

/** The decoded path of a request address without its query, or null when it does not decode. */
const sitePathOf = (url: string): string | null => {
  try {
    return decodeURIComponent(url.split('?', 1)[0] || '/');
  } catch {
    return null;
  }
};

type Via = Readonly<{ base: string; formsBase: string; origin: string; cacheKey: string }>;
type SiteContext = PageContext<{ slug: string }> | HostContext;

const send = (req: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
  reply
    .header('content-security-policy', page.csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('cache-control', cacheControl)
    .header('etag', page.etag);
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) return reply.status(304).send();
  reply.status(page.status).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(String(req.headers['accept-encoding'] ?? '')) && page.body.length > 1024) {
    // Compressed once per cached page, not once per request (the compress plugin skips an encoded answer).
    return reply.header('content-encoding', 'br').send(brotliOf(page));
  }
  return reply.send(page.body);
};

export const registerSitePages = async (app: FastifyInstance): Promise<void> => {
  const { db } = app.deps.database;
  const appUrl = new URL(app.deps.config.appUrl);

  const visit = (req: FastifyRequest, envId: string) =>
    countVisit(
      db,
      envId,
      {
        ip: req.ip,
        userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
        prefetch: /prefetch|prerender/i.test(String(req.headers.purpose ?? req.headers['sec-purpose'] ?? '')),
      },
      app.deps.now(),
    ).catch((error) => req.log.warn({ err: error }, 'website visit not counted'));

  // The binder found the environment, active with its website on (or answered 404 itself).
  const page = async (ctx: SiteContext, via: Via, rawPath: string) => {
    const { req, reply, env } = ctx;
    const [pathPart, queryPart = ''] = rawPath.split('?', 2);
    let path: string;
    try {
      path = decodeURIComponent(pathPart || '/');
    } catch {
      return ctx.notFound();
    }
    if (path === '/robots.txt') {
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(`User-agent: *\nAllow: /\nSitemap: ${via.origin}/sitemap.xml\n`);
    }
    if (path === '/sitemap.xml') {
      const xml = await ctx.inEnv((scope) => sitemapXml(scope, via.origin));
      if (xml === null) return ctx.notFound();
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
    }
    // No icon of its own (yet): an empty answer instead of a 404 in every visitor's console.
    if (path === '/favicon.ico') return reply.status(204).header('cache-control', 'public, max-age=86400').send();
    const file = /^\/_files\/([0-9a-f-]{36})$/i.exec(path);
    if (file?.[1]) return serveFile(ctx, file[1]);

    const key = `${via.cacheKey}|${path}?${queryPart.length <= 300 ? queryPart : ''}`;
    const now = Date.now();
    let cached = cachedPage(env.id, key, now);
    if (!cached) {
      const rendered = await ctx.inEnv((scope) =>
        renderSite(scope, { base: via.base, formsBase: via.formsBase, path, query: new URLSearchParams(queryPart) }),
      );
      cached = {
        status: rendered.status,
        body: rendered.body,
        // Hashed once per cached page. connect-src 'self': no script can run to use it, but
        // crawlers' audits fetch /robots.txt from the page.
        csp: `${contentSecurityPolicy({ styles: [rendered.style], imgSources: ['https:'] })}; connect-src 'self'`,
        etag: etagOf(rendered.body),
        at: now,
      };
      for (const failure of rendered.failures) {
        req.log.error({ err: failure.error, block: failure.block, envId: env.id }, 'website page failed');
      }
      if (rendered.status !== 500) storePage(env.id, key, cached);
      if (rendered.countable) void visit(req, env.id);
    } else if (cached.status === 200) void visit(req, env.id);
    return send(req, reply, cached);
  };

  const serveFile = async (ctx: SiteContext, id: string) => {
    if (!isUuid(id)) return ctx.notFound();
    const row = await ctx.inEnv(async (scope) =>
      (await isPublishedFile(scope, id)) ? requireReadyFile(scope, id).catch(() => null) : null,
    );
    if (!row || !/^image\/(png|jpeg|gif|webp|avif)$/.test(row.contentType)) return ctx.notFound();
    const object = await app.deps.storage.get(storageKey({ envId: ctx.env.id }, row.id));
    return ctx.reply
      .header('content-type', row.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'public, max-age=3600')
      .send(object.body);
  };

  const bySlug = async (ctx: PageContext<{ slug: string }>) => {
    const slug = ctx.params.slug.toLowerCase();
    const base = `/site/${encodeURIComponent(slug)}`;
    const at = ctx.req.url.indexOf('/', '/site/'.length);
    const rest = at < 0 ? '/' : ctx.req.url.slice(at);
    const via = {
      base,
      formsBase: `/forms/${encodeURIComponent(slug)}`,
      origin: `${appUrl.origin}${base}`,
      cacheKey: 'slug',
    };
    return page(ctx, via, rest);
  };
  // /site/{slug} and /site/{slug}/ (the router ignores a trailing slash) are the homepage. A site's
  // environment is remembered a few seconds: every view would otherwise cost a lookup.
  await publicPages(app, { bodyLimit: 1024, tooLargeText: 'public.invalidText', logName: 'website' }, (pages) => {
    pages.get({ path: '/site/:slug', find: 'envSlug', module: 'website', cacheEnvMs: targetTtlMs }, bySlug);
    pages.get({ path: '/site/:slug/*', find: 'envSlug', module: 'website', cacheEnvMs: targetTtlMs }, bySlug);
  });

  // The website's own host, once verified (issue 30 item 2): GET and HEAD of the site's own paths
  // are the site; every other request on that host, the product's paths included, is a plain 404.
  // An unverified or unknown host is no website's: the request goes on to the product.
  publicHostPages(app, { module: 'website', cacheEnvMs: targetTtlMs }, async (ctx) => {
    const { req, host, env } = ctx;
    const path = sitePathOf(req.url);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path === null || !isSitePath(path)) return ctx.notFound();
    // The Host header matched a registered host; only a port may follow it.
    const port = /:(\d{1,5})$/.exec(String(req.headers.host ?? ''))?.[1];
    const origin = `${req.protocol}://${host}${port ? `:${port}` : ''}`;
    const via = {
      base: '',
      formsBase: `${appUrl.origin}/forms/${encodeURIComponent(env.slug)}`,
      origin,
      cacheKey: `host:${host}`,
    };
    return page(ctx, via, req.url);
  });

  const timer = setInterval(() => void flushAllVisits(db), 5_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flushAllVisits(db);
  });
};
