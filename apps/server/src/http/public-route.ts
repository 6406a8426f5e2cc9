import { type Language, type MessageKey, type Translate, translator } from '@kontor/contract/i18n/catalogs';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EnvScope } from '../db/env-scope';
import type { AppDeps } from '../deps';
import { sendMessagePage } from '../public/message-page';
import type { LinkCheck } from '../signing/signed-links';
import type { PublicEnv, PublicEnvKey } from './access';
import { AppError } from './errors';
import { defaultLanguage } from './request-language';

/**
 * The binder of everything that is not a JSON call (issue 30 item 1): the public pages (form,
 * portal, website, booking request) and the signed downloads. Like `route()` for calls, it does
 * for each what none may forget: finds the environment once (by slug, portal slug, website host or
 * signed token), checks its state and module switch, picks its language, applies the page's rate
 * limit, answers 404/410/429 and refused posts from the catalog, and lists the page in
 * `app.publicPages`, which the isolation, fuzzing and XSS suites walk.
 */

export type PublicFind = 'envSlug' | 'portalSlug' | 'host' | 'token';
/** The switch a page or download depends on: a module of the environment, or none (always on). */
export type PublicModule = 'website' | 'bookings' | 'queryForms' | 'portal' | 'documents';

export type BoundPage = Readonly<{
  kind: 'page' | 'download' | 'upload';
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  find: PublicFind;
  module: PublicModule;
}>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every public page and download bound on this app (shared with child scopes). */
    publicPages: BoundPage[];
    /** Every route registered at all: the suites prove that none escapes both binders. */
    routeTable: ReadonlyArray<Readonly<{ method: string; url: string }>>;
  }
}

export const installPublicRegistry = (app: FastifyInstance): void => {
  app.decorate('publicPages', [] as BoundPage[]);
  const table: { method: string; url: string }[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) table.push({ method, url: r.url ?? r.path });
  });
};

/** Lists an address served outside the binder (the local storage's `/files/*`, S3's stand-in) for the suites. */
export const listPublicRoute = (app: FastifyInstance, bound: BoundPage): void => {
  if (!app.hasDecorator('publicPages')) return;
  if (app.publicPages.some((b) => b.method === bound.method && b.path === bound.path)) {
    throw new Error(`public page ${bound.method} ${bound.path} is bound twice`);
  }
  app.publicPages.push(bound);
};

const moduleOn: Record<PublicModule, (env: PublicEnv) => boolean> = {
  website: (env) => env.functions.website?.active === true,
  bookings: (env) => env.functions.bookings?.active === true,
  queryForms: (env) => env.functions.queryForms?.active === true && env.capabilities.html_form_publish,
  // The portal's own switch is its `active` flag: the lookup by portal slug finds active portals only.
  portal: () => true,
  // A record's documents (PDF, e-invoice) belong to no module.
  documents: () => true,
};

/** Found, active and switched on: anything else is the same 404, so nobody learns which it was. */
const serves = (env: PublicEnv, module: PublicModule): boolean => env.status === 'active' && moduleOn[module](env);

/**
 * Environments by public key, kept a few seconds where a page asks for it (the website: every view
 * would otherwise cost a lookup); also what names the language of a 429 before any handler ran.
 */
const remembered = new Map<string, { env: PublicEnv | null; at: number }>();
const maxRemembered = 10_000;

/**
 * Each app remembers its own: a process that serves several (the API tests, one database per
 * file) must not answer one database's slug with another's environment.
 */
const appNumbers = new WeakMap<AppDeps, number>();
let appsSeen = 0;
const keyText = (deps: AppDeps, key: PublicEnvKey) => {
  let app = appNumbers.get(deps);
  if (app === undefined) {
    app = ++appsSeen;
    appNumbers.set(deps, app);
  }
  return `${app}:${JSON.stringify(key)}`;
};

const lookup = async (deps: AppDeps, key: PublicEnvKey, cacheMs: number): Promise<PublicEnv | null> => {
  const text = keyText(deps, key);
  const now = Date.now();
  const hit = remembered.get(text);
  if (hit && now - hit.at < cacheMs) return hit.env;
  const env = await deps.guards.publicEnv(key);
  if (remembered.size >= maxRemembered) remembered.clear();
  remembered.set(text, { env, at: now });
  return env;
};

/** Forgets every remembered environment (a test that blocks one and asks again at once). */
export const forgetPublicEnvironments = (): void => remembered.clear();

const resolved = new WeakMap<FastifyRequest, PublicEnv>();

