import type { Structure } from '@kontor/contract/api/data-structures';
import type { MessageKey } from '../../i18n/i18n';

/** The editor's tabs (spec 02 §2.2): exports, query forms and settings only when the structure has them. */
export const editorTabs = (s: Structure): { path: string; label: MessageKey }[] => [
  { path: '', label: 'structures.tabFields' },
  { path: 'forms', label: 'structures.tabForms' },
  { path: 'tables', label: 'structures.tabTables' },
  ...(s.exports.length > 0 ? [{ path: 'exports', label: 'structures.tabExports' as const }] : []),
  ...(s.queryForms.length > 0 ? [{ path: 'query-forms', label: 'structures.tabQueryForms' as const }] : []),
  ...(s.settings.length > 0 ? [{ path: 'settings', label: 'structures.tabSettings' as const }] : []),
  // Who below Administrator may do what with the records (issue 29 item 2).
  { path: 'access', label: 'structures.tabAccess' },
  // Types with positions: their e-invoice mapping (issue 15).
  ...(s.fields.some((f) => f.subType === 'positions-map')
    ? [{ path: 'einvoice', label: 'einvoice.tab' as const }]
    : []),
];
