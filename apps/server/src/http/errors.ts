import type { FieldErrors } from '@kontor/contract/call';

export const errorKinds = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
} as const;
export type ErrorKind = keyof typeof errorKinds;

/**
 * An error a caller may see: its message and field errors go to the client as they are.
 * Anything else thrown is logged and answered with the generic message.
 */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly errors: FieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: ErrorKind, options: { message?: string; errors?: FieldErrors; retryAfterSeconds?: number } = {}) {
    super(options.message ?? kind);
    this.kind = kind;
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get statusCode(): number {
    return errorKinds[this.kind];
  }

  get publicMessage(): string | undefined {
    return this.message === this.kind ? undefined : this.message;
  }
}
