import type { RouteObject } from 'react-router';

/**
 * Routes of the record engine, relative to /env/:env (spec 02 §2.1): dyn/:type (list) and
 * dyn/:type/:id/edit (form). The environment shell mounts them.
 */
export const recordsRoutes: RouteObject[] = [
  {
    path: 'dyn/:type',
    lazy: async () => ({ Component: (await import('./record-list-page')).RecordListPage }),
  },
  {
    path: 'dyn/:type/:id/edit',
    lazy: async () => ({ Component: (await import('./record-edit-page')).RecordEditPage }),
  },
];
