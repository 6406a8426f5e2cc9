import { type ErrorCode, errorCodes, isErrorCode } from '@kontor/contract/errors';
import { de_sie } from '@kontor/contract/i18n/de_sie';
import { expect } from 'vitest';
import type { TestResponse } from './harness';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every formal German catalog text as a pattern; `{placeholders}` match any filling. */
const catalogPatterns = Object.values(de_sie).map(
  (text) => new RegExp(`^${escapeRegExp(text).replace(/\\\{\w+\\\}/g, '.+')}$`, 's'),
);

/** True when `message` is one of the catalog's German texts (placeholders filled in). */
export const isCatalogText = (message: unknown): boolean =>
  typeof message === 'string' && catalogPatterns.some((p) => p.test(message));

/**
 * A refusal as every client error must look: a 4xx status (the given one, if any), the error
 * envelope, and a German message from the catalog, also for every field error. Never a 500.
 */
export const expectRefused = (res: TestResponse, status?: number): void => {
  const where = `${res.statusCode} ${JSON.stringify(res.body).slice(0, 300)}`;
  expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, where).toBeLessThan(500);
  if (status !== undefined) expect(res.statusCode, where).toBe(status);
  expect(res.body.status, where).toBe('error');
  // Every failure carries a code of the contract's closed list, whose status is the one answered.
  expect(isErrorCode(res.body.code), `code of the closed list: ${where}`).toBe(true);
  expect(errorCodes[res.body.code as ErrorCode].status, `status of code ${res.body.code}`).toBe(res.statusCode);
  expect(isCatalogText(res.body.message), `message is a German catalog text: ${where}`).toBe(true);
  for (const [field, messages] of Object.entries(res.body.errors ?? {})) {
    expect(Array.isArray(messages), `errors.${field} is a list`).toBe(true);
    for (const m of messages) expect(isCatalogText(m), `errors.${field}: "${m}" is a catalog text`).toBe(true);
  }
};

/** A success envelope; the body is printed when it is not. */
export const expectOk = (res: TestResponse): void => {
  expect(res.statusCode, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  expect(res.body.status).toBe('success');
};
