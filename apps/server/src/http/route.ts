import type { Permission } from '@kontor/contract/api/roles';
import type { BodyOf, Call, DataOf } from '@kontor/contract/call';
import { type Language, type Translate, translator } from '@kontor/contract/i18n/catalogs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EnvScope } from '../db/env-scope';
import type { AppDeps } from '../deps';
import { AppError } from './errors';
import {
  type AuthUser,
  bearerTokenHash,
  type EnvAccess,
  requireUser,
  requireUserAndEnv,
  userAndEnvOpening,
} from './guards';
import { type OneTripOf, oneTripFor, rememberEnvId } from './one-trip';
import { defaultLanguage, setRequestLanguage } from './request-language';
import { fieldErrorsFromZod } from './zod-errors';

/**
 * Who may call: anyone; a logged-in user; or a member of the environment named by `_env`
 * (`status` also admits a blocked environment so the shell can show the blocked page,
 * `write` needs status active) whose role has the call's permission `may` (issue 29: every
 * environment call declares one; the guard refuses with 403 before the handler runs).
 */
export type Access = 'public' | 'user' | { env: 'status' | 'read' | 'write'; may: Permission; tx?: false };

type Base<C extends Call> = {
  body: z.output<C['body']>;
  req: FastifyRequest;
  reply: FastifyReply;
  deps: AppDeps;
  t: Translate;
  language: Language;
};
export type PublicContext<C extends Call> = Base<C>;
export type UserContext<C extends Call> = Base<C> & { user: AuthUser; tokenHash: string };
export type EnvContext<C extends Call> = UserContext<C> & { env: EnvAccess; scope: EnvScope };
/** `{ env, tx: false }`: the guard's checks without a tenant transaction (cheap status polls). */
export type EnvCheckContext<C extends Call> = UserContext<C> & { env: EnvAccess };

type ContextFor<C extends Call, A extends Access> = A extends 'public'
  ? PublicContext<C>
  : A extends 'user'
    ? UserContext<C>
    : A extends { tx: false }
      ? EnvCheckContext<C>
      : EnvContext<C>;

/** What a handler gives back: the data, or the data with a message for the envelope. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler of a call without data returns nothing, which TypeScript types as void
export type HandlerResult<D> = (undefined extends D ? D | void : D) | Answer<D>;
const answerBrand = Symbol('answer');
export type Answer<D> = { [answerBrand]: true; data: D; message?: string };
export const answer = <D>(data: D, message?: string): Answer<D> => ({ [answerBrand]: true, data, message });
const isAnswer = (value: unknown): value is Answer<unknown> =>
  typeof value === 'object' && value !== null && answerBrand in value;

/** A contract call bound to a handler, as `route()` registered it: the run-time list of every call. */
export type BoundCall = Readonly<{ call: Call; access: Access }>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every call bound by `route()` on this app, in registration order (shared with child scopes). */
    calls: BoundCall[];
  }
}

/** The registry `route()` fills; buildApp decorates the root instance with it before any feature registers. */
export const installCallRegistry = (app: FastifyInstance): void => {
  app.decorate('calls', [] as BoundCall[]);
};

export type RouteOptions<C extends Call = Call> = Readonly<{
  /** Requests per minute and client address; answered 429 with the catalog's message beyond it. */
  perMinute?: number;
  /** Also answer `GET` with the body as query parameters (spec 01 §7: a previewed download asks again with GET). */
  get?: boolean;
  /**
   * A read-only environment call whose answer is one statement (issue 16: the list page): the
   * statement for the environment this process last saw behind the body's slug, or undefined.
   * It travels with BEGIN, the guard's read and COMMIT in one round trip (Database.readOpened)
   * and answers only when the guard accepts and environment and configuration are the expected
   * ones; otherwise the handler answers as usual.
   */
  oneTrip?: OneTripOf<C>;
}>;

/**
 * Binds a contract call to a handler: parses the body, runs the guards, wraps the envelope. Returns
 * the bound call and records it in `app.calls`, so the list of every call exists at run time (the
 * bad-input suite and the cross-tenant meta-test iterate it).
 */
