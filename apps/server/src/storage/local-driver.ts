import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mayShowInline } from './content-disposition';
import { exactLength, toReadable } from './exact-length';
import {
  assertContentType,
  assertExpiry,
  assertKey,
  assertPartLayout,
  assertPrefix,
  assertSize,
  assertUpload,
  isValidKey,
} from './keys';
import {
  type ByteRange,
  defaultPartSize,
  type GetResult,
  type ListedObject,
  type MultipartUpload,
  maxUrlSeconds,
  type ObjectInfo,
  type PurgeResult,
  partCount,
  partSizeOf,
  type SignedGetOptions,
  type SignedUpload,
  type Storage,
  StorageError,
  type UploadedPart,
} from './storage';
import { signFileToken, type TokenCheck, verifyFileToken } from './url-token';

/**
 * The local driver: objects are files below `root` (DATA_DIR/files), one per key.
 *
 * Every write goes to a new file in `root/.tmp`, is fsynced and then renamed over the key: a reader
 * opens the old file or the new one, never a half-written one, and a crash leaves only temp files
 * (purgeStale removes them). A file starts with a 4 KiB header holding the content type and etag,
 * so data and metadata change in the same rename. A resumable upload is one sparse file in
 * `root/.uploads/{id}/data`, each part written in place at its offset and then marked received;
 * completing writes the header and renames the file: no copy, however large.
 *
 * Made for one server process (like the embedded database): per-part write locks live in memory.
 * Several servers share files through the S3 driver.
 */

type LocalStorageOptions = Readonly<{
  /** The directory holding every object (created when missing). */
  root: string;
  /** Where registerLocalStorageRoutes answers, e.g. `https://kontor.example/files`. */
  baseUrl: string;
  /** HMAC key of the signed URLs (FILE_URL_SECRET). */
  urlSecret: string;
  /** Injectable so tests can move time (URL expiry, stale uploads). */
  now?: () => Date;
}>;

export type LocalStorage = Storage & {
  readonly driver: 'local';
  /** Checks a signed URL's token: the routes believe nothing else of the request. */
  verifyToken(token: string): TokenCheck;
  /** The open upload `uploadId` of `key` (a part URL names only these two). */
  findUpload(key: string, uploadId: string): Promise<MultipartUpload>;
};

const headerSize = 4096;
const magic = Buffer.from('KONTORF1');
const uploadIdPattern = /^[A-Za-z0-9_-]{24}$/;

type Header = { contentType: string; etag: string; size: number };

const encodeHeader = (header: Header): Buffer => {
  const json = Buffer.from(JSON.stringify(header));
  const buffer = Buffer.alloc(headerSize);
  magic.copy(buffer, 0);
  buffer.writeUInt32BE(json.length, 8);
  json.copy(buffer, 12);
  return buffer;
};

const decodeHeader = (buffer: Buffer): Header => {
  if (!buffer.subarray(0, 8).equals(magic)) throw new Error('not a storage object (bad header)');
  const length = buffer.readUInt32BE(8);
  return JSON.parse(buffer.subarray(12, 12 + length).toString('utf8')) as Header;
};

const newEtag = () => randomBytes(16).toString('hex');

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

