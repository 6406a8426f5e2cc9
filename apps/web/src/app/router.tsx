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
import { RequireSession } from './guards';
import { InfoPage } from './info-page';
import { NotFound } from './not-found-page';

/** Spec 01 §2, the route table. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: PageLoader,
    children: [
      publicAuthRoutes,
      {
        element: <RequireSession />,
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
          }),
        ],
      },
      // The footer's pages, open to everyone.
      { path: 'docs', element: <InfoPage kind="docs" /> },
      { path: 'contact', element: <InfoPage kind="contact" /> },
      { path: 'legal', element: <InfoPage kind="legal" /> },
      { path: 'imprint', element: <InfoPage kind="imprint" /> },
      {
        path: '*',
        element: (
          <PublicLayout>
            <NotFound />
          </PublicLayout>
        ),
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
