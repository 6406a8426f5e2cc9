import { createBrowserRouter, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/account.routes';
import { logoutRoute, publicAuthRoutes } from '../features/auth/auth.routes';
import { environmentRoutes } from '../features/environments/environments.routes';
import { pagesRoutes } from '../features/pages/pages.routes';
import { recordsRoutes } from '../features/records/records.routes';
import { settingsRoutes } from '../features/settings/settings.routes';
import { exportEditorRoutes, stagesRoutes } from '../features/stages/stages.routes';
import { PageLoader } from '../ui/page-loader';
import { PublicLayout } from '../ui/public-layout';
import type { InfoKind } from './info-page';
import { NavigationProgress } from './navigation-progress';
import { RouteError } from './route-error';

const infoRoute = (kind: InfoKind): RouteObject => ({
  path: kind,
  lazy: async () => {
    const { InfoPage } = await import('./info-page');
    return { element: <InfoPage kind={kind} /> };
  },
});

/**
 * The features' registrations into the record engine (field renderers, element kinds): only the
 * environment's screens use the engine, so they load with its shell, not with the login page.
 */
const engineRegistrations = () =>
  Promise.all([import('../features/files/files.engine'), import('../features/records/records.engine')]);

/**
 * Spec 01 §2, the route table. Every screen is a lazy route (issue 16: the login page loads only
 * the public layout and its own page); the root shows the loader on the first load and the
 * reload offer when a chunk cannot be fetched.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <NavigationProgress />,
    HydrateFallback: PageLoader,
    errorElement: <RouteError />,
    children: [
      publicAuthRoutes,
      {
        lazy: async () => ({ Component: (await import('./session-area')).SessionArea }),
        children: [
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
        ],
      },
      // The footer's pages, open to everyone.
      infoRoute('docs'),
      infoRoute('contact'),
      infoRoute('legal'),
      infoRoute('imprint'),
      {
        path: '*',
        lazy: async () => {
          const { NotFound } = await import('./not-found-page');
          return {
            element: (
              <PublicLayout>
                <NotFound />
              </PublicLayout>
            ),
          };
        },
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
