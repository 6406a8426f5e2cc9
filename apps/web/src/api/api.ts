import type { login as loginCall } from '@kontor/contract/api/auth';
import type { BodyOf, Call, DataOf, FieldErrors } from '@kontor/contract/call';
import { type ErrorCode, isErrorCode } from '@kontor/contract/error-codes';
import type { Language } from '@kontor/contract/i18n/translate';
import { translator } from '../i18n/catalog-store';
import { session } from './session';

/**
 * A failed call. `code` is the contract's error code (screens decide by it, not by the HTTP
 * status); `message` is the server's message, or undefined when it sent none (the screen then
 * shows its own fallback); a network failure carries the generic message and code `internal`.
 * Not an `Error` subclass, because `Error.message` cannot be undefined.
 */
export class ApiError {
  readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly message: string | undefined;
  readonly errors: FieldErrors;

  constructor(status: number, message?: string, errors?: FieldErrors, code?: ErrorCode) {
    this.status = status;
    this.code = code ?? codeOfStatus(status);
    this.message = message || undefined;
    this.errors = errors ?? {};
  }

  /** The first message for a field path (`taxes[0].name`), for a form's `error` prop. */
  field(path: string): string | undefined {
    return this.errors[path]?.[0];
  }
}

/** For an answer without a code (a proxy's error page): the generic code of its status. */
const codeOfStatus = (status: number): ErrorCode =>
  status === 400
    ? 'invalid'
    : status === 401
      ? 'unauthenticated'
      : status === 403
        ? 'forbidden'
        : status === 404
          ? 'not_found'
          : status === 409
            ? 'conflict'
            : status === 413
              ? 'too_large'
              : status === 429
                ? 'rate_limited'
                : 'internal';

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Whether a failure carries one of the given codes. */
export const hasErrorCode = (error: unknown, ...codes: ErrorCode[]): boolean =>
  isApiError(error) && codes.includes(error.code);

/** The server's message of a failure, or the screen's fallback. */
export const messageOf = (error: unknown, fallback: string): string => (isApiError(error) && error.message) || fallback;

/** The message of a field, when the failure carries one. */
export const fieldError = (error: unknown, path: string): string | undefined =>
  isApiError(error) ? error.field(path) : undefined;

type Options = Readonly<{
  signal?: AbortSignal;
  /** POST by default; GET sends the body as query parameters (spec 01 §7: GET downloads). */
  method?: 'POST' | 'GET';
}>;
type Args<C extends Call> =
  undefined extends BodyOf<C> ? [body?: BodyOf<C>, options?: Options] : [body: BodyOf<C>, options?: Options];

type Sent<D> = Readonly<{ data: D; message: string | undefined }>;

let language: Language = 'de_sie';
let onUnauthorized: () => void = () => {};

/** Wiring done once by the app: the language of the generic message, what a 401 does. */
export const configureApi = (options: { language?: Language; onUnauthorized?: () => void }): void => {
  if (options.language) language = options.language;
  if (options.onUnauthorized) onUnauthorized = options.onUnauthorized;
};

const generic = () => translator(language)('common.genericError');

type RawEnvelope = { status?: unknown; code?: unknown; message?: unknown; data?: unknown; errors?: unknown };

const asEnvelope = (value: unknown): RawEnvelope | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as RawEnvelope) : null;

const asFieldErrors = (value: unknown): FieldErrors | undefined => {
  const obj = asEnvelope(value);
  if (!obj) return undefined;
  const out: FieldErrors = {};
  for (const [key, list] of Object.entries(obj)) {
    if (Array.isArray(list)) out[key] = list.filter((m): m is string => typeof m === 'string');
    else if (typeof list === 'string') out[key] = [list];
  }
  return out;
};

/** The body as query parameters of a GET: scalars as text, objects as JSON. */
const withQuery = (path: string, body: unknown): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(asEnvelope(body) ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const query = params.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
};

/** POSTs the body, checks the envelope, returns the parsed payload and the success message. */
const send = async <C extends Call>(c: C, ...[body, options]: Args<C>): Promise<Sent<DataOf<C>>> => {
  const token = session.token();
  const get = options?.method === 'GET';
  const headers: Record<string, string> = get
    ? { Accept: 'application/json' }
    : { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(get ? withQuery(c.path, body) : c.path, {
      method: get ? 'GET' : 'POST',
      headers,
      body: get ? undefined : JSON.stringify(body ?? {}),
      signal: options?.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, generic(), undefined, 'internal');
  }

  let envelope: RawEnvelope | null = null;
  try {
    envelope = asEnvelope(await response.json());
  } catch {
    envelope = null; // not JSON: a proxy's error page, say
  }
  const message = typeof envelope?.message === 'string' ? envelope.message : undefined;

  if (response.status === 401 && token) {
    // The token was revoked or expired: the session is over.
    session.clear();
    onUnauthorized();
  }
  if (!response.ok || envelope?.status !== 'success') {
    const code = isErrorCode(envelope?.code) ? envelope.code : undefined;
    throw new ApiError(response.status, message, asFieldErrors(envelope?.errors), code);
  }

  const payload = c.topLevel ? topLevelPayload(envelope) : envelope.data;
  const parsed = c.data.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected answer of ${c.path}`, parsed.error);
    throw new ApiError(response.status, generic());
  }
  return { data: parsed.data as DataOf<C>, message };
};

/** The login answers `{ status, token, user }`: everything but the envelope's own keys. */
const topLevelPayload = (envelope: RawEnvelope) => {
  const { status: _status, code: _code, message: _message, ...rest } = envelope;
  return rest;
};

/**
 * The auth calls (and with them zod) load when first used, not with the login page (issue 16);
 * the public pages prefetch them once they show.
 */
export const authCalls = () => import('@kontor/contract/api/auth');

export const api = {
  /** Typed data of a successful call; throws `ApiError` otherwise. */
  call: async <C extends Call>(c: C, ...args: Args<C>): Promise<DataOf<C>> => (await send(c, ...args)).data,
  /** Data and the server's success message, for screens that show it. */
  send,
  /** The login, whose `token` and `user` sit at the envelope's top level. */
  login: async (body: BodyOf<typeof loginCall>): Promise<DataOf<typeof loginCall>> =>
    (await send((await authCalls()).login, body)).data,
};
