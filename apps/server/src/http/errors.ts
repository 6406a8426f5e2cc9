import type { FieldErrors } from '@kontor/contract/call';
import { type ErrorCode, errorCodes } from '@kontor/contract/errors';
import type { MessageKey, MessageParams, Translate } from '@kontor/contract/i18n/catalogs';

export type { ErrorCode };

type Options = {
  /** A message already in the caller's language. */
  message?: string;
  /** A catalog key, translated at the edge into the request's language. */
  key?: MessageKey;
  params?: MessageParams;
  errors?: FieldErrors;
  retryAfterSeconds?: number;
};

/**
 * An error a caller may see: its code (from the contract's closed list), message and field errors
 * go to the client as they are. Anything else thrown is logged and answered with the generic message.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly key: MessageKey | undefined;
  readonly params: MessageParams | undefined;
  readonly errors: FieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly #message: string | undefined;

  constructor(code: ErrorCode, options: Options = {}) {
    super(options.message ?? options.key ?? code);
    this.code = code;
    this.#message = options.message;
    this.key = options.key;
    this.params = options.params;
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get statusCode(): number {
    return errorCodes[this.code].status;
  }

  /** The message for the wire, in the request's language; undefined lets the screen use its fallback. */
  publicMessage(t: Translate): string | undefined {
    return this.#message ?? (this.key ? t(this.key, this.params) : undefined);
  }
}
