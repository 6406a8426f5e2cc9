import * as api from '@kontor/contract/api/account';
import type { FastifyInstance } from 'fastify';
import { answer, route } from '../../http/route';
import { changePassword, logoutEverywhere } from '../auth/auth.service';

export const registerAccountRoutes = (app: FastifyInstance): void => {
  route(
    app,
    api.changePassword,
    'user',
    async ({ deps, t, user, tokenHash, body }) =>
      answer(undefined, await changePassword(deps, t, user, tokenHash, body)),
    { perMinute: 10 },
  );
  route(app, api.logoutEverywhere, 'user', async ({ deps, user }) => {
    await logoutEverywhere(deps, user.id);
  });
};
