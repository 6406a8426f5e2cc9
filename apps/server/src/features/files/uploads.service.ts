import type { Translate } from '@kontor/contract/i18n/catalogs';
import { formatBytes } from '@kontor/contract/logic/number-format';
import type { Config } from '../../config';
import type { EnvScope } from '../../db/env-scope';
import { isUuid, newId } from '../../db/ids';
import { AppError } from '../../http/errors';
import { octetStream, sniffBytes, sniffContentType } from '../../storage/content-type';
import type { AnyStorage } from '../../storage/create-storage';
import {
  defaultPartSize,
  isStorageError,
  type MultipartUpload,
  multipartThreshold,
  partCount,
  type SignedUpload,
} from '../../storage/storage';
import type { FileUrlClaims } from '../../storage/url-token';
import { type FileRow, filesRepo } from './files.repo';
import {
  checkedName,
  inProgressSinglePut,
  requireDirectory,
  requireRoom,
  stagingKey,
  storageKey,
  toSummary,
} from './files.service';

/**
 * The upload procedure of spec 01 §3/§4: prepare (row, name and quota reserved) → start (signed
 * URL, or a multipart upload for files over 8 MiB whose parts survive a reload) → the browser PUTs
 * → finish (bytes checked, type sniffed, file visible) or failed (everything dropped). Storage work
 * runs between short database transactions, never inside one (`inScope`).
 *
 * A signed link works once, for its upload. A single PUT goes to the upload's staging key
 * `{envId}/uploads/{fileId}`, never to the file's key; `finish` moves it into place and sniffs the
 * bytes there, so a link replayed after finish cannot swap the file's bytes (on S3, where a
 * presigned URL cannot be revoked, it writes a new staging object nobody reads). The local
 * driver's route asks `acceptsUploadBytes` before and after it writes, so bytes for a finished,
 * failed or removed upload are refused and not kept; whatever still lands (S3) is removed by
 * `finish`/`failed` themselves or by the hourly sweep (orphans.service.ts). Parts need no staging:
 * a multipart upload ends with finish or failed, and its part links write nothing after that.
 */

/** Runs `work` in one short tenant transaction. */
export type InScope = <T>(work: (scope: EnvScope) => Promise<T>) => Promise<T>;

const uploadNotFound = () => new AppError('not_found', { key: 'files.uploadNotFound' });

/**
 * A single PUT may take this long: at least 15 minutes, longer for large files on slow lines (256 KiB/s).
 * files.repo's `abandonedSinglePut` repeats this formula in SQL.
 */
const putUrlSeconds = (size: number) => Math.min(24 * 3600, Math.max(15 * 60, Math.ceil(size / (256 * 1024))));
const partUrlSeconds = 60 * 60;

type PrepareInput = Readonly<{ id: string; filename: string; filesize: number; directory?: string | undefined }>;

export const prepareUpload = async (
  scope: EnvScope,
  limits: Config['fileLimits'],
  input: PrepareInput,
  now: Date,
  t: Translate,
): Promise<{ file: string }> => {
  const name = checkedName(input.filename, 'filename', t);
  if (input.filesize === 0) {
    const message = t('files.emptyFile');
    throw new AppError('invalid', { message, errors: { filesize: [message] } });
  }
  if (input.filesize > limits.maxFileBytes) {
    throw new AppError('too_large', { key: 'files.fileTooLarge', params: { max: formatBytes(limits.maxFileBytes) } });
  }
  const repo = filesRepo(scope);
  const dir = await requireDirectory(scope, input.directory);
  if (dir.system) throw new AppError('forbidden', { key: 'files.systemReadOnly' });
  // One environment-wide lock: two uploads at once cannot both pass the quota.
  await repo.lockDirectory('quota');
  await repo.lockDirectory(dir.id);
  await requireRoom(scope, dir);
  const used = await repo.usedBytes(now);
  if (used + input.filesize > limits.quotaBytes) {
    throw new AppError('too_large', {
      key: 'files.quotaExceeded',
      params: { used: formatBytes(used), quota: formatBytes(limits.quotaBytes), size: formatBytes(input.filesize) },
    });
  }
  // Uploads never overwrite: a taken name becomes "Name (2).ext".
  const free = await repo.freeName(dir.id, name);
  const [row] = await repo.insertFile({
    id: newId(),
    directoryId: dir.id,
    name: free,
    size: input.filesize,
    status: 'prepared',
    uploadId: input.id,
    createdAt: now,
    updatedAt: now,
    createdBy: scope.userId,
  });
  if (!row) throw new Error('file row not inserted');
  return { file: row.id };
};