export const route = <C extends Call, A extends Access>(
  app: FastifyInstance,
  c: C,
  access: A,
  handler: (ctx: ContextFor<C, A>) => Promise<HandlerResult<DataOf<C>>> | HandlerResult<DataOf<C>>,
  options: RouteOptions<C> = {},
): BoundCall => {
  const bound: BoundCall = { call: c, access };
  if (app.hasDecorator('calls')) {
    if (app.calls.some((b) => b.call.path === c.path)) throw new Error(`call ${c.path} is bound twice`);
    app.calls.push(bound);
  }
  const factor = app.deps.config.rateLimitFactor;
  const rateLimit = options.perMinute ? { max: Math.round(options.perMinute * factor), timeWindow: 60_000 } : false;
  const handle = async (req: FastifyRequest, reply: FastifyReply, raw: BodyOf<C>) => {
    const deps = app.deps;
    // The client closed the connection before the answer was sent: stop the request's work.
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const ctx: Record<string, unknown> = { req, reply, deps };
    // The body is read in the caller's language: the environment's, once the guard knows it.
    const run = (language: Language) => {
      const t = translator(language);
      ctx.t = t;
      ctx.language = language;
      // reportInput keeps the offending value, so a wrongly typed field is called invalid, not missing.
      const parsed = c.body.safeParse(raw, { reportInput: true });
      if (!parsed.success) {
        const message = t(c.invalidMessage ?? 'common.invalidInput');
        throw new AppError('invalid', { message, errors: fieldErrorsFromZod(parsed.error, t, c.errorKeys) });
      }
      ctx.body = parsed.data;
      return handler(ctx as ContextFor<C, A>);
    };
    const enter = (user: AuthUser, env: EnvAccess) => {
      ctx.user = user;
      ctx.env = env;
      setRequestLanguage(req, env.language);
      rememberEnvId(env.slug, env.id);
    };

    let result: Awaited<ReturnType<typeof handler>>;
    if (access === 'public') result = await run(defaultLanguage);
    else {
      const tokenHash = bearerTokenHash(req);
      ctx.tokenHash = tokenHash;
      if (typeof access !== 'object') {
        ctx.user = await requireUser(deps, tokenHash);
        result = await run(defaultLanguage);
      } else if (access.tx === false) {
        const { user, env } = await requireUserAndEnv(deps, tokenHash, raw, access.env, access.may);
        enter(user, env);
        result = await run(env.language);
      } else {
        // The guard's read opens the tenant transaction: one round trip with BEGIN (db/env-opening.ts).
        const opening = userAndEnvOpening(deps, tokenHash, raw, access.env, access.may);
        const trip = options.oneTrip && oneTripFor(c, options.oneTrip, raw);
        const tripped = trip && (await deps.database.readOpened(opening, trip, gone.signal));
        if (trip && tripped?.rows && trip.fresh(tripped.opened.opened.env)) {
          enter(tripped.opened.opened.user, tripped.opened.opened.env);
          result = trip.answer(tripped.rows) as Awaited<ReturnType<typeof handler>>;
        } else {
          result = await deps.database.inEnvOpened(
            opening,
            async (scope, { user, env }) => {
              enter(user, env);
              ctx.scope = scope;
              return run(env.language);
            },
            gone.signal,
          );
        }
      }
    }

    const payload: Record<string, unknown> = { status: 'success' };
    const data = isAnswer(result) ? result.data : result;
    if (isAnswer(result) && result.message) payload.message = result.message;
    if (data !== undefined) {
      if (c.topLevel && typeof data === 'object' && data !== null) Object.assign(payload, data);
      else payload.data = data;
    }
    return reply.send(payload);
  };
  app.post(c.path, { config: { rateLimit } }, (req, reply) => handle(req, reply, (req.body ?? {}) as BodyOf<C>));
  if (options.get) {
    app.get(c.path, { config: { rateLimit } }, (req, reply) => handle(req, reply, (req.query ?? {}) as BodyOf<C>));
  }
  return bound;
};
