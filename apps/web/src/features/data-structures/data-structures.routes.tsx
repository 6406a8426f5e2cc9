import type { RouteObject } from 'react-router';
import { exportsTabRoute } from '../stages/stages.routes';

const editor = () => import('./structure-editor-page');
const tabs = () => import('./structure-tabs');

/**
 * The data-structure editor below /settings (spec 02 §2.2): the list, create, and the editor
 * with its tabs (the export editor itself is the stages feature's full-screen route).
 */
export const dataStructuresRoutes: RouteObject[] = [
  {
    path: 'dynamic-records',
    lazy: async () => ({ Component: (await import('./structures-list-page')).StructuresListPage }),
  },
  {
    path: 'dynamic-records/create',
    lazy: async () => ({ Component: (await import('./structure-create-page')).StructureCreatePage }),
  },
  {
    path: 'dynamic-records/:type/edit',
    lazy: async () => ({ Component: (await editor()).StructureEditorPage }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./fields-tab')).FieldsTab }) },
      { path: 'forms', lazy: async () => ({ Component: (await import('./forms-tab')).FormsTab }) },
      { path: 'tables', lazy: async () => ({ Component: (await import('./tables-tab')).TablesTab }) },
      // Copy and removal of exports, and the link to the export editor, are the stages feature's.
      exportsTabRoute,
      { path: 'query-forms', lazy: async () => ({ Component: (await tabs()).QueryFormsTab }) },
      { path: 'settings', lazy: async () => ({ Component: (await import('./settings-tab')).SettingsTab }) },
      { path: 'access', lazy: async () => ({ Component: (await import('./access-tab')).AccessTab }) },
      { path: 'einvoice', lazy: async () => ({ Component: (await import('./einvoice-tab')).EinvoiceTab }) },
      { path: '*', lazy: async () => ({ Component: (await tabs()).EditorTabNotFound }) },
    ],
  },
];
