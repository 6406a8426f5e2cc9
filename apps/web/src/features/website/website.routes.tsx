import type { RouteObject } from 'react-router';

/** The website manager's screens (spec 02 §2.5), relative to the module's path /website-manager. */
export const websiteRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./website-layout')).WebsiteLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./overview-page')).OverviewPage }) },
      { path: 'pages', lazy: async () => ({ Component: (await import('./pages-page')).PagesPage }) },
      { path: 'pages/:id/edit', lazy: async () => ({ Component: (await import('./page-editor')).PageEditorPage }) },
      { path: 'design', lazy: async () => ({ Component: (await import('./design-page')).DesignPage }) },
      { path: 'menus', lazy: async () => ({ Component: (await import('./menus-page')).MenusPage }) },
      {
        path: 'settings/:tab?',
        lazy: async () => ({ Component: (await import('./settings-page')).WebsiteSettingsPage }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('./website-layout')).WebsiteNotFound }) },
    ],
  },
];
