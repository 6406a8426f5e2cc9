import type { Readable } from 'node:stream';

/**
 * File storage: one interface, two drivers (`local` directory under DATA_DIR, `s3` object storage).
 * Keys are opaque ids chosen by the caller (`{envId}/{fileId}`), never user-given names; see keys.ts.
 * Uploads from the browser never pass through a handler of ours as a whole: the server signs a URL
 * (S3 presigned, or our own `/files/…?token=` route on the local driver) and the browser PUTs to it.
 */

export const MiB = 1024 * 1024;
/** Files above this go up in parts (resumable); at or below it in one PUT. */
export const multipartThreshold = 8 * MiB;
/** S3's smallest part (every part but the last must reach it). */
export const minPartSize = 5 * MiB;
export const maxPartSize = 5 * 1024 * MiB;
export const defaultPartSize = 8 * MiB;
export const maxPartCount = 10_000;
/** S3's largest object; also the local driver's. */
export const maxObjectSize = 5 * 1024 * 1024 * MiB;
/** A signed URL lives at most this long (S3's presign limit is a week; ours is much shorter). */
export const maxUrlSeconds = 24 * 60 * 60;

export type StorageDriverName = 'local' | 's3';

export type ObjectInfo = Readonly<{
  key: string;
  size: number;
  contentType: string;
  /** Opaque; changes with every write of the key. */
  etag: string;
  lastModified: Date;
}>;

/** Inclusive byte positions, as in an HTTP Range header; `end` defaults to the last byte. */
export type ByteRange = Readonly<{ start: number; end?: number }>;

export type GetResult = Readonly<{
  info: ObjectInfo;
  body: Readable;
  /** The bytes `body` holds (inclusive), when a range was asked for. */
  range?: Readonly<{ start: number; end: number }>;
}>;

export type PutOptions = Readonly<{
  /** Exactly this many bytes must arrive: more is refused as `too_large`, fewer as `incomplete`. */
  size: number;
  contentType: string;
}>;

/**
 * One resumable upload. The caller persists it (e.g. in its uploads table) and hands it back for
 * every later step; the storage keeps nothing in memory, so any server instance can continue it.
 * Every part but the last is exactly `partSize` bytes.
 */
export type MultipartUpload = Readonly<{
  key: string;
  uploadId: string;
  size: number;
  partSize: number;
  contentType: string;
}>;

export type UploadedPart = Readonly<{ partNumber: number; size: number; etag: string }>;

/** What the browser needs to send its bytes: PUT `url` with these headers and the bytes as body. */
export type SignedUpload = Readonly<{ url: string; method: 'PUT'; headers: Readonly<Record<string, string>> }>;

export type SignedGetOptions = Readonly<{
  /** The name the browser saves the file under (Content-Disposition). */
  filename: string;
  /** What the answer declares; take it from sniffContentType, not from the uploader. */
  contentType: string;
  expiresInSeconds: number;
  /** Show in the browser instead of saving; honoured only for raster images and PDF (see content-disposition.ts). */
  inline?: boolean;
}>;

export type PurgeResult = Readonly<{ uploadsAborted: number; tempFilesRemoved: number }>;

/** One stored object as a listing names it. */
export type ListedObject = Readonly<{ key: string; size: number; lastModified: Date }>;

export interface Storage {
  readonly driver: StorageDriverName;

  /**
   * Stores `body` under `key`, streamed (never held in memory whole), replacing an existing object
   * atomically: readers see the old bytes or the new ones, never a part. Refuses a body longer or
   * shorter than `size` (`too_large` / `incomplete`) and then leaves the key as it was.
   */
  put(key: string, body: Readable | Uint8Array, options: PutOptions): Promise<ObjectInfo>;

  /** Streams the object, or the inclusive byte range of it. Throws `not_found` / `invalid_range`. */
  get(key: string, range?: ByteRange): Promise<GetResult>;

  /** Size, content type and etag, or undefined when there is no such object. */
  head(key: string): Promise<ObjectInfo | undefined>;

  /** Removes the object; a missing one is no error. */
  delete(key: string): Promise<void>;

  /**
   * Removes every object whose key starts with `prefix` (which must end in `/`, e.g. `{envId}/`)
   * and aborts the unfinished uploads there. Answers how many objects went. An object written
   * concurrently may survive: this is a sweep, not a transaction.
   */
  deletePrefix(prefix: string): Promise<number>;

