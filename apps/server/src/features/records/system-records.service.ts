import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../../db/env-scope';
import { isUuid } from '../../db/ids';
import { readTypes } from '../../engine/record-types.service';
import { recordsRepo } from '../../engine/records.repo';
import { saveRecord } from '../../engine/records.service';

/** The data of a system record (address, bank details, tax) by id, or null. */
export const readSystemRecord = async (
  scope: EnvScope,
  type: string,
  id: string,
): Promise<Record<string, unknown> | null> =>
  isUuid(id) ? ((await recordsRepo(scope).byId(type, id))?.data ?? null) : null;

/**
 * Creates or updates a system record through the normal save path (validation, search text),
 * for other features such as the setup wizard. Returns the record id.
 */
export const writeSystemRecord = async (
  scope: EnvScope,
  t: Translate,
  now: Date,
  type: string,
  id: string | null,
  data: Record<string, unknown>,
): Promise<string> => {
  // The setup wizard and settings write these under their own `settings` permission.
  const ctx = { scope, types: await readTypes(scope), t, writable: true, actor: 'system' as const, now };
  const exists = id !== null && (await readSystemRecord(scope, type, id)) !== null;
  return (await saveRecord(ctx, { type, id: exists && id ? id : 'new', data })).key;
};
