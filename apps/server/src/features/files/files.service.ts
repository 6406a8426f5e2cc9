import type { Directory, DirectoryEntry, EntryType, FileSummary } from '@kontor/contract/api/files';
import { directoryPageSize, maxEntriesPerDirectory, maxTreeDirectories } from '@kontor/contract/api/files';
import type { MessageKey, Translate } from '@kontor/contract/i18n/catalogs';
import {
  type FileNameProblem,
  fileNameProblem,
  maxFileNameLength,
  normaliseFileName,
} from '@kontor/contract/logic/file-names';
import type { EnvScope } from '../../db/env-scope';
import { isUuid, newId } from '../../db/ids';
import { AppError } from '../../http/errors';
import { sniffBytes, sniffContentType } from '../../storage/content-type';
import type { AnyStorage } from '../../storage/create-storage';
import type { MultipartUpload } from '../../storage/storage';
import { type DirectoryRow, type FileRow, filesRepo } from './files.repo';

/** The storage key of a file: ids only, never a name (names are data). */
export const storageKey = (scope: { envId: string }, fileId: string) => `${scope.envId}/${fileId}`;

/**
 * Where the browser's single PUT of an upload lands: only `uploads/finish` moves it to the file's
 * key, so a signed link replayed later never reaches the file itself (uploads.service.ts).
 */
export const stagingKey = (scope: { envId: string }, fileId: string) => `${scope.envId}/uploads/${fileId}`;

/** A staging object is worth keeping only while its single-request upload is in progress. */
export const inProgressSinglePut = (file: Pick<FileRow, 'status' | 'multipart'>): boolean =>
  file.status === 'uploading' && !file.multipart;

const nameMessages: Record<FileNameProblem, MessageKey> = {
  blank: 'files.nameBlank',
  tooLong: 'files.nameTooLong',
  separator: 'files.nameSeparator',
  dots: 'files.nameDots',
  control: 'files.nameControl',
  bidi: 'files.nameBidi',
};

/** The name as stored, or a 400 naming `field` with the catalog's reason. */
export const checkedName = (raw: string, field: string, t: Translate): string => {
  const problem = fileNameProblem(raw);
  if (problem) {
    const message = t(nameMessages[problem], { n: maxFileNameLength });
    throw new AppError('invalid', { message, errors: { [field]: [message] } });
  }
  return normaliseFileName(raw);
};

const directoryNotFound = () => new AppError('not_found', { key: 'files.directoryNotFound' });
const fileNotFound = () => new AppError('not_found', { key: 'files.notFound' });

/** Hook of environment creation: the main directory every environment has. */
export const createMainDirectory = async (scope: EnvScope, _preset: unknown, now: Date): Promise<void> => {
  await filesRepo(scope).insertDirectory({
    id: newId(),
    parentId: null,
    name: 'Hauptverzeichnis',
    createdAt: now,
    updatedAt: now,
  });
};

/** The main directory's id for the environment details (`filemanagerDir`), null when missing. */
export const mainDirectoryId = async (scope: EnvScope): Promise<string | null> =>
  (await filesRepo(scope).mainDirectory())?.id ?? null;

const toDirectory = (row: DirectoryRow): Directory => ({
  _id: row.id,
  name: row.name,
  parent: row.parentId,
  system: row.system,
});

export const toSummary = (row: FileRow): FileSummary => ({
  _id: row.id,
  filename: row.name,
  size: row.size,
  type: row.contentType,
  directory: row.directoryId,
  created_at: row.createdAt.toISOString(),
});

/** A folder of this environment (the main one without an id), or 404 with the right text. */
export const requireDirectory = async (scope: EnvScope, id: string | undefined): Promise<DirectoryRow> => {
  const repo = filesRepo(scope);
  if (id === undefined) {
    const main = await repo.mainDirectory();
    if (!main) throw new AppError('not_found', { key: 'files.mainDirectoryMissing' });
    return main;
  }
  const dir = await repo.directory(id);
  if (!dir) throw directoryNotFound();
  return dir;
};

/** Refuses changes inside system folders (frozen PDFs) and to the main directory itself. */
const requireWritable = (dir: DirectoryRow) => {
  if (dir.system) throw new AppError('forbidden', { key: 'files.systemReadOnly' });
};

/** Takes the folder's lock, then checks room and a free name. */
const claimName = async (
  scope: EnvScope,
  dir: DirectoryRow,
  name: string,
  t: Translate,
  field: string,
  exceptId?: string,
): Promise<void> => {
  const repo = filesRepo(scope);
  await repo.lockDirectory(dir.id);
  if (await repo.nameTaken(dir.id, name, exceptId)) {
    const message = t('files.nameTaken');
    throw new AppError('conflict', { message, errors: { [field]: [message] } });
  }
};

