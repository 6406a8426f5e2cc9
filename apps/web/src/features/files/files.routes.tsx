import type { RouteObject } from 'react-router';

/** The file manager's screens, relative to the module's path /files (modules.ts). */
export const filesRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./files-page')).FilesPage }) },
];
