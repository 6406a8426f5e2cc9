import type { RouteObject } from 'react-router';
import { PublicOnly } from '../../app/guards';
import { PublicLayout } from '../../ui/public-layout';
import { ActivatePage } from './activate-page';
import { ForgotPwPage } from './forgot-pw-page';
import { LoginPage } from './login-page';
import { LogoutPage } from './logout-page';
import { RegisterPage } from './register-page';
import { ResetPwPage } from './reset-pw-page';

/** Spec 01 §2: the public routes, only while logged out. */
export const publicAuthRoutes: RouteObject = {
  element: <PublicOnly />,
  children: [
    {
      element: <PublicLayout />,
      children: [
        { index: true, element: <LoginPage /> },
        { path: 'register', element: <RegisterPage /> },
        { path: 'forgot-pw', element: <ForgotPwPage /> },
        { path: 'reset-pw/:user/:hash', element: <ResetPwPage /> },
        { path: 'activate/:user/:token', element: <ActivatePage /> },
      ],
    },
  ],
};

/** /logout is a logged-in route (the caller nests it under the session guard). */
export const logoutRoute: RouteObject = {
  path: 'logout',
  element: (
    <PublicLayout>
      <LogoutPage />
    </PublicLayout>
  ),
};
