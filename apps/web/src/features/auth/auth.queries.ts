import { queryOptions } from '@tanstack/react-query';
import { api, authCalls } from '../../api/api';

const authKeys = {
  resetLink: (user: string, hash: string) => ['auth', 'reset-link', user, hash] as const,
};

/** Spec 01 §2: the reset page checks its link before it shows the form. */
export const resetLinkQuery = (user: string, hash: string) =>
  queryOptions({
    queryKey: authKeys.resetLink(user, hash),
    queryFn: async ({ signal }) => api.call((await authCalls()).forgotPwCheck, { user, hash }, { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Spec 01 §5 (login): blocked while either field is empty or whitespace only. */
export const loginBlank = (email: string, password: string): boolean => email.trim() === '' || password.trim() === '';
