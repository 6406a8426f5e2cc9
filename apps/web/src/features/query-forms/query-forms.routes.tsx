import type { RouteObject } from 'react-router';

const tab = (which: 'overview' | 'settings' | 'html') => async () => {
  const { QueryFormsPage } = await import('./query-forms-page');
  return { element: <QueryFormsPage tab={which} /> };
};

/**
 * The query forms' screens, relative to the module's path /query-forms (spec 02 §2.7: tabs
 * /query-forms/{tab?}/{tab2?}/{tab3?}): the overview, the settings (general and html), and the
 * editor and details of one form.
 */
export const queryFormsRoutes: RouteObject[] = [
  { index: true, lazy: tab('overview') },
  { path: 'settings', lazy: tab('settings') },
  { path: 'settings/html', lazy: tab('html') },
  {
    path: 'form/:id/edit',
    lazy: async () => ({ Component: (await import('./form-editor-page')).FormEditorPage }),
  },
  {
    path: 'form/:id/details',
    lazy: async () => ({ Component: (await import('./form-details-page')).FormDetailsPage }),
  },
];

/** The settings area's own entry /settings/query-forms (spec 02 §2.2), mounted by settings.routes.tsx. */
export const queryFormsSettingsRoute: RouteObject = {
  path: 'query-forms',
  lazy: async () => ({ Component: (await import('./query-forms-settings-page')).QueryFormsSettingsPage }),
};
