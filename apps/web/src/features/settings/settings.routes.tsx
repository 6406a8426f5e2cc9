import type { RouteObject } from 'react-router';
import { exportSettingsRoutes } from '../stages/stages.routes';
import { liveSections, settingsSections } from './settings-sections';

const pages = () => import('./settings-record-pages');
const soon = () => import('./settings-coming-soon');

/**
 * Routes of the settings area, relative to /env/:env (spec 02 §2.2): the sub-navigation layout;
 * addresses, bank details and tax rates with list and edit form; the other sections "coming soon".
 */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: async () => ({ Component: (await import('./settings-layout')).SettingsLayout }),
    children: [
      ...settingsSections
        .filter((section) => section.recordType === undefined)
        .map(
          (section): RouteObject => ({
            ...(section.path === '' ? { index: true } : { path: `${section.path}/*` }),
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
      // A data structure's exports tab (the stages feature's; the rest of the editor comes later).
      ...exportSettingsRoutes,
      { path: '*', lazy: async () => ({ Component: (await soon()).SettingsNotFound }) },
    ],
  },
];
