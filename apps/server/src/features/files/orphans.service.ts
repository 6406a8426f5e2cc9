import { isUuid } from '../../db/ids';
import type { AnyStorage } from '../../storage/create-storage';
import type { ListedObject } from '../../storage/storage';
import { filesRepo } from './files.repo';
import { inProgressSinglePut } from './files.service';
import type { InEnv } from './uploads.service';

/**
 * The hourly sweep of the storage: every stored object belongs to a file row, or it goes. Bytes
 * can outlive their row: a presigned S3 link replayed after its upload was finished or given up
 * (S3 cannot revoke it), a delete whose storage step failed after the rows were gone, an
 * environment removed with its rows. Nothing else removes them, and no quota counts them.
 *
 * Keys: `{envId}/{fileId}` is owned by the file's row, whatever its status (a multipart upload
 * completes there before its row is ready); `{envId}/uploads/{fileId}`, a single PUT's staging
 * object, only while that upload is in progress. An object younger than the grace period whose
 * owner is not found is left for the next run: the rows of a file written by the server itself
 * (`storeSystemFile`) are committed just after its bytes. A staging object whose upload is no
 * longer in progress needs no grace: such an upload never takes bytes again. Keys whose first
 * segment is no uuid are not ours and are never touched.
 */

/** How long an object whose owner is not found is left alone. */
const orphanGraceMs = 60 * 60_000;
/** Objects judged together: one query per environment and page. */
const pageSize = 500;

type SweepResult = Readonly<{ checked: number; removed: number }>;

type Judged = Readonly<{ object: ListedObject; envId: string; fileId?: string; staging: boolean }>;

/** What a key claims to be, or undefined for a key that is not one of the file manager's. */
const judge = (object: ListedObject): Judged | undefined => {
  const [envId, second, third, ...more] = object.key.split('/');
  if (!envId || !isUuid(envId)) return undefined;
  if (second && isUuid(second) && third === undefined) return { object, envId, fileId: second, staging: false };
  if (second === 'uploads' && third && isUuid(third) && more.length === 0) {
    return { object, envId, fileId: third, staging: true };
  }
  // Under an environment but the key of no file: nobody owns it.
  return { object, envId, staging: false };
};

/**
 * Removes the stored objects no file row owns (see above). `environments` names every existing
 * environment; objects of any other are removed after the grace period (its rows went with it, or
 * it was created after `environments` was read and its objects are young).
 */
export const sweepOrphanedObjects = async (
  storage: AnyStorage,
  environments: ReadonlySet<string>,
  inEnv: InEnv,
  now: Date,
): Promise<SweepResult> => {
  const settled = now.getTime() - orphanGraceMs;
  let checked = 0;
  let removed = 0;

  const sweepPage = async (page: Judged[]) => {
    const owners = new Map<string, Map<string, boolean>>();
    const byEnv = new Map<string, string[]>();
    for (const item of page) {
      if (!item.fileId || !environments.has(item.envId)) continue;
      byEnv.set(item.envId, [...(byEnv.get(item.envId) ?? []), item.fileId]);
    }
    for (const [envId, ids] of byEnv) {
      const rows = await inEnv(envId)((scope) => filesRepo(scope).fileStates([...new Set(ids)]));
      // Per file: whether its staging object is still wanted (the file's own key is wanted anyway).
      owners.set(envId, new Map(rows.map((row) => [row.id, inProgressSinglePut(row)])));
    }
    for (const item of page) {
      const old = item.object.lastModified.getTime() < settled;
      const owner = item.fileId === undefined ? undefined : owners.get(item.envId)?.get(item.fileId);
      // An environment not known yet may have been created since the list of environments was read.
      const known = environments.has(item.envId);
      const wanted = !known ? !old : item.staging ? owner === true : owner !== undefined || !old;
      if (wanted) continue;
      await storage.delete(item.object.key);
      removed++;
    }
  };

  let page: Judged[] = [];
  for await (const object of storage.list('')) {
    checked++;
    const item = judge(object);
    if (!item) continue;
    page.push(item);
    if (page.length >= pageSize) {
      await sweepPage(page);
      page = [];
    }
  }
  if (page.length > 0) await sweepPage(page);
  return { checked, removed };
};