type Message = Readonly<{ status: number; title: MessageKey; text: MessageKey; values?: Record<string, number> }>;
const notFoundMessage: Message = { status: 404, title: 'public.notFoundTitle', text: 'public.notFoundText' };
const goneMessage: Message = { status: 410, title: 'public.goneTitle', text: 'public.goneText' };

const sendMessage = (reply: FastifyReply, language: Language, m: Message): FastifyReply => {
  const t = translator(language);
  return sendMessagePage(reply, { status: m.status, title: t(m.title), text: t(m.text, m.values), language });
};

const rateLimitOf = (
  deps: AppDeps,
  perMinute: number | undefined,
): { rateLimit?: { max: number; timeWindow: number } } =>
  perMinute
    ? { rateLimit: { max: Math.max(1, Math.round(perMinute * deps.config.rateLimitFactor)), timeWindow: 60_000 } }
    : {};

type Common = Readonly<{
  req: FastifyRequest;
  reply: FastifyReply;
  deps: AppDeps;
  env: PublicEnv;
  t: Translate;
  language: Language;
  /** The environment's tenant scope (as nobody: a visitor is no member). */
  inEnv: <T>(work: (scope: EnvScope) => Promise<T>) => Promise<T>;
  /** The catalog's 404 page in the environment's language. */
  notFound: () => FastifyReply;
}>;

export type PageContext<P> = Common & {
  params: P;
  /** A post's form fields (empty for a GET or a post that was no form). */
  fields: URLSearchParams;
};

type PageSpec = Readonly<{
  path: string;
  /** The `:slug` parameter names the environment (envSlug) or its portal (portalSlug). */
  find: 'envSlug' | 'portalSlug';
  module: PublicModule;
  /** Requests per minute and client address; beyond it the catalog's 429 page. */
  perMinute?: number;
  /** How long the environment found may be reused (the website's few seconds); 0 by default. */
  cacheEnvMs?: number;
}>;

type PageHandler<P> = (ctx: PageContext<P>) => Promise<FastifyReply> | FastifyReply;

const common = (
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  env: PublicEnv,
  userId: string | null,
  notFound: Message = notFoundMessage,
) => {
  resolved.set(req, env);
  return {
    req,
    reply,
    deps,
    env,
    t: translator(env.language),
    language: env.language,
    inEnv: <T>(work: (scope: EnvScope) => Promise<T>) => deps.database.inEnv(env.id, userId, work),
    notFound: () => sendMessage(reply, env.language, notFound),
  };
};

export type PageGroupOptions = Readonly<{
  /** Largest form post in characters; a larger one is answered 413 with `tooLargeText`. */
  bodyLimit: number;
  tooLargeText: MessageKey;
  /** Names the pages in the log when something fails. */
  logName: string;
  /** The group's own 404 sentence (a form: "Dieses Formular gibt es nicht …"); the binder's by default. */
  notFoundText?: MessageKey;
}>;

type PageBinder = Readonly<{
  get: <P extends { slug: string }>(spec: PageSpec, handler: PageHandler<P>) => void;
  post: <P extends { slug: string }>(spec: PageSpec & { perMinute: number }, handler: PageHandler<P>) => void;
}>;

/**
 * A group of public pages in one plugin scope that reads HTML form posts (URLSearchParams; the API
 * keeps refusing them with 415) and answers every error as a page in the environment's language.
 */