export const requireRoom = async (scope: EnvScope, dir: DirectoryRow) => {
  if ((await filesRepo(scope).countEntries(dir.id)) >= maxEntriesPerDirectory) {
    throw new AppError('too_large', { key: 'files.directoryFull', params: { n: '10.000' } });
  }
};

export const listDirectory = async (scope: EnvScope, id: string | undefined, page = 1) => {
  const repo = filesRepo(scope);
  const dir = await requireDirectory(scope, id);
  const path = await repo.pathTo(dir.id);
  const listed = await repo.listEntries(dir.id, directoryPageSize, (page - 1) * directoryPageSize);
  const children: DirectoryEntry[] = [
    ...listed.dirs.map((d) => ({
      type: 'directory' as const,
      _id: d.id,
      name: d.name,
      size: null,
      mime: null,
      system: d.system,
      updated_at: d.updatedAt.toISOString(),
    })),
    ...listed.files.map((f) => ({
      type: 'file' as const,
      _id: f.id,
      name: f.name,
      size: f.size,
      mime: f.contentType,
      system: false,
      updated_at: f.updatedAt.toISOString(),
    })),
  ];
  return {
    directory: toDirectory(dir),
    path: path.map((p) => ({ _id: p.id, name: p.name })),
    children,
    total: listed.total,
    page,
    pageSize: directoryPageSize,
  };
};

export const directoryTree = async (scope: EnvScope) => ({
  tree: (await filesRepo(scope).allDirectories(maxTreeDirectories)).map(toDirectory),
});

export const createDirectory = async (scope: EnvScope, location: string, rawName: string, now: Date, t: Translate) => {
  const name = checkedName(rawName, 'name', t);
  const parent = await requireDirectory(scope, location).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') {
      throw new AppError('not_found', {
        key: 'files.directoryNotFound',
        errors: { location: [t('files.directoryNotFound')] },
      });
    }
    throw error;
  });
  requireWritable(parent);
  await claimName(scope, parent, name, t, 'name');
  await requireRoom(scope, parent);
  const [row] = await filesRepo(scope).insertDirectory({
    id: newId(),
    parentId: parent.id,
    name,
    createdAt: now,
    updatedAt: now,
    createdBy: scope.userId,
  });
  if (!row) throw new AppError('conflict', { key: 'files.nameTaken' });
  return { directory: { _id: row.id, name: row.name } };
};

export const renameEntry = async (
  scope: EnvScope,
  type: EntryType,
  id: string,
  rawName: string,
  now: Date,
  t: Translate,
) => {
  const name = checkedName(rawName, 'name', t);
  const repo = filesRepo(scope);
  if (type === 'directory') {
    const dir = await repo.directory(id);
    if (!dir) throw directoryNotFound();
    if (dir.parentId === null) throw new AppError('forbidden', { key: 'files.mainDirectoryFixed' });
    requireWritable(dir);
    const parent = await requireDirectory(scope, dir.parentId);
    await claimName(scope, parent, name, t, 'name', dir.id);
    await repo.renameDirectory(dir.id, name, now);
    return;
  }
  const file = await repo.file(id);
  if (file?.status !== 'ready') throw fileNotFound();
  const parent = await requireDirectory(scope, file.directoryId);
  requireWritable(parent);
  await claimName(scope, parent, name, t, 'name', file.id);
  await repo.updateFile(file.id, { name, updatedAt: now });
};

/** What a delete leaves to the storage once the rows are gone. */
type Leftovers = Readonly<{ keys: string[]; uploads: MultipartUpload[] }>;

/**
 * Removes the rows of a file, or of a folder with everything below it, and answers what the
 * storage must drop after the transaction committed (never before: a rollback would otherwise
 * leave rows without bytes).
 */
export const deleteEntry = async (
  scope: EnvScope,
  type: EntryType,
  id: string,
): Promise<{ removed: number; leftovers: Leftovers }> => {
  const repo = filesRepo(scope);
  if (type === 'file') {
    const file = await repo.file(id);
    if (file?.status !== 'ready') throw fileNotFound();
    requireWritable(await requireDirectory(scope, file.directoryId));
    await repo.deleteFiles([file.id]);
    return { removed: 1, leftovers: { keys: [storageKey(scope, file.id)], uploads: [] } };
  }
  const dir = await repo.directory(id);
  if (!dir) throw directoryNotFound();
  if (dir.parentId === null) throw new AppError('forbidden', { key: 'files.mainDirectoryFixed' });
  requireWritable(dir);
  const ids = await repo.subtree(dir.id);
  const contained = await repo.filesIn(ids);
  await repo.deleteFiles(contained.map((f) => f.id));
  await repo.deleteDirectories(ids);
  return {
    removed: contained.length,
    leftovers: {
      keys: contained.flatMap((f) =>
        inProgressSinglePut(f) ? [storageKey(scope, f.id), stagingKey(scope, f.id)] : [storageKey(scope, f.id)],
      ),
      uploads: contained.flatMap((f) => (f.multipart ? [f.multipart] : [])),
    },
  };
};

