import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { translator } from '@kontor/contract/i18n/catalogs';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppDeps } from './deps';
import { registerAccountRoutes } from './features/account/account.routes';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { registerEnvironmentRoutes } from './features/environments/environments.routes';
import { installErrorHandler } from './http/error-handler';
import { AppError } from './http/errors';
import { registerDevMailPage } from './mail/dev-page';

const t = translator('de_sie');

/** Request bodies above this are refused with 413 before they are parsed. */
export const bodyLimitBytes = 1024 * 1024;

export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const { config } = deps;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    genReqId: () => randomUUID(),
    bodyLimit: bodyLimitBytes,
    trustProxy: config.trustProxy,
    // SIGTERM: stop taking connections, let running requests finish, drop idle keep-alives.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('deps', deps);
  // The API speaks JSON only; other bodies are refused with 415 instead of reaching a handler.
  app.removeContentTypeParser('text/plain');

  installErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'connect-src': ["'self'"] },
    },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => {
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return new AppError('rate_limited', {
        message: t('common.rateLimited', { seconds }),
        retryAfterSeconds: seconds,
      });
    },
  });

  app.get('/healthz', async () => {
    await deps.database.db.execute(sql`select 1`);
    return { status: 'ok' };
  });

  await app.register(async (api) => {
    registerAuthRoutes(api);
    registerAccountRoutes(api);
    registerEnvironmentRoutes(api);
  });

  if (!config.production) registerDevMailPage(app);
  await serveWebApp(app, config.webDist);
  return app;
};

/** The built single-page app; every unknown non-API GET gets its index.html (client routing). */
const serveWebApp = async (app: FastifyInstance, dist: string) => {
  const index = path.join(dist, 'index.html');
  const built = fs.existsSync(index);
  if (built) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET') {
      return reply.status(404).send({ status: 'error', message: t('common.unknownCall') });
    }
    if (!built)
      return reply.status(404).type('text/plain; charset=utf-8').send('Web app not built: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(fs.createReadStream(index));
  });
};
