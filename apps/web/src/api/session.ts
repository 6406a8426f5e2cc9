import type { SessionUser } from '@kontor/contract/api/auth';
import { useSyncExternalStore } from 'react';

/**
 * The browser's session (spec 01 §3): the user object and the bearer token in local storage.
 * A tiny observable store, so route guards re-render the moment it changes (also from another tab).
 */
export const storageKeys = { user: 'kontor.user', token: 'kontor.token' } as const;

type StoredUser = Partial<SessionUser> & Record<string, unknown>;
type Session = Readonly<{ user: StoredUser | null; token: string | null }>;

/** Spec 01 §3: valid only with a non-empty e-mail, an active user and a stored token. */
export const isValidSession = (s: Session): boolean =>
  typeof s.user?.email === 'string' && s.user.email.trim() !== '' && s.user.is_active === true && !!s.token;

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage can be blocked by browser settings
  }
};

const readUser = (raw: string | null): StoredUser | null => {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as StoredUser) : null;
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
let rawUser: string | null = null;
let rawToken: string | null = null;
let snapshot: Session = { user: null, token: null };

/** Rebuilds the snapshot only when storage changed, so React sees a stable object otherwise. */
const read = (): Session => {
  const s = storage();
  const u = s?.getItem(storageKeys.user) ?? null;
  const t = s?.getItem(storageKeys.token) ?? null;
  if (u !== rawUser || t !== rawToken) {
    rawUser = u;
    rawToken = t;
    snapshot = { user: readUser(u), token: t };
  }
  return snapshot;
};

const emit = () => {
  for (const listener of listeners) listener();
};

export const session = {
  get: read,
  token: (): string | null => read().token,
  isLoggedIn: (): boolean => isValidSession(read()),

  /** After a successful login. */
  start(token: string, user: SessionUser): void {
    const s = storage();
    s?.setItem(storageKeys.token, token);
    s?.setItem(storageKeys.user, JSON.stringify(user));
    emit();
  },

  /** Keeps the token, replaces the user (after /api/users/me). */
  setUser(user: SessionUser): void {
    storage()?.setItem(storageKeys.user, JSON.stringify(user));
    emit();
  },

  /** Logging out clears the stored session and local storage (spec 01 §4). */
  clear(): void {
    storage()?.clear();
    emit();
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab logged in or out: tell this tab's subscribers.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === storageKeys.user || e.key === storageKeys.token) emit();
  });
}

export const useSession = (): Session => useSyncExternalStore(session.subscribe, read, read);
export const useIsLoggedIn = (): boolean => isValidSession(useSession());
