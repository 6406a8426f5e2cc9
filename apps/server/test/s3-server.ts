import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import type { S3Settings } from '../src/storage/storage-url';

/**
 * An S3 server for tests, in this process: s3rver in a temp dir on a free loopback port, made to
 * behave like S3 where our storage contract depends on it and s3rver 3.7 does not:
 * - it checks presigned URLs' SigV4 signatures (s3rver checks only their expiry), so a tampered
 *   URL or one moved to another key is refused as by S3;
 * - it answers ListParts, AbortMultipartUpload and ListMultipartUploads (s3rver has none of them);
 * - its writes are atomic (s3rver writes objects and parts in place, so a reader could see half an
 *   object and an interrupted upload would leave one behind).
 */

const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';
const bucket = 'kontor-test';

export type TestS3 = Readonly<{ settings: S3Settings; directory: string; close: () => Promise<void> }>;

export const startTestS3 = async (): Promise<TestS3> => {
  const directory = await fsp.mkdtemp(path.join(os.tmpdir(), 'kontor-s3-'));
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  makeWritesAtomic(s3rver);
  const handle = s3rver.callback();
  const uploads = path.join(directory, bucket, '._S3rver_uploads');

  const server = http.createServer((req, res) => {
    void route(req, res).then((handled) => {
      if (!handled) handle(req, res);
    });
  });

  const route = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://s3');
    if (url.searchParams.has('X-Amz-Signature') && !presignatureHolds(req, url)) {
      return xmlError(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match.');
    }
    const [, bucketName, ...keyParts] = url.pathname.split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    const uploadId = url.searchParams.get('uploadId');
    if (bucketName !== bucket) return false;
    if (req.method === 'GET' && !key && url.searchParams.has('uploads')) {
      return xml(res, 200, await listUploads(uploads, url.searchParams.get('prefix') ?? ''));
    }
    if (req.method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
      const store = (s3rver as unknown as { store: Store }).store;
      return xml(res, 200, await listObjectsV2(store, url.searchParams));
    }
    if (!uploadId) return false;
    const dir = path.join(uploads, path.basename(uploadId));
    const known = await fsp
      .readFile(path.join(dir, 'key'), 'utf8')
      .then((k) => k === key)
      .catch(() => false);
    if (!known) return xmlError(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
    if (req.method === 'GET') return xml(res, 200, await listParts(dir, key, uploadId));
    if (req.method === 'DELETE') {
      await fsp.rm(dir, { recursive: true, force: true });
      res.writeHead(204).end();
      return true;
    }
    return false; // UploadPart, CompleteMultipartUpload: s3rver's own
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    directory,
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      publicEndpoint: undefined,
      region: 'us-east-1',
      bucket,
      prefix: 'tenant-files/',
      accessKeyId,
      secretAccessKey,
      forcePathStyle: true,
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fsp.rm(directory, { recursive: true, force: true });
    },
  };
};

// --- S3 operations s3rver lacks, on its own directory layout -----------------------------------------