export const publicPages = async (
  app: FastifyInstance,
  options: PageGroupOptions,
  define: (pages: PageBinder) => void,
): Promise<void> => {
  const { deps } = app;
  const notFound: Message = { ...notFoundMessage, text: options.notFoundText ?? notFoundMessage.text };
  const keyOf = (find: PageSpec['find'], slug: string): PublicEnvKey =>
    find === 'envSlug' ? { envSlug: slug.toLowerCase() } : { portalSlug: slug };

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: options.bodyLimit },
      (_req, body, done) => done(null, new URLSearchParams(String(body))),
    );
    const finds = new Map<string, PageSpec['find']>();

    // A 429 comes before any handler: the language is the environment's all the same (remembered a minute).
    const languageOf = async (req: FastifyRequest): Promise<Language> => {
      const env = resolved.get(req);
      if (env) return env.language;
      const slug = (req.params as { slug?: unknown } | undefined)?.slug;
      const find = finds.get(req.routeOptions.url ?? '');
      if (typeof slug !== 'string' || !find) return defaultLanguage;
      return (await lookup(deps, keyOf(find, slug), 60_000).catch(() => null))?.language ?? defaultLanguage;
    };

    scope.setErrorHandler(async (error: FastifyError | AppError, req, reply) => {
      const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
      if (status >= 500) req.log.error({ err: error }, `${options.logName} failed`);
      const language = await languageOf(req);
      if (error instanceof AppError && error.retryAfterSeconds) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      const seconds = error instanceof AppError ? (error.retryAfterSeconds ?? 60) : 60;
      const message: Message =
        status === 429
          ? { status, title: 'public.rateLimitedTitle', text: 'common.rateLimited', values: { seconds } }
          : status === 413
            ? { status, title: 'public.invalidTitle', text: options.tooLargeText }
            : status < 500
              ? { status, title: 'public.invalidTitle', text: 'public.invalidText' }
              : { status: 500, title: 'public.errorTitle', text: 'common.genericError' };
      return sendMessage(reply, language, message);
    });

    const bind =
      (method: 'GET' | 'POST') =>
      <P extends { slug: string }>(spec: PageSpec, handler: PageHandler<P>) => {
        listPublicRoute(app, { kind: 'page', method, path: spec.path, find: spec.find, module: spec.module });
        finds.set(spec.path, spec.find);
        scope.route({
          method,
          url: spec.path,
          config: rateLimitOf(deps, spec.perMinute),
          handler: async (req, reply) => {
            const params = req.params as P;
            const env = await lookup(deps, keyOf(spec.find, params.slug), spec.cacheEnvMs ?? 0);
            if (!env || !serves(env, spec.module)) {
              return sendMessage(reply, env?.language ?? defaultLanguage, notFound);
            }
            const fields = req.body instanceof URLSearchParams ? req.body : new URLSearchParams();
            return handler({ ...common(deps, req, reply, env, null, notFound), params, fields });
          },
        });
      };
    define({ get: bind('GET'), post: bind('POST') });
  });
};

export type HostContext = Common & { host: string };

/**
 * The pages a verified custom host serves (the website, issue 30 item 2): every request whose Host
 * header is a verified host of an environment goes to the handler — or gets the 404 page when the
 * environment or its module is off. Any other host goes on to the product.
 */
export const publicHostPages = (
  app: FastifyInstance,
  spec: Readonly<{ module: PublicModule; cacheEnvMs?: number }>,
  handler: (ctx: HostContext) => Promise<FastifyReply>,
): void => {
  const { deps } = app;
  const appHost = new URL(deps.config.appUrl).hostname;
  listPublicRoute(app, { kind: 'page', method: 'GET', path: '*', find: 'host', module: spec.module });
  app.addHook('onRequest', async (req, reply) => {
    const host = String(req.hostname ?? '')
      .toLowerCase()
      .replace(/:\d+$/, '');
    if (!host || host === appHost || host.length > 253) return;
    const env = await lookup(deps, { host }, spec.cacheEnvMs ?? 0);
    if (!env) return;
    if (!serves(env, spec.module)) await sendMessage(reply, env.language, notFoundMessage);
    else await handler({ ...common(deps, req, reply, env, null), host });
    return reply;
  });
};

/** The claims every signed download names: its environment and the member who asked. */
type DownloadClaims = Readonly<{ env: string; user: string }>;

export type DownloadContext<C> = Common & { claims: C };

/**
 * A download behind a signed link (`?token=…`, no bearer token: an iframe, a new tab). A forged or
 * foreign token is the 404 page, an expired one the 410 page in its environment's language; the
 * scope opens as the member who asked.
 */
export const signedDownload = <C extends DownloadClaims>(
  app: FastifyInstance,
  spec: Readonly<{
    path: string;
    module: PublicModule;
    verify: (token: string, now: Date) => LinkCheck<C>;
    perMinute?: number;
  }>,
  handler: (ctx: DownloadContext<C>) => Promise<FastifyReply>,
): void => {
  const { deps } = app;
  listPublicRoute(app, { kind: 'download', method: 'GET', path: spec.path, find: 'token', module: spec.module });
  app.get<{ Querystring: { token?: unknown } }>(
    spec.path,
    { config: rateLimitOf(deps, spec.perMinute) },
    async (req, reply) => {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      const check = spec.verify(token, deps.now());
      if (!check.ok && check.reason !== 'expired') return sendMessage(reply, defaultLanguage, notFoundMessage);
      const env = await lookup(deps, { envId: check.claims.env }, 0);
      if (!env || !serves(env, spec.module))
        return sendMessage(reply, env?.language ?? defaultLanguage, notFoundMessage);
      if (!check.ok) return sendMessage(reply, env.language, goneMessage);
      return handler({ ...common(deps, req, reply, env, check.claims.user || null), claims: check.claims });
    },
  );
};
