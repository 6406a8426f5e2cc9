import type { RouteObject } from 'react-router';
import { dataStructuresRoutes } from '../data-structures/data-structures.routes';
import { queryFormsSettingsRoute } from '../query-forms/query-forms.routes';
import { liveSections, settingsSections } from './settings-sections';

const pages = () => import('./settings-record-pages');
const soon = () => import('./settings-coming-soon');

/**
 * Routes of the settings area, relative to /env/:env (spec 02 §2.2): the sub-navigation layout;
 * general settings, users with invitations and the portal; addresses, bank details and tax rates
 * with list and edit form; data structures "coming soon".
 */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: async () => ({ Component: (await import('./environment-settings-layout')).EnvironmentSettingsLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./general-settings-page')).GeneralSettingsPage }) },
      { path: 'users', lazy: async () => ({ Component: (await import('./users-page')).UsersPage }) },
      { path: 'users/invite', lazy: async () => ({ Component: (await import('./invite-page')).InvitePage }) },
      {
        path: 'number-ranges',
        lazy: async () => ({ Component: (await import('./number-ranges-page')).NumberRangesPage }),
      },
      {
        path: 'portals',
        lazy: async () => ({ Component: (await import('./portal-settings-page')).PortalSettingsPage }),
      },
      ...settingsSections
        .filter((section) => section.soon)
        .map(
          (section): RouteObject => ({
            path: `${section.path}/*`,
            lazy: async () => {
              const { SettingsComingSoon } = await soon();
              return { element: <SettingsComingSoon section={section.label} /> };
            },
          }),
        ),
      ...liveSections.flatMap((section): RouteObject[] => [
        {
          path: section.path,
          lazy: async () => {
            const { SettingsListPage } = await pages();
            return { element: <SettingsListPage section={section} /> };
          },
        },
        {
          path: `${section.path}/:id/edit`,
          lazy: async () => {
            const { SettingsEditPage } = await pages();
            return { element: <SettingsEditPage section={section} /> };
          },
        },
      ]),
      ...dataStructuresRoutes,
      queryFormsSettingsRoute,
      { path: '*', lazy: async () => ({ Component: (await soon()).SettingsNotFound }) },
    ],
  },
];
