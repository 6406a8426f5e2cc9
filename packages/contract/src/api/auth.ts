import { z } from 'zod';
import { call, noBody } from '../call';

import { passwordLimits } from './auth-limits';

export { passwordLimits } from './auth-limits';

export const emailInput = z.string().trim().max(254);
const password = z.string().max(passwordLimits.max);
const name = z.string().trim().max(100);
const tokenParam = z.string().trim().min(1).max(200);

/** The user as the browser keeps it (spec 01 §3, "Session user"). */
export const sessionUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstname: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  password_changed_at: z.string().nullable(),
  created_at: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const login = call('/api/users/login', {
  body: z.object({ email: emailInput, password }),
  data: z.object({ token: z.string(), user: sessionUserSchema }),
  topLevel: true,
});

export const register = call('/api/users/register', {
  body: z.object({ firstname: name, name, email: emailInput, password, password2: password }),
  data: z.undefined(),
});

export const activate = call('/api/users/activate', {
  body: z.object({ user: tokenParam, token: tokenParam }),
  data: z.undefined(),
});

export const forgotPw = call('/api/users/forgot-pw', {
  body: z.object({ email: emailInput }),
  data: z.undefined(),
});

export const forgotPwCheck = call('/api/users/forgot-pw/check', {
  body: z.object({ user: tokenParam, hash: tokenParam }),
  data: z.object({ _id: z.string(), email: z.string() }),
});

export const forgotPwReset = call('/api/users/forgot-pw/reset', {
  body: z.object({ user: tokenParam, hash: tokenParam, password, password2: password.optional() }),
  data: z.undefined(),
});

export const logout = call('/api/users/logout', { body: noBody, data: z.undefined() });

/** Who am I: lets the browser refresh the stored user and notice a revoked token. */
export const me = call('/api/users/me', { body: noBody, data: sessionUserSchema });
