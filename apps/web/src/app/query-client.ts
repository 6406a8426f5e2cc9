import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api';
import { session } from '../api/session';

declare module '@tanstack/react-query' {
  // Failures are `ApiError`s from the api helper, but a query may also throw anything else.
  interface Register {
    defaultError: unknown;
  }
}

/** A client error (4xx) will not heal by asking again; network and server faults get one retry. */
const retry = (failureCount: number, error: unknown) =>
  !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 1;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// One user's cached data must never show for the next: drop it once the session has ended.
// Deferred, so the guards have redirected and no page of the old session refetches on removal.
let wasLoggedIn = session.isLoggedIn();
session.subscribe(() => {
  const loggedIn = session.isLoggedIn();
  if (wasLoggedIn && !loggedIn) setTimeout(() => queryClient.clear(), 0);
  wasLoggedIn = loggedIn;
});
