import { registerFieldRenderer } from '../../engine/field-kit';
import { FileField, FilesField } from './file-field';

/**
 * The file manager's registrations into the engine: the `file` and `files` fields with the file
 * selector and previews, replacing the engine's plain id list. Imported once by the app's entry.
 */
registerFieldRenderer('file', undefined, FileField);
registerFieldRenderer('files', undefined, FilesField);
