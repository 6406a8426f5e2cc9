import { useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { authCalls } from '../../api/api';
import { PublicOnly } from '../../app/guards';
import { PublicLayout } from '../../ui/public-layout';

/**
 * The public pages' frame. Once a page shows, it fetches the auth calls (with zod) that its form
 * will post through, so the first submit does not wait for them and the first paint did not.
 */
function PublicAuthLayout() {
  useEffect(() => {
    authCalls().catch(() => {}); // a failure shows again, with the reload offer, on submit
  }, []);
  return <PublicLayout />;
}

/** Spec 01 §2: the public routes, only while logged out. Each page is its own chunk. */
export const publicAuthRoutes: RouteObject = {
  element: <PublicOnly />,
  children: [
    {
      element: <PublicAuthLayout />,
      children: [
        { index: true, lazy: async () => ({ Component: (await import('./login-page')).LoginPage }) },
        { path: 'register', lazy: async () => ({ Component: (await import('./register-page')).RegisterPage }) },
        { path: 'forgot-pw', lazy: async () => ({ Component: (await import('./forgot-pw-page')).ForgotPwPage }) },
        {
          path: 'reset-pw/:user/:hash',
          lazy: async () => ({ Component: (await import('./reset-pw-page')).ResetPwPage }),
        },
        {
          path: 'activate/:user/:token',
          lazy: async () => ({ Component: (await import('./activate-page')).ActivatePage }),
        },
      ],
    },
  ],
};

/** /logout is a logged-in route (the caller nests it under the session guard). */
export const logoutRoute: RouteObject = {
  path: 'logout',
  lazy: async () => {
    const { LogoutPage } = await import('./logout-page');
    return {
      element: (
        <PublicLayout>
          <LogoutPage />
        </PublicLayout>
      ),
    };
  },
};
