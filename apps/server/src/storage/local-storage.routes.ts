import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { translator } from '@kontor/contract/i18n/catalogs';
import type { MessageKey } from '@kontor/contract/i18n/de_sie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from './content-disposition';
import type { LocalStorage } from './local-driver';
import { type ByteRange, isStorageError, StorageError, type StorageErrorCode } from './storage';
import type { FileUrlClaims } from './url-token';

const t = translator('de_sie');

/** What a refusal answers: the envelope with the catalog's text (the link carries no language). */
const refusals: Record<StorageErrorCode, [number, MessageKey]> = {
  not_found: [404, 'files.notFound'],
  upload_not_found: [404, 'files.uploadNotFound'],
  too_large: [413, 'files.tooLarge'],
  incomplete: [400, 'files.incomplete'],
  invalid_range: [416, 'files.rangeNotSatisfiable'],
  conflict: [409, 'files.busy'],
  invalid_key: [403, 'files.linkInvalid'],
  invalid_argument: [400, 'common.invalidInput'],
};

/** A file answer never runs as a page of ours: no sniffing, no script, no plugin, no framing. */
const fileHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'private, no-store',
  'x-frame-options': 'DENY',
} as const;

type LocalStorageRouteOptions = Readonly<{
  /**
   * Whether the upload a PUT or part link was made for still takes bytes (the file manager: its
   * upload is in progress). Asked before a byte is read and, for a PUT, again after the write: bytes
   * that arrive for a finished, failed or removed upload are refused (409) and not kept. Without it
   * every genuine link writes until it expires.
   */
  acceptsUpload?: (link: Extract<FileUrlClaims, { op: 'put' | 'part' }>) => Promise<boolean>;
}>;

/**
 * The local driver's signed URLs: `GET|PUT {APP_URL}/files/{key}?token=…`. The token decides
 * everything (operation, key, size, names, expiry); a token for one key opens no other, so one
 * environment's link never reads another's file. Request bodies are not parsed: a PUT streams
 * straight to the driver's temp file. Registered by whoever serves files (the file manager); a
 * separate plugin so its catch-all body parser stays inside it.
 */
export const registerLocalStorageRoutes = async (
  app: FastifyInstance,
  storage: LocalStorage,
  options: LocalStorageRouteOptions = {},
): Promise<void> => {
  const { acceptsUpload } = options;
  await app.register(async (files) => {
    files.removeAllContentTypeParsers();
    // Leave the body unread: the handler streams `req.raw` itself, so no bodyLimit and no buffering.
    files.addContentTypeParser('*', (_req, _payload, done) => done(null));

    files.get('/files/*', async (req, reply) => {
      const claims = authorise(req, reply, storage);
      if (!claims) return reply;
      if (claims.op !== 'get') return refuse(reply, 'invalid_key');
      try {
        const range = await resolveSuffix(parseRange(req.headers.range), claims.key, storage);
        const { info, body, range: served } = await storage.get(claims.key, range);
        reply
          .headers(fileHeaders)
          .header('content-type', claims.contentType)
          .header('content-disposition', contentDisposition(claims.filename, claims.inline))
          .header('accept-ranges', 'bytes')
          .header('etag', `"${info.etag}"`)
          .header('last-modified', info.lastModified.toUTCString());
        if (served) {
          reply
            .status(206)
            .header('content-range', `bytes ${served.start}-${served.end}/${info.size}`)
            .header('content-length', served.end - served.start + 1);
        } else {
          reply.header('content-length', info.size);
        }
        return reply.send(body);
      } catch (error) {
        if (isStorageError(error, 'invalid_range')) {
          const size = (await storage.head(claims.key))?.size;
          if (size !== undefined) reply.header('content-range', `bytes */${size}`);
        }
        return fail(req, reply, error);
      }
    });

    files.put('/files/*', async (req, reply) => {
      const claims = authorise(req, reply, storage);
      if (!claims) return reply;
      if (claims.op === 'get') return refuse(reply, 'invalid_key');
      // A declared length above the signed size is refused before a byte is read.
      const declared = Number(req.headers['content-length'] ?? Number.NaN);
      if (declared > claims.size) return refuse(reply, 'too_large');
      try {
        if (acceptsUpload && !(await acceptsUpload(claims))) return closed(req, reply);
        const body = detachedBody(req.raw);
        const written =
          claims.op === 'put'
            ? await storage.put(claims.key, body, { size: claims.size, contentType: claims.contentType })
            : await storage.uploadPart(await storage.findUpload(claims.key, claims.uploadId), claims.partNumber, body);
        // Finished or given up while the bytes arrived: they belong to no upload any more. (A part
        // needs no second look: finish and failed end its multipart upload, so it is not written.)
        if (claims.op === 'put' && acceptsUpload && !(await acceptsUpload(claims))) {
          await storage.delete(claims.key);
          return closed(req, reply);
        }
        return reply.status(200).header('etag', `"${written.etag}"`).send({ status: 'success' });
      } catch (error) {
        return fail(req, reply, error);
      }
    });
  });
};

