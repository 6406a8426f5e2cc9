import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition, mayShowInline } from './content-disposition';
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
  type ListedObject,
  MiB,
  type MultipartUpload,
  maxUrlSeconds,
  type ObjectInfo,
  partCount,
  partSizeOf,
  type Storage,
  StorageError,
  type UploadedPart,
} from './storage';
import type { S3Settings } from './storage-url';

/**
 * The S3 driver: any S3-compatible object storage (AWS, MinIO, Garage, Ceph, Hetzner, …).
 * Browsers upload and download directly with presigned URLs; the server only signs, so file bytes
 * never cross an app server. Puts are atomic by S3's own rule (an object appears when its last
 * byte has arrived); resumable uploads are S3 multipart uploads, one presigned URL per part.
 */

type S3StorageOptions = Readonly<{
  now?: () => Date;
  /** Keys per ListObjectsV2 page (S3's default and maximum: 1000); smaller in tests of the paging. */
  listPageSize?: number;
}>;

export type S3Storage = Storage & { readonly driver: 's3' };

const clientFor = (settings: S3Settings, endpoint: string) =>
  new S3Client({
    endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default trailing checksums (aws-chunked bodies, checksum query parameters in
    // presigned URLs) are not understood by every S3-compatible server and would break browser
    // PUTs; sizes are enforced by signed Content-Length instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

const errorName = (error: unknown) => (error instanceof S3ServiceException ? error.name : undefined);
const httpStatus = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
const unquote = (etag: string | undefined) => (etag ?? '').replace(/"/g, '');
/** S3's largest object a single CopyObject takes. */
const maxCopySize = 5 * 1024 * MiB;

export const createS3Storage = (settings: S3Settings, options: S3StorageOptions = {}): S3Storage => {
  const client = clientFor(settings, settings.endpoint);
  const signer = settings.publicEndpoint ? clientFor(settings, settings.publicEndpoint) : client;
  const now = options.now ?? (() => new Date());
  const Bucket = settings.bucket;
  const objectKey = (key: string) => settings.prefix + assertKey(key);

  const signing = (seconds: number, bound: 'size' | 'size and type' = 'size and type') => ({
    expiresIn: assertExpiry(seconds, maxUrlSeconds),
    signingDate: now(),
    // The browser must send exactly the size (and type) it was signed for, or S3 refuses it.
    signableHeaders: new Set(bound === 'size' ? ['content-length'] : ['content-length', 'content-type']),
    // signableHeaders wins over this; a part has no type (the SDK adds a default one no browser sends).
    unsignableHeaders: new Set(bound === 'size' ? ['content-type'] : []),
  });

  /**
   * Streams `body` to S3 through exactLength: when it turns out longer or shorter than declared,
   * the request is aborted before S3 has its Content-Length, so nothing is stored.
   */
  const sendCounted = async <T>(
    body: Readable | Uint8Array,
    size: number,
    send: (stream: Readable, signal: AbortSignal) => Promise<T>,
  ): Promise<T> => {
    const controller = new AbortController();
    const counted = exactLength(size);
    let bodyError: unknown;
    const source = toReadable(body);
    source.on('error', (error) => counted.destroy(error));
    counted.on('error', (error) => {
      bodyError = error;
      controller.abort();
    });
    source.pipe(counted);
    try {
      return await send(counted, controller.signal);
    } catch (error) {
      throw bodyError ?? error;
    } finally {
      if (bodyError) source.destroy();
    }
  };

  const uploadError = (error: unknown): never => {
    if (errorName(error) === 'NoSuchUpload' || httpStatus(error) === 404) {
      throw new StorageError('upload_not_found', 'unknown upload');
    }
    throw error;
  };

  const listAllParts = async (upload: MultipartUpload): Promise<UploadedPart[]> => {
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    do {
      const page = await client
        .send(
          new ListPartsCommand({
            Bucket,
            Key: objectKey(upload.key),
            UploadId: upload.uploadId,
            PartNumberMarker: marker,
          }),
        )
        .catch(uploadError);
      for (const p of page.Parts ?? []) {
        parts.push({ partNumber: p.PartNumber ?? 0, size: p.Size ?? 0, etag: unquote(p.ETag) });
      }
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  };

  const abortUploads = async (keyPrefix: string, olderThan?: Date): Promise<number> => {
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await client.send(
        new ListMultipartUploadsCommand({
          Bucket,
          Prefix: keyPrefix,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId) continue;
        if (olderThan && (!u.Initiated || u.Initiated >= olderThan)) continue;
        await client
          .send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }))
          .catch((error: unknown) => (errorName(error) === 'NoSuchUpload' ? undefined : Promise.reject(error)));
        aborted++;
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return aborted;
  };

  const storage: S3Storage = {
    driver: 's3',

    async put(key, body, { size, contentType }) {
      const Key = objectKey(key);
      assertSize(size);
      assertContentType(contentType);
      await sendCounted(body, size, (stream, abortSignal) =>
        client.send(
          new PutObjectCommand({ Bucket, Key, Body: stream, ContentLength: size, ContentType: contentType }),
          { abortSignal },
        ),
      );
      const info = await storage.head(key);
      if (!info) throw new Error('object vanished right after it was stored');
      return info;
    },

    async get(key, range?: ByteRange) {
      const Key = objectKey(key);
      if (
        range &&
        (!Number.isSafeInteger(range.start) || range.start < 0 || (range.end ?? range.start) < range.start)
      ) {
        throw new StorageError('invalid_range', 'range not satisfiable');
      }
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key, Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined }),
        );
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
        // `bytes 2-5/10`: what was sent and of how much.
        const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
        const size = served ? Number(served[3]) : (answer.ContentLength ?? 0);
        const info: ObjectInfo = {
          key,
          size,
          contentType: answer.ContentType ?? 'application/octet-stream',
          etag: unquote(answer.ETag),
          lastModified: answer.LastModified ?? new Date(0),
        };
        return {
          info,
          body: answer.Body,
          range: range && served ? { start: Number(served[1]), end: Number(served[2]) } : undefined,
        };
      } catch (error) {
        if (errorName(error) === 'NoSuchKey' || httpStatus(error) === 404)
          throw new StorageError('not_found', 'no such object');
        if (errorName(error) === 'InvalidRange' || httpStatus(error) === 416) {
          throw new StorageError('invalid_range', 'range not satisfiable');
        }
        throw error;
      }
    },

    async head(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return {
          key,
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? 'application/octet-stream',
          etag: unquote(answer.ETag),
          lastModified: answer.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (errorName(error) === 'NotFound' || httpStatus(error) === 404) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async deletePrefix(prefix) {
      const Prefix = settings.prefix + assertPrefix(prefix);
      await abortUploads(Prefix);
      let deleted = 0;
      let token: string | undefined;
      do {
        // Deleting while listing is safe with a continuation token: S3 pages by key order.
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken: token }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) {
          const answer = await client.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          if (answer.Errors && answer.Errors.length > 0) {
            throw new Error(`S3 refused to delete ${answer.Errors.length} objects: ${answer.Errors[0]?.Code}`);
          }
          deleted += keys.length;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return deleted;
    },

    async move(from, to) {
      const source = objectKey(from);
      const Key = objectKey(to);
      const info = await storage.head(from);
      if (!info) throw new StorageError('not_found', 'no such object');
      if (info.size > maxCopySize) throw new StorageError('invalid_argument', 'too large for one copy');
      try {
        // A copy is taken of one version of the source: a write to `from` meanwhile is not mixed in.
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key,
            CopySource: `${Bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
            MetadataDirective: 'COPY',
          }),
        );
      } catch (error) {
        if (errorName(error) === 'NoSuchKey' || httpStatus(error) === 404) {
          throw new StorageError('not_found', 'no such object');
        }
        throw error;
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: source }));
      const moved = await storage.head(to);
      if (!moved) throw new StorageError('not_found', 'object moved away meanwhile');
      return moved;
    },

    async *list(prefix = '') {
      const Prefix = settings.prefix + (prefix === '' ? '' : assertPrefix(prefix));
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken: token, MaxKeys: options.listPageSize }),
        );
        for (const o of page.Contents ?? []) {
          const key = o.Key?.slice(settings.prefix.length);
          // Not a key of ours (another installation's objects in a shared bucket): not named.
          if (!key || !o.Key?.startsWith(settings.prefix) || !isValidKey(key)) continue;
          const object: ListedObject = { key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
          yield object;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async createMultipartUpload(key, { size, contentType, partSize = defaultPartSize }) {
      assertContentType(contentType);
      assertPartLayout(size, partSize);
      const answer = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: objectKey(key), ContentType: contentType }),
      );
      if (!answer.UploadId) throw new Error('S3 answered without an upload id');
      return { key, uploadId: answer.UploadId, size, partSize, contentType };
    },

    async uploadPart(upload, partNumber, body) {
      assertUpload(upload);
      const size = partSizeOf(upload, partNumber);
      const answer = await sendCounted(body, size, (stream, abortSignal) =>
        client.send(
          new UploadPartCommand({
            Bucket,
            Key: objectKey(upload.key),
            UploadId: upload.uploadId,
            PartNumber: partNumber,
            Body: stream,
            ContentLength: size,
          }),
          { abortSignal },
        ),
      ).catch(uploadError);
      return { partNumber, size, etag: unquote(answer.ETag) };
    },

    async listParts(upload) {
      assertUpload(upload);
      // A part of the wrong size (a client that sliced wrongly) is as good as missing.
      return (await listAllParts(upload)).filter(
        (p) => p.partNumber <= partCount(upload) && p.size === partSizeOf(upload, p.partNumber),
      );
    },

    async completeMultipartUpload(upload) {
      assertUpload(upload);
      // The part list comes from S3 itself, so the browser need not report (or even see) ETags.
      const parts = new Map((await storage.listParts(upload)).map((p) => [p.partNumber, p]));
      const missing: number[] = [];
      for (let n = 1; n <= partCount(upload); n++) if (!parts.has(n)) missing.push(n);
      if (missing.length > 0) throw new StorageError('incomplete', `parts missing: ${missing.join(', ')}`);
      await client
        .send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: objectKey(upload.key),
            UploadId: upload.uploadId,
            MultipartUpload: {
              Parts: [...parts.values()].map((p) => ({ PartNumber: p.partNumber, ETag: `"${p.etag}"` })),
            },
          }),
        )
        .catch(uploadError);
      const info = await storage.head(upload.key);
      if (!info) throw new Error('object missing right after its upload was completed');
      return info;
    },

    async abortMultipartUpload(upload) {
      assertUpload(upload);
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key: objectKey(upload.key), UploadId: upload.uploadId }))
        .catch((error: unknown) =>
          errorName(error) === 'NoSuchUpload' || httpStatus(error) === 404 ? undefined : Promise.reject(error),
        );
    },

    async signedGetUrl(key, { filename, contentType, expiresInSeconds, inline }) {
      assertContentType(contentType);
      return getSignedUrl(
        signer,
        new GetObjectCommand({
          Bucket,
          Key: objectKey(key),
          // Signed into the URL: S3 answers with our type and name, not the uploader's.
          ResponseContentType: contentType,
          ResponseContentDisposition: contentDisposition(filename, Boolean(inline) && mayShowInline(contentType)),
          ResponseCacheControl: 'private, no-store',
        }),
        signing(expiresInSeconds),
      );
    },

    async signedPutUrl(key, { size, contentType, expiresInSeconds }) {
      assertSize(size);
      assertContentType(contentType);
      const url = await getSignedUrl(
        signer,
        new PutObjectCommand({ Bucket, Key: objectKey(key), ContentLength: size, ContentType: contentType }),
        signing(expiresInSeconds),
      );
      return { url, method: 'PUT', headers: { 'content-type': contentType } };
    },

    async signedPartUrl(upload, partNumber, { expiresInSeconds }) {
      assertUpload(upload);
      const url = await getSignedUrl(
        signer,
        new UploadPartCommand({
          Bucket,
          Key: objectKey(upload.key),
          UploadId: upload.uploadId,
          PartNumber: partNumber,
          ContentLength: partSizeOf(upload, partNumber),
        }),
        signing(expiresInSeconds, 'size'),
      );
      return { url, method: 'PUT', headers: {} };
    },

    async purgeStale({ olderThan }) {
      // Nothing temporary lives on S3 but unfinished multipart uploads (their parts cost storage).
      return { uploadsAborted: await abortUploads(settings.prefix, olderThan), tempFilesRemoved: 0 };
    },
  };
  return storage;
};
