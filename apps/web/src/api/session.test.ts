import { afterEach, describe, expect, test, vi } from 'vitest';
import { testUser } from '../test/session-user';
import { isValidSession, session, storageKeys } from './session';

const user = testUser();

afterEach(() => localStorage.clear());

describe('the session validity rule (spec 01 §3)', () => {
  test('counts as logged in with an e-mail, an active user and a token', () => {
    expect(isValidSession({ user, token: 'abc' })).toBe(true);
  });

  test('is not logged in without a token', () => {
    expect(isValidSession({ user, token: null })).toBe(false);
    expect(isValidSession({ user, token: '' })).toBe(false);
  });

  test('is not logged in with an empty or blank e-mail', () => {
    expect(isValidSession({ user: { ...user, email: '' }, token: 'abc' })).toBe(false);
    expect(isValidSession({ user: { ...user, email: '  ' }, token: 'abc' })).toBe(false);
  });

  test('is not logged in unless is_active is exactly true', () => {
    expect(isValidSession({ user: { ...user, is_active: false }, token: 'abc' })).toBe(false);
    // A stored string "true" (tampered or legacy data) is not an active user.
    expect(isValidSession({ user: { ...user, is_active: 'true' as unknown as boolean }, token: 'abc' })).toBe(false);
  });

  test('is not logged in without a user', () => {
    expect(isValidSession({ user: null, token: 'abc' })).toBe(false);
  });
});

describe('the session store', () => {
  test('keeps user and token in local storage and tells its subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    session.start('tok-1', user);
    expect(localStorage.getItem(storageKeys.token)).toBe('tok-1');
    expect(session.get().user?.email).toBe('anna@example.com');
    expect(session.isLoggedIn()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  test('returns the same snapshot while storage is unchanged', () => {
    session.start('tok-1', user);
    expect(session.get()).toBe(session.get());
  });

  test('logging out clears the whole local storage', () => {
    session.start('tok-1', user);
    localStorage.setItem('something-else', 'x');
    session.clear();
    expect(localStorage.length).toBe(0);
    expect(session.isLoggedIn()).toBe(false);
  });

  test('ignores a corrupt stored user', () => {
    localStorage.setItem(storageKeys.user, '{not json');
    localStorage.setItem(storageKeys.token, 'tok');
    expect(session.get().user).toBeNull();
    expect(session.isLoggedIn()).toBe(false);
  });
});