export const createLocalStorage = (options: LocalStorageOptions): LocalStorage => {
  const root = path.resolve(options.root);
  const tmpDir = path.join(root, '.tmp');
  const uploadsDir = path.join(root, '.uploads');
  const now = options.now ?? (() => new Date());
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  fs.mkdirSync(tmpDir, { recursive: true });
  fs.mkdirSync(uploadsDir, { recursive: true });

  // Keys are validated to plain segments; the check below is the second lock on the same door.
  const objectPath = (key: string) => {
    const file = path.join(root, ...assertKey(key).split('/'));
    if (!file.startsWith(root + path.sep)) throw new StorageError('invalid_key', 'invalid storage key');
    return file;
  };
  const tmpPath = () => path.join(tmpDir, `${randomBytes(12).toString('hex')}.tmp`);
  const uploadDir = (uploadId: string) => {
    if (!uploadIdPattern.test(uploadId)) throw new StorageError('upload_not_found', 'unknown upload');
    return path.join(uploadsDir, uploadId);
  };

  /** Renames a finished temp file into place, creating the key's folders, and makes it durable. */
  const commit = async (from: string, key: string) => {
    const target = objectPath(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.rename(from, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A key cannot be a file and a folder of other keys at once on a filesystem.
      if (code === 'EISDIR' || code === 'ENOTDIR' || code === 'ENOTEMPTY') {
        throw new StorageError('conflict', 'key is a prefix of other keys');
      }
      throw error;
    }
    await syncDir(path.dirname(target));
  };

  const readInfo = async (key: string, handle: fsp.FileHandle): Promise<ObjectInfo> => {
    const buffer = Buffer.alloc(headerSize);
    await handle.read(buffer, 0, headerSize, 0);
    const header = decodeHeader(buffer);
    const stat = await handle.stat();
    return { key, size: header.size, contentType: header.contentType, etag: header.etag, lastModified: stat.mtime };
  };

  const openObject = async (key: string) => {
    try {
      return await fsp.open(objectPath(key), 'r');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  // --- resumable uploads -------------------------------------------------------------------------

  type UploadRecord = { key: string; size: number; partSize: number; contentType: string; createdAt: string };
  /** Parts being written and uploads being completed, in this process. */
  const partsInFlight = new Map<string, number>();
  const completing = new Set<string>();

  const readUpload = async (upload: MultipartUpload): Promise<{ dir: string; record: UploadRecord }> => {
    assertUpload(upload);
    const dir = uploadDir(upload.uploadId);
    const record = await fsp
      .readFile(path.join(dir, 'upload.json'), 'utf8')
      .then((text) => JSON.parse(text) as UploadRecord)
      .catch((error: unknown) => {
        if (isMissing(error)) throw new StorageError('upload_not_found', 'unknown upload');
        throw error;
      });
    // A descriptor that does not match its record does not describe this upload.
    if (record.key !== upload.key || record.size !== upload.size || record.partSize !== upload.partSize) {
      throw new StorageError('upload_not_found', 'upload does not match');
    }
    return { dir, record };
  };

  const readParts = async (dir: string): Promise<UploadedPart[]> => {
    const names = await fsp.readdir(dir).catch((error: unknown) => {
      if (isMissing(error)) throw new StorageError('upload_not_found', 'unknown upload');
      throw error;
    });
    const parts = await Promise.all(
      names
        .filter((name) => /^\d{1,5}\.done$/.test(name))
        .map(async (name) => {
          const marker = JSON.parse(await fsp.readFile(path.join(dir, name), 'utf8')) as { size: number; etag: string };
          return { partNumber: Number(name.slice(0, -5)), size: marker.size, etag: marker.etag };
        }),
    );
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  };

  const storage: LocalStorage = {
    driver: 'local',

    async put(key, body, { size, contentType }) {
      objectPath(key);
      assertSize(size);
      assertContentType(contentType);
      const temp = tmpPath();
      const handle = await fsp.open(temp, 'wx', 0o600);
      const etag = newEtag();
      try {
        await pipeline(toReadable(body), exactLength(size), writeAt(handle, headerSize));
        await handle.write(encodeHeader({ contentType, etag, size }), 0, headerSize, 0);
        // fdatasync: data and size on disk before the rename makes them visible.
        await handle.datasync();
        const stat = await handle.stat();
        await handle.close();
        await commit(temp, key);
        return { key, size, contentType, etag, lastModified: stat.mtime };
      } catch (error) {
        await handle.close().catch(() => {});
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },

    async get(key, range?: ByteRange): Promise<GetResult> {
      const handle = await openObject(key);
      if (!handle) throw new StorageError('not_found', 'no such object');
      try {
        const info = await readInfo(key, handle);
        const bounds = range ? resolveRange(range, info.size) : undefined;
        if (info.size === 0) {
          await handle.close();
          return { info, body: Readable.from([]) };
        }
        const body = handle.createReadStream({
          start: headerSize + (bounds?.start ?? 0),
          // createReadStream's end is inclusive; an empty object has no last byte.
          end: headerSize + (bounds ? bounds.end : info.size - 1),
          highWaterMark: 256 * 1024,
        });
        return { info, body, range: bounds };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async head(key) {
      const handle = await openObject(key);
      if (!handle) return undefined;
      try {
        return await readInfo(key, handle);
      } finally {
        await handle.close();
      }
    },

    async delete(key) {
      await fsp.unlink(objectPath(key)).catch((error: unknown) => {
        if (!isMissing(error) && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
      });
    },

    async deletePrefix(prefix) {
      const dir = path.join(root, ...assertPrefix(prefix).slice(0, -1).split('/'));
      await abortUploadsUnder(prefix);
      // Moved aside first: the whole prefix disappears at once, the removal takes its time after.
      const aside = path.join(tmpDir, `deleted-${randomBytes(8).toString('hex')}`);
      try {
        await fsp.rename(dir, aside);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      const count = await countFiles(aside);
      await fsp.rm(aside, { recursive: true, force: true });
      return count;
    },

    async move(from, to) {
      const source = objectPath(from);
      objectPath(to);
      try {
        // One rename: `to` holds the old file or the moved one, never a part, whatever the size.
        await commit(source, to);
      } catch (error) {
        if (isMissing(error)) throw new StorageError('not_found', 'no such object');
        throw error;
      }
      await syncDir(path.dirname(source));
      const info = await storage.head(to);
      if (!info) throw new StorageError('not_found', 'object moved away meanwhile');
      return info;
    },

    async *list(prefix = '') {
      const start = prefix === '' ? root : path.join(root, ...assertPrefix(prefix).slice(0, -1).split('/'));
      yield* walk(start, prefix);
    },

    async createMultipartUpload(key, { size, contentType, partSize = defaultPartSize }) {
      assertKey(key);
      assertContentType(contentType);
      assertPartLayout(size, partSize);
      const uploadId = randomBytes(18).toString('base64url');
      const dir = uploadDir(uploadId);
      await fsp.mkdir(dir);
      // The data file has its final length from the start; parts fill it in any order.
      const data = await fsp.open(path.join(dir, 'data'), 'wx', 0o600);
      await data.truncate(headerSize + size);
      await data.close();
      const record: UploadRecord = { key, size, partSize, contentType, createdAt: now().toISOString() };
      await writeFileAtomic(path.join(dir, 'upload.json'), JSON.stringify(record), tmpPath());
      return { key, uploadId, size, partSize, contentType };
    },

    async uploadPart(upload, partNumber, body) {
      const { dir } = await readUpload(upload);
      const expected = partSizeOf(upload, partNumber);
      const lock = `${upload.uploadId}/${partNumber}`;
      if (partsInFlight.has(lock)) throw new StorageError('conflict', 'this part is being uploaded already');
      if (completing.has(upload.uploadId)) throw new StorageError('conflict', 'the upload is being completed');
      partsInFlight.set(lock, 1);
      try {
        const marker = path.join(dir, `${partNumber}.done`);
        // Unmarked while its bytes change: an interrupted rewrite is then a missing part, not a wrong one.
        await fsp.rm(marker, { force: true });
        const handle = await fsp.open(path.join(dir, 'data'), 'r+').catch((error: unknown) => {
          if (isMissing(error)) throw new StorageError('upload_not_found', 'unknown upload');
          throw error;
        });
        try {
          await pipeline(
            toReadable(body),
            exactLength(expected),
            writeAt(handle, headerSize + (partNumber - 1) * upload.partSize),
          );
          // A part acknowledged is on disk, as with S3; its marker needs no flush of its own
          // (lost in a crash, the part is merely sent again).
          await handle.datasync();
        } finally {
          await handle.close();
        }
        const part: UploadedPart = { partNumber, size: expected, etag: newEtag() };
        await writeFileAtomic(marker, JSON.stringify({ size: part.size, etag: part.etag }), tmpPath(), false).catch(
          (error: unknown) => {
            if (isMissing(error)) throw new StorageError('upload_not_found', 'upload was aborted');
            throw error;
          },
        );
        return part;
      } finally {
        partsInFlight.delete(lock);
      }
    },

    async listParts(upload) {
      const { dir } = await readUpload(upload);
      return readParts(dir);
    },

    async completeMultipartUpload(upload) {
      const { dir, record } = await readUpload(upload);
      if (completing.has(upload.uploadId)) throw new StorageError('conflict', 'the upload is being completed');
      const busy = [...partsInFlight.keys()].some((lock) => lock.startsWith(`${upload.uploadId}/`));
      if (busy) throw new StorageError('conflict', 'parts are still being uploaded');
      completing.add(upload.uploadId);
      try {
        const parts = new Map((await readParts(dir)).map((p) => [p.partNumber, p]));
        const wrong: number[] = [];
        for (let n = 1; n <= partCount(upload); n++) {
          if (parts.get(n)?.size !== partSizeOf(upload, n)) wrong.push(n);
        }
        if (wrong.length > 0) throw new StorageError('incomplete', `parts missing: ${wrong.join(', ')}`);
        const etag = `${newEtag()}-${partCount(upload)}`;
        const data = path.join(dir, 'data');
        const handle = await fsp.open(data, 'r+');
        let mtime: Date;
        try {
          await handle.write(
            encodeHeader({ contentType: record.contentType, etag, size: upload.size }),
            0,
            headerSize,
            0,
          );
          await handle.sync();
          mtime = (await handle.stat()).mtime;
        } finally {
          await handle.close();
        }
        await commit(data, upload.key);
        await fsp.rm(dir, { recursive: true, force: true });
        return { key: upload.key, size: upload.size, contentType: record.contentType, etag, lastModified: mtime };
      } finally {
        completing.delete(upload.uploadId);
      }
    },

    async abortMultipartUpload(upload) {
      assertUpload(upload);
      if (!uploadIdPattern.test(upload.uploadId)) return;
      await removeUpload(uploadDir(upload.uploadId));
    },

    async signedGetUrl(key, { filename, contentType, expiresInSeconds, inline }: SignedGetOptions) {
      assertKey(key);
      assertContentType(contentType);
      const token = signFileToken(
        options.urlSecret,
        { op: 'get', key, filename, contentType, inline: Boolean(inline) && mayShowInline(contentType) },
        expiry(expiresInSeconds),
      );
      return `${baseUrl}/${key}?token=${token}`;
    },

    async signedPutUrl(key, { size, contentType, expiresInSeconds }): Promise<SignedUpload> {
      assertKey(key);
      assertSize(size);
      assertContentType(contentType);
      const token = signFileToken(options.urlSecret, { op: 'put', key, size, contentType }, expiry(expiresInSeconds));
      return { url: `${baseUrl}/${key}?token=${token}`, method: 'PUT', headers: { 'content-type': contentType } };
    },

    async signedPartUrl(upload, partNumber, { expiresInSeconds }): Promise<SignedUpload> {
      assertUpload(upload);
      const size = partSizeOf(upload, partNumber);
      const token = signFileToken(
        options.urlSecret,
        { op: 'part', key: upload.key, uploadId: upload.uploadId, partNumber, size },
        expiry(expiresInSeconds),
      );
      return { url: `${baseUrl}/${upload.key}?token=${token}`, method: 'PUT', headers: {} };
    },

    async purgeStale({ olderThan }): Promise<PurgeResult> {
      let tempFilesRemoved = 0;
      for (const name of await fsp.readdir(tmpDir)) {
        const file = path.join(tmpDir, name);
        const stat = await fsp.stat(file).catch(() => undefined);
        // A temp file still growing has a fresh mtime: only abandoned ones are old.
        if (stat && stat.mtime < olderThan) {
          await fsp.rm(file, { recursive: true, force: true });
          tempFilesRemoved++;
        }
      }
      let uploadsAborted = 0;
      for (const id of await fsp.readdir(uploadsDir)) {
        if ([...partsInFlight.keys()].some((lock) => lock.startsWith(`${id}/`)) || completing.has(id)) continue;
        const createdAt = await uploadCreatedAt(path.join(uploadsDir, id));
        if (createdAt && createdAt < olderThan) {
          await removeUpload(path.join(uploadsDir, id));
          uploadsAborted++;
        }
      }
      return { uploadsAborted, tempFilesRemoved };
    },

    verifyToken(token) {
      return verifyFileToken(options.urlSecret, token, now());
    },

    async findUpload(key, uploadId) {
      const dir = uploadDir(uploadId);
      const record = await fsp
        .readFile(path.join(dir, 'upload.json'), 'utf8')
        .then((text) => JSON.parse(text) as UploadRecord)
        .catch(() => undefined);
      if (record?.key !== key) throw new StorageError('upload_not_found', 'unknown upload');
      return { key, uploadId, size: record.size, partSize: record.partSize, contentType: record.contentType };
    },
  };

  /**
   * The objects below `dir`, whose keys start with `prefix`, folder by folder in name order. Only
   * names a key may have are followed: `.tmp` and `.uploads` (and anything else not ours) are not.
   */
  async function* walk(dir: string, prefix: string): AsyncGenerator<ListedObject> {
    const entries = await fsp.readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = `${prefix}${entry.name}`;
      if (!isValidKey(key)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        yield* walk(full, `${key}/`);
      } else if (entry.isFile()) {
        // Removed since the folder was read: not an object any more.
        const stat = await fsp.stat(full).catch(() => undefined);
        if (stat) yield { key, size: Math.max(0, stat.size - headerSize), lastModified: stat.mtime };
      }
    }
  }

  const expiry = (seconds: number) => new Date(now().getTime() + assertExpiry(seconds, maxUrlSeconds) * 1000);

  /** Moved aside before removal, so a part write still under way fails instead of recreating files. */
  const removeUpload = async (dir: string) => {
    const aside = path.join(tmpDir, `aborted-${randomBytes(8).toString('hex')}`);
    try {
      await fsp.rename(dir, aside);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    await fsp.rm(aside, { recursive: true, force: true });
  };

  const uploadCreatedAt = async (dir: string): Promise<Date | undefined> => {
    try {
      const record = JSON.parse(await fsp.readFile(path.join(dir, 'upload.json'), 'utf8')) as UploadRecord;
      return new Date(record.createdAt);
    } catch {
      // A crash between mkdir and the record: judge by the folder's age.
      return (await fsp.stat(dir).catch(() => undefined))?.mtime;
    }
  };

  const abortUploadsUnder = async (prefix: string) => {
    for (const id of await fsp.readdir(uploadsDir)) {
      const record = await fsp
        .readFile(path.join(uploadsDir, id, 'upload.json'), 'utf8')
        .then((text) => JSON.parse(text) as UploadRecord)
        .catch(() => undefined);
      if (record?.key.startsWith(prefix)) await removeUpload(path.join(uploadsDir, id));
    }
  };

  return storage;
};

/** Inclusive bounds of `range` within an object of `size` bytes, or `invalid_range`. */
const resolveRange = (range: ByteRange, size: number): { start: number; end: number } => {
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (!Number.isSafeInteger(range.start) || range.start < 0 || range.start >= size || end < range.start) {
    throw new StorageError('invalid_range', 'range not satisfiable');
  }
  return { start: range.start, end };
};

/**
 * Writes a stream into an open file from `position` on, leaving the handle open for fsync (a
 * FileHandle's own write stream holds the handle until it closes it, so it cannot be synced after).
 */
const writeAt = (handle: fsp.FileHandle, position: number): Writable => {
  let at = position;
  return new Writable({
    highWaterMark: 1024 * 1024,
    writev(chunks, callback) {
      const buffers = chunks.map((c) => c.chunk as Buffer);
      handle.writev(buffers, at).then(({ bytesWritten }) => {
        at += bytesWritten;
        callback();
      }, callback);
    },
  });
};

const writeFileAtomic = async (file: string, content: string, temp: string, durable = true) => {
  const handle = await fsp.open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(content);
    if (durable) await handle.datasync();
  } finally {
    await handle.close();
  }
  try {
    await fsp.rename(temp, file);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
};

/** fsync of the folder: makes a rename in it survive a power cut (a no-op where unsupported). */
const syncDir = async (dir: string) => {
  const handle = await fsp.open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => {});
  await handle.close();
};

const countFiles = async (dir: string): Promise<number> => {
  let count = 0;
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    count += entry.isDirectory() ? await countFiles(path.join(dir, entry.name)) : 1;
  }
  return count;
};
