import { login } from '@kontor/contract/api/auth';
import { listEnvironments } from '@kontor/contract/api/environments';
import { call } from '@kontor/contract/call';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { fakeFetch } from '../test/fake-fetch';
import { testUser } from '../test/session-user';
import { ApiError, api, configureApi, messageOf } from './api';
import { session } from './session';

const user = testUser();
const echo = call('/api/test/echo', { body: z.object({ word: z.string() }), data: z.object({ word: z.string() }) });

const onUnauthorized = vi.fn();
beforeEach(() => configureApi({ onUnauthorized }));
afterEach(() => {
  vi.unstubAllGlobals();
  onUnauthorized.mockReset();
  localStorage.clear();
});

const catchError = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

describe('api.call', () => {
  test('posts JSON and returns the typed data of a success envelope', async () => {
    const f = fakeFetch({ '/api/test/echo': { body: { status: 'success', data: { word: 'hallo' } } } });
    vi.stubGlobal('fetch', f.fn);
    await expect(api.call(echo, { word: 'hallo' })).resolves.toEqual({ word: 'hallo' });
    expect(f.calls[0]?.body).toEqual({ word: 'hallo' });
    expect(f.calls[0]?.headers['Content-Type']).toBe('application/json');
  });

  test('sends the stored token as bearer', async () => {
    session.start('tok-123', user);
    const f = fakeFetch({ '/api/environments/list': { body: { status: 'success', data: [] } } });
    vi.stubGlobal('fetch', f.fn);
    await api.call(listEnvironments);
    expect(f.calls[0]?.headers.Authorization).toBe('Bearer tok-123');
    expect(f.calls[0]?.body).toEqual({});
  });

  test('throws an ApiError with status, message and field errors of an error envelope', async () => {
    const body = { status: 'error', message: 'Ungültig', errors: { names: ['Bitte Namen angeben'] } };
    vi.stubGlobal('fetch', fakeFetch({ '/api/test/echo': { status: 400, body } }).fn);
    const error = await catchError(api.call(echo, { word: '' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Ungültig');
    expect(error.field('names')).toBe('Bitte Namen angeben');
  });

  test('carries the error code of the envelope, and a code of the status when the answer has none', async () => {
    const body = { status: 'error', code: 'stale_version', message: 'Geändert' };
    vi.stubGlobal('fetch', fakeFetch({ '/api/test/echo': { status: 409, body } }).fn);
    expect((await catchError(api.call(echo, { word: 'x' }))).code).toBe('stale_version');
    vi.stubGlobal('fetch', fakeFetch({ '/api/test/echo': { status: 409, body: { status: 'error' } } }).fn);
    expect((await catchError(api.call(echo, { word: 'x' }))).code).toBe('conflict');
  });

  test('leaves the message undefined when the server sent none, so the screen uses its fallback', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/api/test/echo': { status: 404, body: { status: 'error' } } }).fn);
    const error = await catchError(api.call(echo, { word: 'x' }));
    expect(error.message).toBeUndefined();
    expect(messageOf(error, 'Fallback')).toBe('Fallback');
  });

  test('treats an HTTP 200 with status error as a failure', async () => {
    const body = { status: 'error', message: 'Nein' };
    vi.stubGlobal('fetch', fakeFetch({ '/api/test/echo': { body } }).fn);
    expect((await catchError(api.call(echo, { word: 'x' }))).message).toBe('Nein');
  });

  test('turns a network failure into the generic message', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    const error = await catchError(api.call(echo, { word: 'x' }));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Es ist ein unerwarteter Fehler aufgetreten.');
  });

  test('ends the session on a 401 for a request that carried a token', async () => {
    session.start('tok-old', user);
    const body = { status: 'error', message: 'Ihre Sitzung ist abgelaufen.' };
    vi.stubGlobal('fetch', fakeFetch({ '/api/environments/list': { status: 401, body } }).fn);
    const error = await catchError(api.call(listEnvironments));
    expect(error.status).toBe(401);
    expect(session.isLoggedIn()).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('keeps quiet on a 401 without a token', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/api/environments/list': { status: 401, body: { status: 'error' } } }).fn);
    await catchError(api.call(listEnvironments));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('rejects an answer that does not match the contract', async () => {
    const body = { status: 'success', data: { word: 42 } };
    vi.stubGlobal('fetch', fakeFetch({ '/api/test/echo': { body } }).fn);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await catchError(api.call(echo, { word: 'x' }))).message).toBe(
      'Es ist ein unerwarteter Fehler aufgetreten.',
    );
  });
});

describe('api.send and api.login', () => {
  test('send returns the success message with the data', async () => {
    const body = { status: 'success', message: 'Gespeichert', data: { word: 'a' } };
    vi.stubGlobal('fetch', fakeFetch({ '/api/test/echo': { body } }).fn);
    await expect(api.send(echo, { word: 'a' })).resolves.toEqual({ data: { word: 'a' }, message: 'Gespeichert' });
  });

  test('login reads token and user from the top level of the answer', async () => {
    const body = { status: 'success', token: 'tok-new', user };
    vi.stubGlobal('fetch', fakeFetch({ [login.path]: { body } }).fn);
    await expect(api.login({ email: 'anna@example.com', password: 'x' })).resolves.toEqual({ token: 'tok-new', user });
  });
});
