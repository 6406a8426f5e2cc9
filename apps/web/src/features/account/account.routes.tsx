import type { RouteObject } from 'react-router';
import { NotFound } from '../../app/not-found-page';
import { AccountEditPage } from './account-edit-page';
import { AccountLayout } from './account-layout';
import { ChangePwPage } from './change-pw-page';
import { CreateEnvironmentPage } from './create-environment-page';
import { EnvironmentSelectPage } from './environment-select-page';
import { SettingsGeneralPage } from './settings-general-page';
import { SettingsLayout } from './settings-layout';
import { SettingsUnknown } from './settings-unknown';

/** Spec 01 §2 "Account area" (the caller nests it under the session guard). */
export const accountRoutes: RouteObject = {
  path: 'account',
  element: <AccountLayout />,
  children: [
    { index: true, element: <EnvironmentSelectPage /> },
    { path: 'create-environment', element: <CreateEnvironmentPage /> },
    { path: 'edit', element: <AccountEditPage /> },
    {
      path: 'settings',
      element: <SettingsLayout />,
      children: [
        { index: true, element: <SettingsGeneralPage /> },
        { path: 'change-pw', element: <ChangePwPage /> },
        { path: '*', element: <SettingsUnknown /> },
      ],
    },
    { path: '*', element: <NotFound /> },
  ],
};
