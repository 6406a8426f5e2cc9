import type { RouteObject } from 'react-router';

/** /env/:env/dyn/:type/:id/:stage/change-stage (spec 02 §2.1, §4). */
export const stagesRoutes: RouteObject[] = [
  {
    path: 'dyn/:type/:id/:stage/change-stage',
    lazy: async () => ({ Component: (await import('./change-stage-page')).ChangeStagePage }),
  },
];

/**
 * Inside the settings area (relative to /env/:env/settings): a data structure's exports. The full-
 * screen export editor lies outside the settings layout, among the environment's routes.
 */
/** The exports tab of the data-structure editor (a child of /settings/dynamic-records/:type/edit). */
export const exportsTabRoute: RouteObject = {
  path: 'exports',
  lazy: async () => ({ Component: (await import('./exports-page')).ExportsPage }),
};

export const exportEditorRoutes: RouteObject[] = [
  {
    path: 'settings/dynamic-records/:type/edit/exports/:exportKey',
    lazy: async () => ({ Component: (await import('./export-editor-page')).ExportEditorPage }),
  },
];