const pendingFile = async (scope: EnvScope, id: string): Promise<FileRow> => {
  const file = await filesRepo(scope).file(id);
  if (!file || file.status === 'ready') throw uploadNotFound();
  return file;
};

const headersOf = (signed: SignedUpload) => ({ ...signed.headers });

export const startUpload = async (inScope: InScope, storage: AnyStorage, id: string, now: () => Date) => {
  const file = await inScope((scope) => pendingFile(scope, id));
  const key = storageKey(file, file.id);
  if (file.size <= multipartThreshold) {
    const signed = await storage.signedPutUrl(stagingKey(file, file.id), {
      size: file.size,
      contentType: octetStream,
      expiresInSeconds: putUrlSeconds(file.size),
    });
    await inScope((scope) => filesRepo(scope).updateFile(file.id, { status: 'uploading', updatedAt: now() }));
    return { uploadUrl: signed.url, headers: headersOf(signed), multipart: null };
  }
  // A reloaded page starts again: the parts already received are kept and reported.
  let upload = file.multipart;
  let received: number[] = [];
  if (upload) {
    try {
      received = (await storage.listParts(upload)).map((p) => p.partNumber);
    } catch (error) {
      if (!isStorageError(error, 'upload_not_found')) throw error;
      upload = null;
    }
  }
  if (!upload) {
    upload = await storage.createMultipartUpload(key, {
      size: file.size,
      contentType: octetStream,
      partSize: defaultPartSize,
    });
    const created = upload;
    await inScope((scope) =>
      filesRepo(scope).updateFile(file.id, { status: 'uploading', multipart: created, updatedAt: now() }),
    );
  } else {
    await inScope((scope) => filesRepo(scope).updateFile(file.id, { status: 'uploading', updatedAt: now() }));
  }
  const count = partCount(upload);
  const done = new Set(received);
  const partNumber = Array.from({ length: count }, (_, i) => i + 1).find((n) => !done.has(n)) ?? count;
  const signed = await storage.signedPartUrl(upload, partNumber, { expiresInSeconds: partUrlSeconds });
  return {
    uploadUrl: signed.url,
    headers: headersOf(signed),
    multipart: { partSize: upload.partSize, partCount: count, received: [...done].sort((a, b) => a - b), partNumber },
  };
};

const requireMultipart = (file: FileRow): MultipartUpload => {
  if (file.status !== 'uploading') throw new AppError('conflict', { key: 'files.uploadNotStarted' });
  if (!file.multipart) throw new AppError('invalid', { key: 'files.notMultipart' });
  return file.multipart;
};

export const partUrls = async (scope: EnvScope, storage: AnyStorage, id: string, parts: number[], t: Translate) => {
  const upload = requireMultipart(await pendingFile(scope, id));
  const count = partCount(upload);
  if (parts.some((n) => n > count)) {
    const message = t('files.partOutOfRange');
    throw new AppError('invalid', { message, errors: { parts: [message] } });
  }
  const urls = await Promise.all(
    [...new Set(parts)].map(async (partNumber) => {
      const signed = await storage.signedPartUrl(upload, partNumber, { expiresInSeconds: partUrlSeconds });
      return { partNumber, url: signed.url, headers: headersOf(signed) };
    }),
  );
  return { urls };
};

