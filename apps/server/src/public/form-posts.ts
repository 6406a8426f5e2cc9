import { translator } from '@kontor/contract/i18n/catalogs';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../http/errors';

type FormPostOptions = Readonly<{
  /** Largest post in characters; a larger one is answered 413. */
  bodyLimit: number;
  /** Names the pages in the log when something fails. */
  logName: string;
  /** The text shown for a too large post (413). */
  tooLargeText: string;
  /** Sends the error as the pages' own HTML page. */
  sendError: (reply: FastifyReply, status: number, text: string) => FastifyReply;
}>;

/**
 * Lets one plugin scope of public pages read HTML form posts (as URLSearchParams) and answer its
 * errors as a page, never as the API's JSON: too many posts (429, with Retry-After), a too large
 * post (413), anything else. Only these scopes read url-encoded posts; the API keeps refusing them (415).
 */
export const acceptFormPosts = (scope: FastifyInstance, options: FormPostOptions): void => {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: options.bodyLimit },
    (_req, body, done) => done(null, new URLSearchParams(String(body))),
  );
  scope.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    const t = translator('de_sie');
    const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500) req.log.error({ err: error }, `${options.logName} failed`);
    const text =
      status === 429
        ? error.message
        : status === 413
          ? options.tooLargeText
          : status < 500
            ? t('common.invalidInput')
            : t('common.genericError');
    if (error instanceof AppError && error.retryAfterSeconds) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    return options.sendError(reply, status, text);
  });
};

/** The posted fields of a page's form (empty when the post was no form post). */
export const postedFields = (body: unknown): URLSearchParams =>
  body instanceof URLSearchParams ? body : new URLSearchParams();
