import { type ErrorCode, errorCodes } from '@kontor/contract/errors';
import { translator } from '@kontor/contract/i18n/catalogs';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ClientGoneError, DatabaseBusyError } from '../db/errors';
import { AppError } from './errors';
import { requestLanguage } from './request-language';

/** Fastify's own client errors, as codes of the contract (whose catalog message the edge shows). */
const frameworkCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid',
};

/** What PostgreSQL (and PGlite) report about a failed statement; Drizzle wraps it as `cause`. */
export type DatabaseError = Readonly<{ code: string; table?: string; constraint?: string }>;

/** SQLSTATE codes: five characters from 0-9 and A-Z, class first (node's own codes start with E). */
const sqlState = /^[0-9][0-9A-Z]{4}$/;

/** The database's error behind `error` (Drizzle's DrizzleQueryError or the driver's own), if any. */
const databaseError = (error: unknown): DatabaseError | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; table?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && sqlState.test(e.code)) {
      return {
        code: e.code,
        table: typeof e.table === 'string' ? e.table : undefined,
        constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
      };
    }
    current = e.cause;
  }
  return undefined;
};

/** `select "records"`, `update "users"`: the statement's verb and first table, from Drizzle's error. */
export const queryLabel = (error: unknown): string | undefined => {
  const query = (error as { query?: unknown } | null)?.query;
  if (typeof query !== 'string') return undefined;
  const verb = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(query)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:from|into|update|join)\s+("?[\w.]+"?)/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
};

/** `error` or an error it wraps (Drizzle wraps what the driver throws) is a `kind`. */
const hasCause = (error: unknown, kind: new () => Error): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if (current instanceof kind) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Values the database refuses although the request was well-formed JSON: a NUL character in a
 * text (22021, 22P05 in jsonb), a text where a uuid, number or date belongs, a number out of
 * range, a value too long for its column or index. The request was wrong, not the server.
 */
const badValueStates = new Set(['22021', '22P05', '22P02', '22003', '22007', '22008', '22001', '54000']);

/** `users_email_key` on `users` names the field `email`. */
const fieldOfConstraint = (db: DatabaseError): string | undefined => {
  if (!db.constraint || !db.table || !db.constraint.startsWith(`${db.table}_`)) return undefined;
  const field = db.constraint.slice(db.table.length + 1).replace(/_(key|idx|unique)$/, '');
  return field && !field.endsWith('pkey') ? field : undefined;
};

/**
 * Every failure leaves as the envelope `{ status: 'error', code, message, errors? }`. Client errors say
 * what was wrong; anything unexpected is logged with the request id and answered generically,
 * never with a stack trace.
 */
export const installErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    const t = translator(requestLanguage(req));
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.statusCode >= 500) req.log.error({ err: error }, 'request failed');
      // Field errors also travel as data.errors: where the spec's save call reads them (spec 01 §7).
      return reply.status(error.statusCode).send({
        status: 'error',
        code: error.code,
        message: error.publicMessage(t),
        errors: error.errors,
        data: error.errors ? { errors: error.errors } : undefined,
      });
    }
    if (hasCause(error, DatabaseBusyError)) {
      req.log.warn('database busy: request refused after waiting for its turn');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ status: 'error', message: t('common.busy') });
    }
    if (hasCause(error, ClientGoneError)) {
      req.log.info('client gone: request rolled back');
      return reply.status(503).send({ status: 'error', message: t('common.busy') });
    }
    const db = databaseError(error);
    if (db?.code === '57014') {
      // statement_timeout (or a cancel): the request asked for more than one request may cost.
      req.log.warn({ code: db.code }, 'statement cancelled');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ status: 'error', message: t('common.queryTimeout') });
    }
    if (db && badValueStates.has(db.code)) {
      req.log.info({ code: db.code }, 'value refused by the database');
      return reply.status(400).send({ status: 'error', code: 'invalid', message: t('common.invalidInput') });
    }
    if (db?.code === '23505') {
      // A unique violation the service did not handle itself: a conflict naming the field.
      req.log.warn({ constraint: db.constraint }, 'unique violation');
      const field = fieldOfConstraint(db);
      return reply.status(409).send({
        status: 'error',
        code: 'conflict',
        message: t('common.conflict'),
        errors: field ? { [field]: [t('common.conflictField')] } : undefined,
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode = (error.code && frameworkCodes[error.code]) || 'invalid';
      return reply.status(status).send({ status: 'error', code, message: t(errorCodes[code].message) });
    }
    if (db) {
      // SQL text and parameters stay out of the log: they hold personal data and, in a token
      // lookup, credentials. The statement's kind and table say where to look.
      req.log.error(
        { sqlState: db.code, query: queryLabel(error), table: db.table, constraint: db.constraint },
        'database error',
      );
    } else {
      req.log.error({ err: error }, 'unexpected error');
    }
    return reply.status(500).send({ status: 'error', code: 'internal', message: t('common.genericError') });
  });
};
