import type { RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/account.routes';
import { logoutRoute } from '../features/auth/auth.routes';
import { environmentRoutes } from '../features/environments/environments.routes';
import { pagesRoutes } from '../features/pages/pages.routes';
import { recordsRoutes } from '../features/records/records.routes';
import { settingsRoutes } from '../features/settings/settings.routes';
import { exportEditorRoutes, stagesRoutes } from '../features/stages/stages.routes';

/**
 * The features' registrations into the record engine (field renderers, element kinds): only the
 * environment's screens use the engine, so they load with its shell, not with the login page.
 */
const engineRegistrations = () =>
  Promise.all([import('../features/files/files.engine'), import('../features/records/records.engine')]);

/**
 * Spec 01 §2, the logged-in routes below the session guard (router.tsx adds them on the first
 * navigation into them).
 */
export const sessionRoutes: RouteObject[] = [
  logoutRoute,
  accountRoutes,
  {
    path: 'create-environment/setup/:envKey',
    lazy: async () => ({ Component: (await import('../features/setup/setup-wizard-page')).SetupWizardPage }),
  },
  environmentRoutes({
    records: [...recordsRoutes, ...stagesRoutes, ...pagesRoutes, ...exportEditorRoutes],
    settings: settingsRoutes,
    prepare: engineRegistrations,
  }),
];
