import { createBrowserRouter, type RouteObject } from 'react-router';
import { publicAuthRoutes } from '../features/auth/auth.routes';
import { loadCatalog } from '../i18n/catalog-store';
import { PageLoader } from '../ui/page-loader';
import { PublicLayout } from '../ui/public-layout';
import type { InfoKind } from './info-page';
import { NavigationProgress } from './navigation-progress';
import { RouteError } from './route-error';

const sessionRouteId = 'session';

const infoRoute = (kind: InfoKind): RouteObject => ({
  path: kind,
  lazy: async () => {
    const { InfoPage } = await import('./info-page');
    return { element: <InfoPage kind={kind} /> };
  },
});

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
        // The logged-in screens need the whole formal catalog, not only the public pages' part.
        lazy: async () => {
          const [{ SessionArea }] = await Promise.all([import('./session-area'), loadCatalog('de_sie')]);
          return { Component: SessionArea };
        },
        id: sessionRouteId,
        children: [], // patched in on the first navigation into it (see below)
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

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The first path segments of the logged-in screens (session-routes.tsx). */
const sessionPath = /^\/(account|env|logout|create-environment)(\/|$)/;

/**
 * The logged-in route table loads with the first navigation into it (React Router's lazy route
 * discovery), so the login page does not carry the route tables of every feature.
 */
export const createAppRouter = () =>
  createBrowserRouter(appRoutes, {
    // React Router asks again for paths with params or splats; patching is idempotent (it skips
    // routes it has), and a patch of an aborted navigation is dropped, so no "done" flag here.
    patchRoutesOnNavigation: async ({ path, patch }) => {
      if (!sessionPath.test(path)) return;
      const { sessionRoutes } = await import('./session-routes');
      patch(sessionRouteId, sessionRoutes);
    },
  });
