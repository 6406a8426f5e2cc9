import { translator } from '@kontor/contract/i18n/catalogs';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './errors';

const t = translator('de_sie');

/** Fastify's own client errors, in the catalog's words. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: t('common.malformedJson'),
  FST_ERR_CTP_EMPTY_JSON_BODY: t('common.malformedJson'),
  FST_ERR_CTP_BODY_TOO_LARGE: t('common.payloadTooLarge'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: t('common.unsupportedMediaType'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: t('common.invalidInput'),
};

/**
 * Every failure leaves as the envelope `{ status: 'error', message, errors? }`. Client errors say
 * what was wrong; anything unexpected is logged with the request id and answered generically,
 * never with a stack trace.
 */
export const installErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.statusCode >= 500) req.log.error({ err: error }, 'request failed');
      return reply
        .status(error.statusCode)
        .send({ status: 'error', message: error.publicMessage, errors: error.errors });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && frameworkMessages[error.code]) || t('common.invalidInput');
      return reply.status(status).send({ status: 'error', message });
    }
    req.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ status: 'error', message: t('common.genericError') });
  });
};
