import * as api from '@kontor/contract/api/auth';
import type { FastifyInstance } from 'fastify';
import { answer, route } from '../../http/route';
import * as auth from './auth.service';
import { createLoginLimiter } from './login-limiter';
import { createRedisLoginLimiter } from './login-limiter.redis';

/** Calls that rate limiting protects against guessing and mail flooding. */
const guarded = { perMinute: 20 } as const;

export const registerAuthRoutes = (app: FastifyInstance): void => {
  const now = () => app.deps.now();
  const limiter = app.deps.redis ? createRedisLoginLimiter(app.deps.redis, now) : createLoginLimiter(now);

  route(app, api.login, 'public', ({ deps, t, body, req }) => auth.login(deps, t, limiter, body, req.ip), guarded);
  route(app, api.register, 'public', async ({ deps, t, body }) => auth.register(deps, t, body), guarded);
  route(
    app,
    api.activate,
    'public',
    async ({ deps, t, body }) => answer(undefined, await auth.activate(deps, t, body)),
    guarded,
  );
  route(
    app,
    api.forgotPw,
    'public',
    async ({ deps, t, body }) => answer(undefined, await auth.forgotPassword(deps, t, body)),
    guarded,
  );
  route(app, api.forgotPwCheck, 'public', ({ deps, t, body }) => auth.checkResetLink(deps, t, body), guarded);
  route(
    app,
    api.forgotPwReset,
    'public',
    async ({ deps, t, body }) => answer(undefined, await auth.resetPassword(deps, t, body)),
    guarded,
  );
  route(app, api.logout, 'user', async ({ deps, tokenHash }) => {
    await auth.logout(deps, tokenHash);
  });
  route(app, api.me, 'user', ({ user }) => auth.toSessionUser(user));
};
