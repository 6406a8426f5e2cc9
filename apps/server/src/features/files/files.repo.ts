import { fileNameParts, maxFileNameLength, numberedFileName } from '@kontor/contract/logic/file-names';
import { eq, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type EnvScope, whereEnv } from '../../db/env-scope';
import { rowsOf } from '../../db/rows';
import { fileDirectories, files } from './files.table';

/** How long after its start a single PUT may still arrive: its link's lifetime plus a request's duration. */
const singlePutGraceSeconds = 10 * 60;

/**
 * A started single-request upload whose signed link has expired (`putUrlSeconds`: a quarter of an
 * hour, longer for files that take longer at 256 KiB/s, at most a day) plus the grace: it can no
 * longer arrive, so it neither holds the quota nor waits for the day-long multipart timeout.
 */
const abandonedSinglePut = (now: Date): SQL =>
  sql`(${files.status} = 'uploading' and ${files.multipart} is null and ${files.updatedAt} < ${now.toISOString()}::timestamptz - make_interval(secs => least(86400, greatest(900, ceil(${files.size} / 262144.0))) + ${singlePutGraceSeconds}))`;

export type DirectoryRow = typeof fileDirectories.$inferSelect;
export type FileRow = typeof files.$inferSelect;
type NewFile = Omit<typeof files.$inferInsert, 'envId'>;

const countOf = async (query: PromiseLike<{ n: number | string }[]>) => Number((await query)[0]?.n ?? 0);

