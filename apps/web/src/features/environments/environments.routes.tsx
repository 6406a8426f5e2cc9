import type { FunctionKey } from '@kontor/contract/api/environments';
import type { RouteObject } from 'react-router';
import type { MessageKey } from '../../i18n/i18n';

/**
 * Spec 01 §2 "Inside /env/{_env}": the shell with the dashboard at its root, the record and
 * settings routes of their features, the module screens (placeholders for now) and a not-found
 * view. The feature route lists are handed in by the app's router.
 */
export const environmentRoutes = ({
  records,
  settings,
}: {
  records: RouteObject[];
  settings: RouteObject[];
}): RouteObject => {
  const placeholder = (path: string, title: MessageKey, module?: FunctionKey): RouteObject => ({
    path,
    lazy: async () => {
      const { ModulePlaceholderPage } = await import('./module-placeholder-page');
      return { element: <ModulePlaceholderPage title={title} module={module} /> };
    },
  });
  return {
    path: 'env/:env',
    lazy: async () => ({ Component: (await import('./environment-shell')).EnvironmentShell }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./dashboard-page')).DashboardPage }) },
      ...records,
      ...settings,
      // PLACEHOLDER routes: later issues replace them with the module screens. (The settings root
      // comes with `settings`, whose index route the settings feature owns.)
      placeholder('website-manager/*', 'shell.website', 'website'),
      placeholder('bookings-manager/*', 'shell.bookings', 'bookings'),
      placeholder('query-forms/*', 'shell.queryForms', 'queryForms'),
      placeholder('files/*', 'shell.files', 'filemanager'),
      { path: '*', lazy: async () => ({ Component: (await import('./environment-not-found')).EnvironmentNotFound }) },
    ],
  };
};
