import { createHash } from 'node:crypto';
import type { RecordType } from '@kontor/contract/api/record-types';
import { type EnvId, trustedEnvId } from '../../db/env-scope';
import type { AppDeps } from '../../deps';
import { readTypes } from '../../engine/record-types.service';
import { rebuildSearchText, searchedFields } from '../../engine/records.service';
import { syncAllSortFields } from '../../engine/sort-fields';
import { reconcileShippedSortIndexes, shippedSortIndexes } from '../../engine/sort-indexes';
import { environmentIds } from '../environments/environments.service';

/**
 * Sorting of user-made lists (issue 28 item 2): the records table carries only the product's
 * shipped expression indexes; every other sortable cell keeps its keys in record_sort_keys, kept
 * in step inside the structure change's own transaction. Nothing a tenant
 * declares builds or drops an index, so nothing it declares costs another tenant a write. The
 * engine keeps the keys in step with every write of a child type (record-types.service.ts).
 */

export type StructureChange = { before: RecordType | null; after: RecordType | null };

/** Every environment's sort fields and keys in step with its types (the repair path). */
export const syncSortFieldsEverywhere = async (deps: AppDeps): Promise<void> => {
  for (const id of await environmentIds(deps)) {
    await deps.database.inEnv(trustedEnvId(id), null, async (scope) =>
      syncAllSortFields(scope, (await readTypes(scope)).values()),
    );
  }
};

/**
 * The one-time task of a start: when the shipped indexes change (a release), the fields they
 * served before may now be the table's and the other way round; the name carries their hash.
 */
export const sortFieldsStartTask = () =>
  `sort-fields ${createHash('sha1')
    .update([...shippedSortIndexes().keys()].sort().join())
    .digest('hex')
    .slice(0, 12)}`;

/** Housekeeping: the shipped indexes exist and are valid, no other sort index is left, every environment's sort keys are complete. */
export const reconcileSortIndexes = async (deps: AppDeps) => {
  await deps.database.asOwner((query) => reconcileShippedSortIndexes(query, deps.database.kind === 'postgres'), {
    startLock: true,
  });
  await syncSortFieldsEverywhere(deps);
};

/**
 * A list cell became searchable (or stopped being): the records saved before carry a search text
 * without (or with) that field. Rewritten in the background after the change committed, so the
 * search finds old records too, not only those saved since.
 */
export const afterSearchChange = (
  deps: AppDeps,
  envId: EnvId,
  before: RecordType | null,
  after: RecordType | null,
): void => {
  if (!after || !before || searchedFields(before).join() === searchedFields(after).join()) return;
  deps.background.run('structure-search-text', () =>
    rebuildSearchText(after, (work) => deps.database.inEnv(envId, null, work)),
  );
};