/** Drops the bytes of deleted files; a failure is logged by the caller and left to the sweep. */
export const dropLeftovers = async (storage: AnyStorage, leftovers: Leftovers): Promise<void> => {
  for (const upload of leftovers.uploads) await storage.abortMultipartUpload(upload);
  for (const key of leftovers.keys) await storage.delete(key);
};

export const requireReadyFile = async (scope: EnvScope, id: string): Promise<FileRow> => {
  const file = await filesRepo(scope).file(id);
  if (file?.status !== 'ready') throw fileNotFound();
  return file;
};

/** Which of these ids name ready files of this environment (ids that are no uuid name none). */
export const existingFileIds = async (scope: EnvScope, ids: string[]): Promise<Set<string>> => {
  const uuids = [...new Set(ids)].filter((id) => isUuid(id));
  return new Set((await filesRepo(scope).readyFiles(uuids)).map((f) => f.id));
};

export const fileDetails = async (scope: EnvScope, id: string): Promise<FileSummary> =>
  toSummary(await requireReadyFile(scope, id));

/**
 * Stores a file the system writes (the stages' frozen PDFs) in a read-only system folder below the
 * main directory, created on first use. The bytes are written first and the row inserted after, so
 * nothing is listed before its bytes exist; a failed insert removes the bytes again.
 */
export const storeSystemFile = async (
  scope: EnvScope,
  storage: AnyStorage,
  input: Readonly<{ folder: string; filename: string; body: Buffer; now: Date }>,
): Promise<FileSummary> => {
  const repo = filesRepo(scope);
  const main = await requireDirectory(scope, undefined);
  await repo.lockDirectory(main.id);
  const folderName = normaliseFileName(input.folder);
  const existing = (await repo.allDirectories(maxTreeDirectories)).find(
    (d) => d.parentId === main.id && d.system && d.name === folderName,
  );
  const folder =
    existing ??
    (
      await repo.insertDirectory({
        id: newId(),
        parentId: main.id,
        name: folderName,
        system: true,
        createdAt: input.now,
        updatedAt: input.now,
      })
    )[0];
  if (!folder) throw new AppError('conflict', { key: 'files.nameTaken' });
  await repo.lockDirectory(folder.id);
  const base = normaliseFileName(input.filename);
  const name = await repo.freeName(folder.id, base);
  const id = newId();
  const key = storageKey(scope, id);
  const contentType = await sniffContentType(input.body.subarray(0, sniffBytes));
  const info = await storage.put(key, input.body, { size: input.body.length, contentType });
  try {
    const [row] = await repo.insertFile({
      id,
      directoryId: folder.id,
      name,
      size: input.body.length,
      contentType,
      status: 'ready',
      etag: info.etag,
      createdAt: input.now,
      updatedAt: input.now,
    });
    if (!row) throw new Error('file row not inserted');
    return toSummary(row);
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
};

/** Links live this long: enough to start a download, short enough not to be passed around. */
const linkSeconds = 300;

export const downloadUrl = async (scope: EnvScope, storage: AnyStorage, id: string) => {
  const file = await requireReadyFile(scope, id);
  const url = await storage.signedGetUrl(storageKey(scope, file.id), {
    filename: file.name,
    contentType: file.contentType,
    expiresInSeconds: linkSeconds,
  });
  return { url };
};

/** Inline links (images and PDFs are shown, anything else is an attachment) for existing files only. */
export const previewUrls = async (scope: EnvScope, storage: AnyStorage, ids: string[]) => {
  const rows = await filesRepo(scope).readyFiles([...new Set(ids)]);
  const entries = await Promise.all(
    rows.map(async (file) => {
      const url = await storage.signedGetUrl(storageKey(scope, file.id), {
        filename: file.name,
        contentType: file.contentType,
        expiresInSeconds: linkSeconds,
        inline: true,
      });
      return [file.id, { url, filename: file.name, type: file.contentType, size: file.size }] as const;
    }),
  );
  return { files: Object.fromEntries(entries) };
};
