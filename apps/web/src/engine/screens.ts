/**
 * The record engine's public surface for features that show records: the list and the form
 * screen of any record type, a form definition's preview, the paths they link to, and the
 * unknown-type view. Settings and the records pages mount these; see docs/architecture.md.
 */
export { FormPreview } from './editor/form-preview';
export { RecordFormScreen } from './editor/record-form-screen';
export { RecordList } from './list/record-list';
export { RecordTypeNotFound, useIsKnownType } from './record-not-found';
export { dynPaths, type RecordPaths, settingsPaths } from './record-paths';
export { recordKeys, recordTypeQuery } from './records.queries';
