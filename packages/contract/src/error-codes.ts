import type { MessageKey } from './i18n/de_sie';

/**
 * Without zod, so the web's api helper does not load it with the login page (issue 16).
 * The closed list of error codes that cross the wire in `{ status: 'error', code, message?, errors? }`,
 * each with its HTTP status and the catalog message the edge shows when the thrower named none.
 * The web decides by `code` (a stale version is `stale_version`, not "any 409"); the message is
 * translated at the edge into the environment's language.
 */
export const errorCodes = {
  /** The request is malformed or a field is invalid (`errors` names the fields). */
  invalid: { status: 400, message: 'common.invalidInput' },
  /** The body is not JSON, or empty where JSON belongs. */
  malformed_json: { status: 400, message: 'common.malformedJson' },
  /** No valid token. */
  unauthenticated: { status: 401, message: 'common.unauthenticated' },
  /** Known caller, not allowed. */
  forbidden: { status: 403, message: 'common.genericError' },
  /** The caller is no (active) member of the environment named by `_env`. */
  not_member: { status: 403, message: 'environments.notMember' },
  /** The environment is blocked. */
  environment_blocked: { status: 403, message: 'environments.blocked' },
  /** The environment is not active (writes refused). */
  environment_inactive: { status: 403, message: 'environments.notActive' },
  /** The record's stage forbids editing: a conflict with its state, like a frozen document. */
  edit_disabled: { status: 409, message: 'records.editDisabled' },
  /** The record is a frozen document (GoBD): it is corrected only by a cancellation. */
  document_frozen: { status: 409, message: 'stages.frozen' },
  /** The record cannot move to that stage from where it is (same stage, required stage, order). */
  stage_not_allowed: { status: 409, message: 'stages.notAllowed' },
  /** Unknown call, record, type or link. */
  not_found: { status: 404, message: 'common.notFound' },
  /** The write collides with existing data (a unique value, a membership). */
  conflict: { status: 409, message: 'common.conflict' },
  /** The record changed since it was loaded: reload before saving. */
  stale_version: { status: 409, message: 'records.staleVersion' },
  /** The body or an upload is too large. */
  too_large: { status: 413, message: 'common.payloadTooLarge' },
  /** The body is not JSON. */
  unsupported_media_type: { status: 415, message: 'common.unsupportedMediaType' },
  /** Too many requests; `retry-after` says when to try again. */
  rate_limited: { status: 429, message: 'common.genericError' },
  /** Anything unexpected: logged with the request id, answered generically. */
  internal: { status: 500, message: 'common.genericError' },
} as const satisfies Record<string, { status: number; message: MessageKey }>;

export type ErrorCode = keyof typeof errorCodes;
export const errorCodeList = Object.keys(errorCodes) as ErrorCode[];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorCodes, value);
