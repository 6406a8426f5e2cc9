import type { FunctionKey } from '@kontor/contract/api/environments';
import type { RouteObject } from 'react-router';
import type { MessageKey } from '../../i18n/i18n';
import { bookingsRoutes } from '../bookings/bookings.routes';
import { filesRoutes } from '../files/files.routes';
import { queryFormsRoutes } from '../query-forms/query-forms.routes';
import { websiteRoutes } from '../website/website.routes';

/**
 * The one module registry: it feeds the sidebar (sidebar-items.ts: in this order, each only when
 * its function is active) and the environment's routes (environments.routes.tsx). A module
 * without `routes` gets the placeholder screen until its feature brings them; a feature adds its
 * screens by giving its module `routes` (relative to the module's path), e.g.
 * `routes: filesRoutes` for the file manager.
 */
type Module = Readonly<{
  key: FunctionKey;
  /** Below /env/:env, with a leading slash. */
  path: string;
  label: MessageKey;
  icon: string;
  routes?: RouteObject[];
}>;

/** Spec 01 §2 "Sidebar": the modules in this order. */
export const modules: readonly Module[] = [
  { key: 'website', path: '/website-manager', label: 'shell.website', icon: 'world', routes: websiteRoutes },
  {
    key: 'bookings',
    path: '/bookings-manager',
    label: 'shell.bookings',
    icon: 'calendar-event',
    routes: bookingsRoutes,
  },
  { key: 'queryForms', path: '/query-forms', label: 'shell.queryForms', icon: 'forms', routes: queryFormsRoutes },
  { key: 'filemanager', path: '/files', label: 'shell.files', icon: 'folder', routes: filesRoutes },
];