  /**
   * Moves the object at `from` to `to`, replacing what is there: readers of `to` see the old object
   * or the moved one, never a part. The local driver renames (no copy, any size); S3 copies on the
   * server side (one copy: up to 5 GiB) and then deletes `from`. Throws `not_found` when `from` holds
   * no object.
   */
  move(from: string, to: string): Promise<ObjectInfo>;

  /**
   * Every stored object whose key starts with `prefix` (`''` for all, else a prefix ending in `/`),
   * streamed page by page (never the whole listing in memory); in-progress multipart uploads and the
   * local driver's temp files are not objects. Objects written or removed meanwhile may or may not
   * be named: this is a sweep's view, not a snapshot.
   */
  list(prefix?: string): AsyncIterable<ListedObject>;

  /** Starts a resumable upload of `size` bytes in parts of `partSize` (default 8 MiB). */
  createMultipartUpload(key: string, options: PutOptions & { partSize?: number }): Promise<MultipartUpload>;

  /** Uploads one part from the server itself (the browser uses signedPartUrl). Replaces an earlier one. */
  uploadPart(upload: MultipartUpload, partNumber: number, body: Readable | Uint8Array): Promise<UploadedPart>;

  /** Parts received completely so far, by part number: what a resumed upload may skip. */
  listParts(upload: MultipartUpload): Promise<UploadedPart[]>;

  /**
   * Assembles the parts into the object at once (nothing visible before). Throws `incomplete`
   * naming the missing or wrong-sized parts; the upload then stays open for them.
   */
  completeMultipartUpload(upload: MultipartUpload): Promise<ObjectInfo>;

  /** Drops the upload and every part received; an unknown upload is no error. */
  abortMultipartUpload(upload: MultipartUpload): Promise<void>;

  /** A short-lived URL that reads exactly this object, as an attachment named `filename`. */
  signedGetUrl(key: string, options: SignedGetOptions): Promise<string>;

  /**
   * A short-lived URL that writes exactly `size` bytes to exactly this key. Usable again until it
   * expires (a failed PUT may be retried), so keep the lifetime short, and never sign the key of an
   * object others rely on: the file manager signs a staging key per upload and `move`s it into place
   * when the upload is finished (features/files/uploads.service.ts).
   */
  signedPutUrl(key: string, options: PutOptions & { expiresInSeconds: number }): Promise<SignedUpload>;

  /** A short-lived URL for one part of a resumable upload, bound to the part's exact size. */
  signedPartUrl(
    upload: MultipartUpload,
    partNumber: number,
    options: { expiresInSeconds: number },
  ): Promise<SignedUpload>;

  /**
   * Housekeeping: aborts uploads started before `olderThan` and deletes temporary files not touched
   * since then. An interrupted upload never became visible; this reclaims its space.
   */
  purgeStale(options: { olderThan: Date }): Promise<PurgeResult>;
}

export type StorageErrorCode =
  | 'invalid_key'
  | 'invalid_argument'
  | 'not_found'
  | 'upload_not_found'
  | 'too_large'
  | 'incomplete'
  | 'invalid_range'
  | 'conflict';

/** A refusal the caller can act on; anything else thrown by a driver is an infrastructure fault. */
export class StorageError extends Error {
  readonly code: StorageErrorCode;

  constructor(code: StorageErrorCode, message: string = code) {
    super(message);
    this.name = 'StorageError';
    this.code = code;
  }
}

export const isStorageError = (error: unknown, code?: StorageErrorCode): error is StorageError =>
  error instanceof StorageError && (code === undefined || error.code === code);

/** Number of parts of an upload. */
export const partCount = (upload: Pick<MultipartUpload, 'size' | 'partSize'>): number =>
  Math.max(1, Math.ceil(upload.size / upload.partSize));

/** The exact size part `partNumber` (1-based) must have. */
export const partSizeOf = (upload: Pick<MultipartUpload, 'size' | 'partSize'>, partNumber: number): number => {
  const count = partCount(upload);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > count) {
    throw new StorageError('invalid_argument', `part number ${partNumber} outside 1…${count}`);
  }
  return partNumber < count ? upload.partSize : upload.size - upload.partSize * (count - 1);
};