/** The only code of the file manager that speaks SQL; every query is bound to the scope's environment. */
export const filesRepo = (scope: EnvScope) => {
  const { tx } = scope;
  return {
    /**
     * Serialises name changes inside one folder (create, rename, upload) until the transaction
     * ends: the check for a free name and the insert cannot interleave with another's.
     */
    lockDirectory: async (directoryId: string) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`files:${scope.envId}`}), hashtext(${directoryId}))`,
      );
    },

    mainDirectory: async (): Promise<DirectoryRow | undefined> =>
      (
        await tx
          .select()
          .from(fileDirectories)
          .where(whereEnv(scope, fileDirectories, isNull(fileDirectories.parentId)))
          .limit(1)
      )[0],

    directory: async (id: string): Promise<DirectoryRow | undefined> =>
      (
        await tx
          .select()
          .from(fileDirectories)
          .where(whereEnv(scope, fileDirectories, eq(fileDirectories.id, id)))
          .limit(1)
      )[0],

    allDirectories: (limit: number) =>
      tx
        .select()
        .from(fileDirectories)
        .where(whereEnv(scope, fileDirectories))
        .orderBy(sql`${fileDirectories.parentId} nulls first`, sql`lower(${fileDirectories.name})`)
        .limit(limit),

    /** The folder and its ancestors, the main directory first. */
    pathTo: async (id: string): Promise<{ id: string; name: string; parent_id: string | null }[]> => {
      const result = await tx.execute(sql`
        with recursive up(id, name, parent_id, depth) as (
          select id, name, parent_id, 0 from file_directories where env_id = ${scope.envId} and id = ${id}
          union all
          select d.id, d.name, d.parent_id, up.depth + 1 from file_directories d
            join up on d.id = up.parent_id and d.env_id = ${scope.envId}
          where up.depth < 100
        )
        select id, name, parent_id from up order by depth desc`);
      return rowsOf<{ id: string; name: string; parent_id: string | null }>(result);
    },

    /** The folder and every folder below it. */
    subtree: async (id: string): Promise<string[]> => {
      const result = await tx.execute(sql`
        with recursive down(id, depth) as (
          select id, 0 from file_directories where env_id = ${scope.envId} and id = ${id}
          union all
          select d.id, down.depth + 1 from file_directories d
            join down on d.parent_id = down.id and d.env_id = ${scope.envId}
          where down.depth < 100
        )
        select id from down`);
      return rowsOf<{ id: string }>(result).map((r) => r.id);
    },

    insertDirectory: (row: Omit<typeof fileDirectories.$inferInsert, 'envId'>) =>
      tx
        .insert(fileDirectories)
        .values({ ...row, envId: scope.envId })
        .onConflictDoNothing()
        .returning(),

    renameDirectory: (id: string, name: string, now: Date) =>
      tx
        .update(fileDirectories)
        .set({ name, updatedAt: now })
        .where(whereEnv(scope, fileDirectories, eq(fileDirectories.id, id))),

    deleteDirectories: (ids: string[]) =>
      tx.delete(fileDirectories).where(whereEnv(scope, fileDirectories, inArray(fileDirectories.id, ids))),

    /** Whether a folder or a file of this folder has the name (case-insensitive), other than `exceptId`. */
    nameTaken: async (directoryId: string, name: string, exceptId?: string): Promise<boolean> => {
      const lower = name.toLowerCase();
      const dirs = await tx
        .select({ id: fileDirectories.id })
        .from(fileDirectories)
        .where(
          whereEnv(
            scope,
            fileDirectories,
            eq(fileDirectories.parentId, directoryId),
            sql`lower(${fileDirectories.name}) = ${lower}`,
            exceptId ? ne(fileDirectories.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      if (dirs.length > 0) return true;
      const found = await tx
        .select({ id: files.id })
        .from(files)
        .where(
          whereEnv(
            scope,
            files,
            eq(files.directoryId, directoryId),
            sql`lower(${files.name}) = ${lower}`,
            exceptId ? ne(files.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return found.length > 0;
    },

    /**
     * The name itself when the folder has no entry of that name (case-insensitive), else the first
     * free "Name (n).ext". One read of the folder's names that could clash: probing name after name
     * made the 4,000th upload of "scan.pdf" wait 4,000 queries.
     */
    freeName: async (directoryId: string, name: string): Promise<string> => {
      const { base, ext } = fileNameParts(name);
      // A numbered name may shorten the base to stay within the length limit (suffixes up to 12 characters).
      const prefix = base.slice(0, maxFileNameLength - 12 - ext.length);
      const result = await tx.execute(sql`
        select name from file_directories
         where env_id = ${scope.envId} and parent_id = ${directoryId} and starts_with(lower(name), lower(${prefix}))
        union all
        select name from files
         where env_id = ${scope.envId} and directory_id = ${directoryId} and starts_with(lower(name), lower(${prefix}))`);
      const taken = new Set(rowsOf<{ name: string }>(result).map((r) => r.name.toLowerCase()));
      let free = name;
      for (let n = 2; taken.has(free.toLowerCase()); n++) free = numberedFileName(name, n);
      return free;
    },

    /** Folders and files (pending uploads included: they hold their place) in one folder. */
    countEntries: async (directoryId: string): Promise<number> => {
      const result = await tx.execute(sql`
        select (select count(*) from file_directories where env_id = ${scope.envId} and parent_id = ${directoryId})
             + (select count(*) from files where env_id = ${scope.envId} and directory_id = ${directoryId}) as n`);
      return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
    },

    /**
     * A page of a folder's entries: folders first, then ready files, each by name (unique per folder
     * regardless of case, so the order is total). Two index-ordered reads instead of one sorted
     * union: a page deep in 10,000 files never sorts the whole folder.
     */
    listEntries: async (directoryId: string, limit: number, offset: number) => {
      const inFolder = whereEnv(scope, fileDirectories, eq(fileDirectories.parentId, directoryId));
      const readyHere = whereEnv(scope, files, eq(files.directoryId, directoryId), eq(files.status, 'ready'));
      const dirCount = await countOf(tx.select({ n: sql<number>`count(*)` }).from(fileDirectories).where(inFolder));
      const dirs =
        offset < dirCount
          ? await tx
              .select()
              .from(fileDirectories)
              .where(inFolder)
              .orderBy(sql`lower(${fileDirectories.name})`)
              .limit(limit)
              .offset(offset)
          : [];
      const fileRows =
        dirs.length < limit
          ? await tx
              .select()
              .from(files)
              .where(readyHere)
              .orderBy(sql`lower(${files.name})`)
              .limit(limit - dirs.length)
              .offset(Math.max(0, offset - dirCount))
          : [];
      const fileCount = await countOf(tx.select({ n: sql<number>`count(*)` }).from(files).where(readyHere));
      return { dirs, files: fileRows, total: dirCount + fileCount };
    },

    file: async (id: string): Promise<FileRow | undefined> =>
      (
        await tx
          .select()
          .from(files)
          .where(whereEnv(scope, files, eq(files.id, id)))
          .limit(1)
      )[0],

    readyFiles: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([] as FileRow[])
        : tx
            .select()
            .from(files)
            .where(whereEnv(scope, files, inArray(files.id, ids), eq(files.status, 'ready'))),

    /** Every file (any status) in these folders: what a recursive delete removes. */
    filesIn: (directoryIds: string[]) =>
      tx
        .select({ id: files.id, status: files.status, multipart: files.multipart })
        .from(files)
        .where(whereEnv(scope, files, inArray(files.directoryId, directoryIds))),

    /** Status and upload kind of these files (any status): whose stored objects are still wanted. */
    fileStates: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([] as Pick<FileRow, 'id' | 'status' | 'multipart'>[])
        : tx
            .select({ id: files.id, status: files.status, multipart: files.multipart })
            .from(files)
            .where(whereEnv(scope, files, inArray(files.id, ids))),

    insertFile: (row: NewFile) =>
      tx
        .insert(files)
        .values({ ...row, envId: scope.envId })
        .returning(),

    updateFile: (id: string, changes: Partial<Omit<FileRow, 'envId' | 'id'>>) =>
      tx
        .update(files)
        .set(changes)
        .where(whereEnv(scope, files, eq(files.id, id)))
        .returning(),

    deleteFiles: (ids: string[]) =>
      ids.length === 0 ? Promise.resolve() : tx.delete(files).where(whereEnv(scope, files, inArray(files.id, ids))),

    /**
     * Bytes all files of the environment take or have reserved: pending uploads count, except a
     * single-request upload whose link has expired (it can no longer arrive).
     */
    usedBytes: async (now: Date): Promise<number> => {
      const result = await tx.execute(
        sql`select coalesce(sum(size), 0) as n from files where env_id = ${scope.envId} and not ${abandonedSinglePut(now)}`,
      );
      return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
    },

    /** Uploads not finished since `before`, and single-request uploads whose link expired: to be cleaned up. */
    staleUploads: (before: Date, now: Date) =>
      tx
        .select()
        .from(files)
        .where(
          whereEnv(scope, files, ne(files.status, 'ready'), or(lt(files.updatedAt, before), abandonedSinglePut(now))),
        )
        .limit(500),
  };
};
