import type { RouteObject } from 'react-router';

/** /env/:env/dyn/:type/:id/page/:page (spec 02 §2.1 detail pages). */
export const pagesRoutes: RouteObject[] = [
  {
    path: 'dyn/:type/:id/page/:page',
    lazy: async () => ({ Component: (await import('./record-page')).RecordPage }),
  },
];
