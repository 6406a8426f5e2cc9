import type { DataField } from '@kontor/contract/api/record-types';
import { recordHooks } from '../../engine/record-hooks';
import { existingFileIds } from './files.service';

const idsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');

/**
 * Every file id a record names, by the path its errors are answered under: top-level fields by
 * their key, fields inside maps and objects as `positions[0].photo` / `address.plan`.
 */
const collectFileIds = (fields: readonly DataField[], values: unknown, prefix: string, into: Map<string, string[]>) => {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return;
  const data = values as Record<string, unknown>;
  for (const field of fields) {
    const path = prefix ? `${prefix}.${field.key}` : field.key;
    const value = data[field.key];
    if (field.type === 'file' || field.type === 'files') {
      const ids = idsOf(value);
      if (ids.length > 0) into.set(path, ids);
    } else if (field.type === 'map' && field.definition && Array.isArray(value)) {
      for (const [i, entry] of value.entries()) collectFileIds(field.definition, entry, `${path}[${i}]`, into);
    } else if (field.type === 'object' && field.definition) {
      collectFileIds(field.definition, value, path, into);
    }
  }
};

/**
 * A `file`/`files` field, also inside a map or an object, may only name files of the record's own
 * environment that exist: an id of another environment, or of a file deleted meanwhile, is refused
 * under the field. (Showing a record whose file was deleted works: the field shows it as removed.)
 */
recordHooks.beforeSave(async ({ scope, type, data, errors, t }) => {
  const wanted = new Map<string, string[]>();
  collectFileIds(type.fields, data, '', wanted);
  if (wanted.size === 0) return;
  const existing = await existingFileIds(scope, [...wanted.values()].flat());
  for (const [path, ids] of wanted) {
    if (ids.some((id) => !existing.has(id))) errors[path] = [...(errors[path] ?? []), t('files.fieldFileMissing')];
  }
});
