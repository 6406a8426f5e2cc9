import { recordHooks } from '../../engine/record-hooks';
import { existingFileIds } from './files.service';

/**
 * A `file`/`files` field may only name files of the record's own environment that exist: an id of
 * another environment, or of a file deleted meanwhile, is refused under the field. (Showing a
 * record whose file was deleted works: the field shows the file as removed.)
 */
recordHooks.beforeSave(async ({ scope, type, data, errors, t }) => {
  const wanted = new Map<string, string[]>();
  for (const field of type.fields) {
    if (field.type !== 'file' && field.type !== 'files') continue;
    const value = data[field.key];
    const ids = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];
    if (ids.length > 0)
      wanted.set(
        field.key,
        ids.filter((v): v is string => typeof v === 'string'),
      );
  }
  if (wanted.size === 0) return;
  const existing = await existingFileIds(scope, [...wanted.values()].flat());
  for (const [key, ids] of wanted) {
    if (ids.some((id) => !existing.has(id))) errors[key] = [...(errors[key] ?? []), t('files.fieldFileMissing')];
  }
});
