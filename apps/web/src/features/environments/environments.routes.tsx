import type { FunctionKey } from '@kontor/contract/api/environments';
import type { RouteObject } from 'react-router';
import type { MessageKey } from '../../i18n/i18n';
import { modules } from './modules';

/**
 * Spec 01 §2 "Inside /env/{_env}": the shell with the dashboard at its root, the record and
 * settings routes of their features, the module screens (placeholders for now) and a not-found
 * view. The feature route lists are handed in by the app's router.
 */
export const environmentRoutes = ({
  records,
  settings,
  prepare,
}: {
  records: RouteObject[];
  settings: RouteObject[];
  /** Loaded with the shell, before any screen inside it: the features' engine registrations. */
  prepare: () => Promise<unknown>;
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
    lazy: async () => {
      const [{ EnvironmentShell }] = await Promise.all([import('./environment-shell'), prepare()]);
      return { Component: EnvironmentShell };
    },
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./dashboard-page')).DashboardPage }) },
      ...records,
      ...settings,
      // The modules of the registry (modules.ts, which the sidebar reads too): their own routes, or
      // the placeholder screen until their feature brings them. (The settings root comes with
      // `settings`, whose index route the settings feature owns.)
      ...modules.map((m) =>
        m.routes ? { path: m.path.slice(1), children: m.routes } : placeholder(`${m.path.slice(1)}/*`, m.label, m.key),
      ),
      { path: '*', lazy: async () => ({ Component: (await import('./environment-not-found')).EnvironmentNotFound }) },
    ],
  };
};
