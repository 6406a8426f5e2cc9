import * as api from '@kontor/contract/api/settings';
import type { FastifyInstance } from 'fastify';
import { answer, route } from '../../http/route';
import { loadFunctionSettings, saveFunctionSettings } from './function-settings.service';
import { saveMainSettings, saveModules } from './general-settings.service';
import { portalDetails, savePortal } from './portals.service';

/** The settings area's calls (spec 02 §7 "Environment settings"). */
export const registerSettingsRoutes = (app: FastifyInstance): void => {
  route(app, api.saveMainSettings, { env: 'write', may: 'settings' }, async ({ scope, body, deps, t }) =>
    answer(undefined, await saveMainSettings(scope, body, deps.now(), t)),
  );
  route(app, api.saveModules, { env: 'write', may: 'settings' }, async ({ scope, body, deps, t }) =>
    answer(undefined, await saveModules(scope, body.functions, deps.now(), t)),
  );

  route(app, api.portalDetails, { env: 'read', may: 'read' }, ({ scope, deps }) =>
    portalDetails(scope, deps.config.appUrl),
  );
  route(app, api.savePortal, { env: 'write', may: 'settings' }, async ({ scope, body, deps, t }) =>
    answer(await savePortal(scope, body, deps.config.appUrl, deps.now(), t), t('settings.portalSaved')),
  );

  route(app, api.functionSettings, { env: 'read', may: 'read' }, ({ scope, body, t }) =>
    loadFunctionSettings(scope, body.function, body.qualifier, t),
  );
  route(app, api.saveFunctionSettings, { env: 'write', may: 'settings' }, async ({ scope, body, deps, t }) =>
    answer(
      await saveFunctionSettings(scope, body.function, body.qualifier, body.settings, deps.now(), t),
      t('settings.functionSaved'),
    ),
  );
};