const listParts = async (dir: string, key: string, uploadId: string) => {
  const names = await fsp.readdir(dir);
  // A part counts once its checksum file exists, i.e. once it arrived whole (see makeWritesAtomic).
  const numbers = names.filter((n) => /^\d+$/.test(n) && names.includes(`${n}.md5`)).map(Number);
  const parts = await Promise.all(
    numbers
      .sort((a, b) => a - b)
      .map(async (n) => {
        const stat = await fsp.stat(path.join(dir, String(n)));
        const md5 = await fsp.readFile(path.join(dir, `${n}.md5`), 'utf8');
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
      }),
  );
  return `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
};

const listUploads = async (uploads: string, prefix: string) => {
  const ids = await fsp.readdir(uploads).catch(() => [] as string[]);
  const entries: string[] = [];
  for (const id of ids) {
    const keyFile = path.join(uploads, id, 'key');
    const key = await fsp.readFile(keyFile, 'utf8').catch(() => undefined);
    if (key === undefined || !key.startsWith(prefix)) continue;
    const initiated = (await fsp.stat(keyFile)).mtime.toISOString();
    entries.push(
      `<Upload><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated></Upload>`,
    );
  }
  return `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${entries.join('')}</ListMultipartUploadsResult>`;
};

/**
 * ListObjectsV2 with its paging: s3rver's own makes its continuation token with DES, which the
 * OpenSSL of current Node no longer has (every truncated page failed with InternalError).
 */
const listObjectsV2 = async (store: Store, q: URLSearchParams) => {
  const token = q.get('continuation-token');
  const startAfter = token ? Buffer.from(token, 'base64url').toString('utf8') : (q.get('start-after') ?? '');
  const prefix = q.get('prefix') ?? '';
  const maxKeys = Math.min(1000, Number(q.get('max-keys') ?? 1000));
  const { objects, isTruncated } = await store.listObjects(bucket, { prefix, startAfter, maxKeys });
  const last = objects[objects.length - 1]?.key;
  const next = isTruncated && last ? Buffer.from(last).toString('base64url') : undefined;
  const contents = objects.map(
    (o) =>
      `<Contents><Key>${escapeXml(o.key)}</Key><LastModified>${o.lastModifiedDate.toISOString()}</LastModified><Size>${o.size}</Size></Contents>`,
  );
  return `<ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${objects.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${isTruncated}</IsTruncated>${next ? `<NextContinuationToken>${next}</NextContinuationToken>` : ''}${contents.join('')}</ListBucketResult>`;
};

// --- atomic writes --------------------------------------------------------------------------------

type StoredObject = { bucket: string; key: string; content: Readable | Buffer; metadata: unknown };
type Store = {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  listObjects(
    bucket: string,
    options: { prefix: string; startAfter: string; maxKeys: number },
  ): Promise<{ objects: { key: string; size: number; lastModifiedDate: Date }[]; isTruncated: boolean }>;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
  putPart(
    bucket: string,
    uploadId: string,
    partNumber: number,
    content: Readable,
  ): Promise<{ size: number; md5: string }>;
};

/** Bytes into a temp file, renamed into place only when the source ended normally. */
const writeAtomic = async (target: string, content: Readable | Buffer) => {
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  const md5 = createHash('md5');
  let size = 0;
  try {
    if (Buffer.isBuffer(content)) {
      await fsp.writeFile(temp, content);
      md5.update(content);
      size = content.length;
    } else {
      const count = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          md5.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      // pipeline sees a client that went away ('close' before 'end') as an error: nothing is renamed.
      await pipeline(content, count, fs.createWriteStream(temp));
    }
    await fsp.rename(temp, target);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
  return { size, md5: md5.digest('hex') };
};

const makeWritesAtomic = (s3rver: S3rver) => {
  const store = (s3rver as unknown as { store: Store }).store;
  store.putObject = async (object) => {
    const result = await writeAtomic(store.getResourcePath(object.bucket, object.key, 'object'), object.content);
    await store.putMetadata(object.bucket, object.key, object.metadata, result.md5);
    return result;
  };
  store.putPart = async (bucketName, uploadId, partNumber, content) => {
    const part = path.join(store.getResourcePath(bucketName, undefined, 'uploads'), uploadId, String(partNumber));
    await fsp.rm(`${part}.md5`, { force: true });
    const result = await writeAtomic(part, content);
    await fsp.writeFile(`${part}.md5`, result.md5);
    return result;
  };
};

// --- SigV4 query signatures (what s3rver leaves unchecked) -------------------------------------------

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

const presignatureHolds = (req: http.IncomingMessage, url: URL): boolean => {
  const q = url.searchParams;
  const [keyId, date, region, service] = (q.get('X-Amz-Credential') ?? '').split('/');
  const signedHeaders = q.get('X-Amz-SignedHeaders') ?? '';
  if (keyId !== accessKeyId || !date || !region || !service) return false;
  const query = [...q.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .sort()
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [
    req.method,
    (req.url ?? '/').split('?')[0],
    query,
    headers,
    signedHeaders,
    q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    q.get('X-Amz-Date'),
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return hmac(signingKey, toSign).toString('hex') === q.get('X-Amz-Signature');
};

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const xml = (res: http.ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  return true;
};

const xmlError = (res: http.ServerResponse, status: number, code: string, message: string) =>
  xml(res, status, `<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
