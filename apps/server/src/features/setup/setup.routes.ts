import * as api from '@kontor/contract/api/setup';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { saveStep1, saveStep2, saveStep3, setupInit } from './setup.service';

export const registerSetupRoutes = (app: FastifyInstance): void => {
  route(app, api.setupInit, { env: 'read', may: 'read' }, ({ scope, t, deps }) =>
    setupInit({ scope, t, now: deps.now() }),
  );
  route(app, api.setupStep1, { env: 'write', may: 'settings' }, ({ scope, t, deps, body }) =>
    saveStep1({ scope, t, now: deps.now() }, body),
  );
  route(app, api.setupStep2, { env: 'write', may: 'settings' }, ({ scope, t, deps, body }) =>
    saveStep2({ scope, t, now: deps.now() }, body),
  );
  route(app, api.setupStep3, { env: 'write', may: 'settings' }, ({ scope, t, deps, body }) =>
    saveStep3({ scope, t, now: deps.now() }, body),
  );
};
