import * as api from '@kontor/contract/api/environments';
import * as settingsApi from '@kontor/contract/api/settings';
import { normalizeEmail } from '@kontor/contract/logic/email';
import type { FastifyInstance } from 'fastify';
import { answer, route } from '../../http/route';
import { environmentDetails } from './environment-details';
import * as environments from './environments.service';
import { auditInvitation, setMemberActive, setMemberRole } from './members.service';
import { membersAudit } from './members-audit';

export const registerEnvironmentRoutes = (app: FastifyInstance): void => {
  route(app, api.listEnvironments, 'user', ({ deps, user }) => environments.listEnvironments(deps, user));
  route(app, api.listPresets, 'user', ({ deps }) => environments.listPresets(deps));
  route(
    app,
    api.createEnvironment,
    'user',
    ({ deps, t, user, body }) => environments.createEnvironment(deps, t, user, body),
    {
      perMinute: 20,
    },
  );
  route(app, api.listInvitations, 'user', ({ deps, user }) => environments.listInvitations(deps, user));
  route(app, api.acceptInvitation, 'user', ({ deps, t, user, body }) =>
    environments.acceptInvitation(deps, t, user, body.id),
  );
  route(app, api.declineInvitation, 'user', ({ deps, t, user, body }) =>
    environments.declineInvitation(deps, t, user, body.id),
  );
  route(
    app,
    api.inviteUser,
    { env: 'write', may: 'members' },
    async ({ deps, scope, env, user, body, t }) => {
      const message = await environments.inviteUser(
        deps,
        scope,
        { inviter: user, inviterRole: env.role, email: body.email, role: body.role },
        t,
      );
      await auditInvitation(scope, { email: normalizeEmail(body.email), role: body.role, now: deps.now() });
      return answer(undefined, message);
    },
    { perMinute: 30 },
  );

  route(app, api.removeInvitation, { env: 'write', may: 'members' }, async ({ deps, scope, body, t }) =>
    answer(undefined, await environments.removeInvitation(scope, body.id, deps.now(), t)),
  );

  route(app, settingsApi.setUserActive, { env: 'write', may: 'members' }, async ({ scope, body, deps, t }) =>
    answer(undefined, await setMemberActive(scope, body.user, body.is_active, deps.now(), t)),
  );
  route(app, settingsApi.setUserRole, { env: 'write', may: 'members' }, async ({ scope, body, deps, t }) =>
    answer(undefined, await setMemberRole(scope, body.user, body.role, deps.now(), t)),
  );

  // The members' history (issue 29 item 5): only who manages members reads it.
  route(app, settingsApi.usersAudit, { env: 'read', may: 'members' }, ({ scope, t }) => membersAudit(scope, t));

  route(app, api.environmentDetails, { env: 'status', may: 'read' }, ({ scope, env }) =>
    environmentDetails(scope, env),
  );
  // Polled every 15 s by every open shell: answered from the guard's single lookup, no transaction.
  route(app, api.heartbeat, { env: 'status', may: 'read', tx: false }, ({ env }) => ({
    envStatus: env.status,
    envLastConfigUpdate: env.configUpdatedAt.toISOString(),
  }));
};
