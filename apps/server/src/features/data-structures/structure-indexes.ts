import type { RecordType } from '@kontor/contract/api/record-types';
import { type EnvId, trustedEnvId } from '../../db/env-scope';
import type { AppDeps } from '../../deps';
import { readTypes, shippedTypes } from '../../engine/record-types.service';
import { rebuildSearchText, searchedFields } from '../../engine/records.service';
import {
  buildSortIndexes,
  dropSortIndexes,
  existingSortIndexes,
  type SortIndex,
  sortIndexesOf,
} from '../../engine/sort-indexes';
import { environmentIds } from '../environments/environments.service';

/**
 * The sort indexes of user-made lists, kept in step with the structures online: built and dropped
 * after the structure change has committed, outside its transaction (PostgreSQL: CONCURRENTLY, so
 * writes to records never wait for a build), and reconciled by the hourly housekeeping, which
 * builds what a failed or interrupted run left missing or invalid and drops what nobody needs.
 * Index work of this process runs one at a time: a drop decides on what every environment needs
 * and must not overtake a build another save asked for.
 */
let queue: Promise<unknown> = Promise.resolve();
const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
  const next = queue.then(work, work);
  queue = next.catch(() => {});
  return next;
};

/** Every sort index any list of any environment needs (indexes are shared by environments). */
const neededEverywhere = async (deps: AppDeps): Promise<Map<string, SortIndex>> => {
  const types: RecordType[] = shippedTypes();
  for (const id of await environmentIds(deps)) {
    const catalog = await deps.database.inEnv(trustedEnvId(id), null, (scope) => readTypes(scope));
    types.push(...catalog.values());
  }
  return sortIndexesOf(types);
};

const online = (deps: AppDeps) => deps.database.kind === 'postgres';

/** After a committed change of one structure (`before` null: created; `after` null: removed). */
export const syncStructureIndexes = (deps: AppDeps, before: RecordType | null, after: RecordType | null) =>
  oneAtATime(async () => {
    const wanted = sortIndexesOf(after ? [after] : []);
    if (wanted.size > 0) await deps.database.asOwner((query) => buildSortIndexes(query, online(deps), wanted.values()));
    const unused = [...sortIndexesOf(before ? [before] : []).keys()].filter((name) => !wanted.has(name));
    if (unused.length === 0) return;
    const needed = await neededEverywhere(deps);
    const gone = unused.filter((name) => !needed.has(name));
    if (gone.length > 0) await deps.database.asOwner((query) => dropSortIndexes(query, online(deps), gone));
  });

/** Hands the sync to the background: the save has answered; a failure is logged and housekeeping repairs it. */
export const afterStructureChange = (deps: AppDeps, before: RecordType | null, after: RecordType | null): void =>
  deps.background.run('structure-indexes', () => syncStructureIndexes(deps, before, after));

/** Housekeeping: every needed sort index exists and is valid; none that nobody needs is left. */
export const reconcileSortIndexes = (deps: AppDeps) =>
  oneAtATime(async () => {
    const needed = await neededEverywhere(deps);
    await deps.database.asOwner(async (query) => {
      await buildSortIndexes(query, online(deps), needed.values());
      const unused = [...(await existingSortIndexes(query)).keys()].filter((name) => !needed.has(name));
      await dropSortIndexes(query, online(deps), unused);
    });
  });

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
