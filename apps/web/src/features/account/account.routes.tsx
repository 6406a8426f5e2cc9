import type { RouteObject } from 'react-router';

/** Spec 01 §2 "Account area" (the caller nests it under the session guard); one chunk per page. */
export const accountRoutes: RouteObject = {
  path: 'account',
  lazy: async () => ({ Component: (await import('./account-layout')).AccountLayout }),
  children: [
    {
      index: true,
      lazy: async () => ({ Component: (await import('./environment-select-page')).EnvironmentSelectPage }),
    },
    {
      path: 'create-environment',
      lazy: async () => ({ Component: (await import('./create-environment-page')).CreateEnvironmentPage }),
    },
    { path: 'edit', lazy: async () => ({ Component: (await import('./account-edit-page')).AccountEditPage }) },
    {
      path: 'settings',
      lazy: async () => ({ Component: (await import('./account-settings-layout')).AccountSettingsLayout }),
      children: [
        {
          index: true,
          lazy: async () => ({ Component: (await import('./settings-general-page')).SettingsGeneralPage }),
        },
        { path: 'change-pw', lazy: async () => ({ Component: (await import('./change-pw-page')).ChangePwPage }) },
        { path: '*', lazy: async () => ({ Component: (await import('./settings-unknown')).SettingsUnknown }) },
      ],
    },
    { path: '*', lazy: async () => ({ Component: (await import('../../app/not-found-page')).NotFound }) },
  ],
};
