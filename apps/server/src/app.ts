import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { translator } from '@kontor/contract/i18n/catalogs';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { registerAccountRoutes } from './features/account/account.routes';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { registerBookingRequestPage } from './features/bookings/booking-request-page';
import { registerBookingsRoutes } from './features/bookings/bookings.routes';
import { registerDataStructureRoutes } from './features/data-structures/data-structures.routes';
import { registerEnvironmentRoutes } from './features/environments/environments.routes';
import { registerFileServing, registerFilesRoutes } from './features/files/files.routes';
// Record hooks features hang onto the engine's saves and removals (registered once per process).
import './features/environments/environments.record-hooks';
// Models the generic list call (simpletable/data) can list, registered by the features that own them.
import './features/environments/environments.list-models';
import './features/query-forms/query-forms.list-models';
import './features/records/records.list-models';
import './features/stages/stages.record-hooks';
import { registerPageRoutes } from './features/pages/pages.routes';
import './features/files/files.record-hooks';
import './features/bookings/bookings.record-hooks';
import './features/website/website.record-hooks';
import { registerEinvoiceRoutes } from './features/einvoice/einvoice.routes';
import { registerPortalPages } from './features/portal/portal.page';
import { registerPublicFormPages } from './features/query-forms/public-form.page';
import { registerQueryFormRoutes } from './features/query-forms/query-forms.routes';
import { registerRecordRoutes } from './features/records/records.routes';
import { registerSettingsRoutes } from './features/settings/settings.routes';
import { registerSetupRoutes } from './features/setup/setup.routes';
import { registerStageRoutes } from './features/stages/stages.routes';
import { registerSitePages } from './features/website/site-page';
import { registerWebsiteRoutes } from './features/website/website.routes';
import { installBodyDrain } from './http/body-drain';
import { installErrorHandler } from './http/error-handler';
import { AppError } from './http/errors';
import { installPublicRegistry } from './http/public-route';
import { defaultLanguage } from './http/request-language';
import { installCallRegistry } from './http/route';
import { serveWebApp } from './http/web-app';
import { devMailPageEnabled, registerDevMailPage } from './mail/dev-page';

// Answered before any environment, and so any language of one, is known (request-language.ts).
const t = translator(defaultLanguage);

/**
 * A hop count trusts the socket peer and the next n-1 forwarders (Express' semantics); Fastify
 * itself refuses numbers, so it is given as a function. Addresses/CIDRs go to proxy-addr as they are.
 */
const trustProxyOption = (setting: Config['trustProxy']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

/** Where browsers reach S3 (path style, or the bucket as a subdomain): thumbnails and uploads go there. */
const storageOrigins = (config: Config): string[] => {
  if (!config.s3) return [];
  const url = new URL(config.s3.publicEndpoint ?? config.s3.endpoint);
  return config.s3.forcePathStyle ? [url.origin] : [url.origin, `${url.protocol}//*.${url.host}`];
};

/** Request bodies above this are refused with 413 before they are parsed. */
export const bodyLimitBytes = 1024 * 1024;

type BuildOptions = Readonly<{
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
}>;

export const buildApp = async (deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> => {
  const { config } = deps;
  const app = Fastify({
    logger: options.logStream
      ? { level: 'info', stream: options.logStream }
      : config.logLevel === 'silent'
        ? false
        : { level: config.logLevel },
    genReqId: () => randomUUID(),
    bodyLimit: bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    // SIGTERM: stop taking connections, let running requests finish, drop idle keep-alives.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // Unparsable HTTP (garbage, oversized headers) answers the envelope in German too.
    clientErrorHandler: (error, socket) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ECONNRESET' || socket.destroyed) return;
      const [status, wireCode, message] =
        code === 'HPE_HEADER_OVERFLOW'
          ? ['431 Request Header Fields Too Large', 'too_large', t('common.payloadTooLarge')]
          : code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? ['408 Request Timeout', 'internal', t('common.genericError')]
            : ['400 Bad Request', 'invalid', t('common.invalidInput')];
      const body = JSON.stringify({ status: 'error', code: wireCode, message });
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      }
      socket.destroy(error);
    },
    // A path that cannot be decoded (`/api/%zz`) answers the envelope, not Fastify's English body.
    frameworkErrors: (_error, _req, reply) => {
      (reply as FastifyReply)
        .status(400)
        .header('x-content-type-options', 'nosniff')
        .send({ status: 'error', code: 'invalid', message: t('common.invalidInput') });
    },
  });
  app.decorate('deps', deps);
  installCallRegistry(app);
  installPublicRegistry(app);
  // The API speaks JSON only; other bodies are refused with 415 instead of reaching a handler.
  app.removeContentTypeParser('text/plain');

  installErrorHandler(app);
  // A refused body is read to its end (within bounds) before the answer, so the client gets it.
  installBodyDrain(app);
  // API answers carry tokens and personal data: no browser or proxy cache may keep them.
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    // The id every log line of this request carries: a user's report can name it.
    reply.header('x-request-id', req.id);
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', ...storageOrigins(config)],
        // Uploads PUT to the storage's signed URLs (our own origin with the local driver).
        'connect-src': ["'self'", ...storageOrigins(config)],
        // Over plain HTTP in a local network the upgrade would break every asset; behind TLS it helps.
        'upgrade-insecure-requests': config.production ? [] : null,
      },
    },
  });
  // Large answers (a list page, a form with many positions) travel compressed; small ones are not
  // worth the CPU. Brotli at a fast level: the server has few cores.
  await app.register(compress, {
    threshold: 4096,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimit, {
    global: false,
    // Counted in Redis when several processes serve (REDIS_URL), else in this process.
    // A Redis outage lets requests through rather than failing them.
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'rate:', skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => {
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return new AppError('rate_limited', {
        message: t('common.rateLimited', { seconds }),
        retryAfterSeconds: seconds,
      });
    },
  });

  // For load balancers and orchestration: 503 while the database does not answer.
  app.get('/healthz', async (_req, reply) => {
    const ok = await deps.database.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    return ok ? { status: 'ok' } : reply.status(503).send({ status: 'unavailable' });
  });
  // Readiness: the database answers and the file storage can be asked (a probe key that never
  // exists; a missing object is an answer, an unreachable store is not).
  app.get('/readyz', async (_req, reply) => {
    const [database, storage] = await Promise.all([
      deps.database.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      deps.storage.head('readiness-probe').then(
        () => true,
        () => false,
      ),
    ]);
    const ok = database && storage;
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database, storage });
  });

  await app.register(async (api) => {
    registerAuthRoutes(api);
    registerAccountRoutes(api);
    registerEnvironmentRoutes(api);
    registerRecordRoutes(api);
    registerSetupRoutes(api);
    registerDataStructureRoutes(api);
    registerSettingsRoutes(api);
    registerStageRoutes(api);
    registerEinvoiceRoutes(api);
    registerPageRoutes(api);
    registerFilesRoutes(api);
    registerBookingsRoutes(api);
    registerWebsiteRoutes(api);
    registerQueryFormRoutes(api);
  });
  await registerPortalPages(app);
  await registerPublicFormPages(app);
  await registerBookingRequestPage(app);
  await registerSitePages(app);
  await registerFileServing(app);

  if (devMailPageEnabled(config)) registerDevMailPage(app);
  await serveWebApp(app, config.webDist);
  return app;
};