/** The token's claims, if it is genuine, unexpired and made for the key in the path; else a 403. */
function authorise(req: FastifyRequest, reply: FastifyReply, storage: LocalStorage) {
  const token = (req.query as { token?: unknown }).token;
  const key = (req.params as { '*'?: string })['*'];
  const check = typeof token === 'string' ? storage.verifyToken(token) : undefined;
  if (!check?.ok || check.claims.key !== key) {
    refuse(reply, 'invalid_key');
    return undefined;
  }
  return check.claims;
}

/**
 * The request's body as a stream the driver may destroy (it does when the bytes run over the
 * signed size) without destroying the request, and with it the socket, before the 413 is sent:
 * the rest of the body is then read and discarded (http/body-drain.ts) and the client gets the
 * answer (issue 28 item 4). A client that goes away still ends the driver's write, with an error.
 */
const detachedBody = (raw: IncomingMessage): PassThrough => {
  const body = new PassThrough();
  raw.pipe(body);
  const abandon = () => {
    if (!raw.complete) body.destroy(new Error('request aborted'));
  };
  raw.once('error', (error) => body.destroy(error));
  raw.once('close', abandon);
  body.once('close', () => {
    raw.off('close', abandon);
    raw.unpipe(body);
  });
  return body;
};

const refuse = (reply: FastifyReply, code: StorageErrorCode) => {
  const [status, message] = refusals[code];
  return refuseWith(reply, status, message);
};

const refuseWith = (reply: FastifyReply, status: number, message: MessageKey) =>
  reply
    .status(status)
    .headers(fileHeaders)
    .send({ status: 'error', message: t(message) });

/** The link's upload takes no bytes (any more); an unread body is not parsed as the next request. */
const closed = (req: FastifyRequest, reply: FastifyReply) => {
  if (!req.raw.complete) reply.header('connection', 'close');
  return refuseWith(reply, 409, 'files.uploadClosed');
};

const fail = (req: FastifyRequest, reply: FastifyReply, error: unknown) => {
  if (isStorageError(error)) {
    // The body was not read to its end: close the connection rather than parse the rest as a request.
    if (!req.raw.complete) reply.header('connection', 'close');
    return refuse(reply, error.code);
  }
  if (req.raw.aborted || req.raw.destroyed) {
    // The uploader went away (page reload, lost connection): nothing was stored, nothing to answer.
    req.log.info('upload interrupted by the client');
    return reply;
  }
  req.log.error({ err: error }, 'file request failed');
  return reply
    .status(500)
    .headers(fileHeaders)
    .send({ status: 'error', message: t('common.genericError') });
};

/** `bytes=-n` needs the size: the last n bytes, the whole file when it is shorter. */
const resolveSuffix = async (
  range: ReturnType<typeof parseRange>,
  key: string,
  storage: LocalStorage,
): Promise<ByteRange | undefined> => {
  if (!range || !('suffix' in range)) return range;
  const size = (await storage.head(key))?.size;
  if (size === undefined) throw new StorageError('not_found', 'no such object');
  if (range.suffix === 0) throw new StorageError('invalid_range', 'empty suffix range');
  return { start: Math.max(0, size - range.suffix) };
};

/**
 * `bytes=a-b`, `bytes=a-` and `bytes=-n` (the last n bytes); anything else, several ranges
 * included, is ignored and the whole file is sent, as RFC 9110 allows.
 */
const parseRange = (header: string | undefined): ByteRange | { suffix: number } | undefined => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') return { suffix: Number(match[2]) };
  return { start: Number(match[1]), end: match[2] === '' ? undefined : Number(match[2]) };
};
