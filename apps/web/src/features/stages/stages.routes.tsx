import type { RouteObject } from 'react-router';

/** /env/:env/dyn/:type/:id/:stage/change-stage (spec 02 §2.1, §4). */
export const stagesRoutes: RouteObject[] = [
  {
    path: 'dyn/:type/:id/:stage/change-stage',
    lazy: async () => ({ Component: (await import('./change-stage-page')).ChangeStagePage }),
  },
];