/** The first bytes of a stored object, for sniffing its type. */
const firstBytes = async (storage: AnyStorage, key: string, size: number): Promise<Buffer> => {
  const { body } = await storage.get(key, { start: 0, end: Math.min(size, sniffBytes) - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const incomplete = () => new AppError('conflict', { key: 'files.incomplete' });

export const finishUpload = async (inScope: InScope, storage: AnyStorage, id: string, now: () => Date) => {
  const file = await inScope(async (scope) => {
    const row = await filesRepo(scope).file(id);
    if (!row) throw uploadNotFound();
    return row;
  });
  // Finishing twice (an answer lost on the way) answers the same file.
  if (file.status === 'ready') return { file: toSummary(file) };
  if (file.status === 'prepared') throw new AppError('conflict', { key: 'files.uploadNotStarted' });
  const key = storageKey(file, file.id);
  if (file.multipart) {
    try {
      await storage.completeMultipartUpload(file.multipart);
    } catch (error) {
      // upload_not_found: completed before, the answer lost; the object below decides.
      if (isStorageError(error, 'incomplete')) throw incomplete();
      if (!isStorageError(error, 'upload_not_found')) throw error;
    }
  } else {
    try {
      // From here on the file's key holds these bytes; a later PUT reaches the staging key only.
      await storage.move(stagingKey(file, file.id), key);
    } catch (error) {
      // not_found: nothing was PUT, or moved before and the answer lost; the object below decides.
      if (!isStorageError(error, 'not_found')) throw error;
    }
  }
  // Size and type are taken from the file's own key, which only finish writes (never a signed link).
  const info = await storage.head(key);
  if (!info || info.size !== file.size) throw incomplete();
  const contentType = await sniffContentType(await firstBytes(storage, key, file.size));
  const [ready] = await inScope((scope) =>
    filesRepo(scope).updateFile(file.id, {
      status: 'ready',
      contentType,
      etag: info.etag,
      multipart: null,
      uploadId: null,
      updatedAt: now(),
    }),
  );
  if (!ready) throw uploadNotFound();
  // A PUT that was under way while the bytes were moved may have landed since: nobody reads it.
  // (One landing after this is refused by the local route, on S3 removed by the hourly sweep, which
  // also takes this one should the delete fail: the file is ready either way.)
  if (!file.multipart) await storage.delete(stagingKey(file, file.id)).catch(() => undefined);
  return { file: toSummary(ready) };
};

/**
 * Drops a pending upload: its row (and so its reserved name and quota), then its bytes and parts.
 * The row goes first: from then on the local route refuses the upload's links, and a PUT that was
 * already writing finds no upload after its write and removes its bytes itself.
 */
export const failUpload = async (inScope: InScope, storage: AnyStorage, id: string) => {
  const file = await inScope((scope) => pendingFile(scope, id));
  await inScope((scope) => filesRepo(scope).deleteFiles([file.id]));
  await dropUploadBytes(storage, file);
};

const dropUploadBytes = async (storage: AnyStorage, file: FileRow) => {
  if (file.multipart) await storage.abortMultipartUpload(file.multipart);
  await storage.delete(storageKey(file, file.id));
  if (!file.multipart) await storage.delete(stagingKey(file, file.id));
};

/** What the local route's signed upload links carry (a part link names its multipart upload too). */
type UploadLink = Extract<FileUrlClaims, { op: 'put' | 'part' }>;

/** Opens a short tenant transaction in the environment a signed link names. */
export type InEnv = (envId: string) => InScope;

/**
 * Whether the upload a signed link was made for still takes bytes: its row exists and is
 * uploading, a single PUT's link names the upload's staging key, a part's link its multipart upload.
 * The link's key names the environment (the token is ours, so the id is trusted).
 */
export const acceptsUploadBytes = async (inEnv: InEnv, link: UploadLink): Promise<boolean> => {
  const [envId, ...rest] = link.key.split('/');
  const fileId = link.op === 'put' ? (rest[0] === 'uploads' && rest.length === 2 ? rest[1] : undefined) : rest[0];
  if (!envId || !fileId || !isUuid(envId) || !isUuid(fileId)) return false;
  if (link.op === 'part' && rest.length !== 1) return false;
  const file = await inEnv(envId)((scope) => filesRepo(scope).file(fileId));
  if (file?.status !== 'uploading') return false;
  return link.op === 'put'
    ? inProgressSinglePut(file) && file.size === link.size
    : file.multipart?.uploadId === link.uploadId;
};

/** Uploads untouched this long are taken as interrupted (a large file on a slow line stays below it). */
export const staleUploadMs = 24 * 60 * 60_000;

/** Housekeeping of one environment: interrupted uploads leave neither rows nor bytes behind. */
export const cleanInterruptedUploads = async (inScope: InScope, storage: AnyStorage, now: Date): Promise<number> => {
  const stale = await inScope((scope) => filesRepo(scope).staleUploads(new Date(now.getTime() - staleUploadMs), now));
  for (const file of stale) {
    // The row first, as in failUpload: from then on the upload's links are refused.
    await inScope((scope) => filesRepo(scope).deleteFiles([file.id]));
    await dropUploadBytes(storage, file);
  }
  return stale.length;
};
