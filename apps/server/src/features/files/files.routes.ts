import * as api from '@kontor/contract/api/files';
import type { FastifyInstance } from 'fastify';
import { type EnvId, trustedEnvId } from '../../db/env-scope';
import { listPublicRoute } from '../../http/public-route';
import { route } from '../../http/route';
import { registerLocalStorageRoutes } from '../../storage/local-storage.routes';
import * as service from './files.service';
import * as uploads from './uploads.service';

type Caller = Readonly<{ env: { id: EnvId }; user: { id: string } }>;

/** Short tenant transactions around storage work (routes with `tx: false`). */
const scoped =
  (app: FastifyInstance, ctx: Caller): uploads.InScope =>
  (work) =>
    app.deps.database.inEnv(ctx.env.id, ctx.user.id, work);

/**
 * The file manager's calls. Calls that wait on the storage (start, finish, failed, delete) run
 * without the request-wide transaction: a slow storage must not hold a database turn.
 */
export const registerFilesRoutes = (app: FastifyInstance): void => {
  const { deps } = app;

  route(app, api.prepareUpload, { env: 'write', may: 'records' }, ({ scope, body, t }) =>
    uploads.prepareUpload(scope, deps.config.fileLimits, body, deps.now(), t),
  );
  route(app, api.startUpload, { env: 'write', may: 'records', tx: false }, (ctx) =>
    uploads.startUpload(scoped(app, ctx), deps.storage, ctx.body.id, deps.now),
  );
  route(app, api.uploadPartUrls, { env: 'write', may: 'records' }, ({ scope, body, t }) =>
    uploads.partUrls(scope, deps.storage, body.id, body.parts, t),
  );
  route(app, api.finishUpload, { env: 'write', may: 'records', tx: false }, (ctx) =>
    uploads.finishUpload(scoped(app, ctx), deps.storage, ctx.body.id, deps.now),
  );
  route(app, api.failedUpload, { env: 'write', may: 'records', tx: false }, async (ctx) => {
    if (ctx.body.error) ctx.req.log.info({ file: ctx.body.id, error: ctx.body.error.slice(0, 200) }, 'upload failed');
    await uploads.failUpload(scoped(app, ctx), deps.storage, ctx.body.id);
  });

  route(app, api.previewUrls, { env: 'read', may: 'read' }, ({ scope, body }) =>
    service.previewUrls(scope, deps.storage, body.files),
  );
  route(app, api.fileDetails, { env: 'read', may: 'read' }, ({ scope, body }) => service.fileDetails(scope, body.id));
  route(app, api.directoryListing, { env: 'read', may: 'read' }, ({ scope, body }) =>
    service.listDirectory(scope, body.id, body.page ?? 1),
  );
  route(app, api.directoryTree, { env: 'read', may: 'read' }, ({ scope }) => service.directoryTree(scope));
  route(app, api.createDirectory, { env: 'write', may: 'records' }, ({ scope, body, t }) =>
    service.createDirectory(scope, body.location, body.name, deps.now(), t),
  );
  route(app, api.renameEntry, { env: 'write', may: 'records' }, ({ scope, body, t }) =>
    service.renameEntry(scope, body.type, body.id, body.name, deps.now(), t),
  );
  route(app, api.deleteEntry, { env: 'write', may: 'records', tx: false }, async (ctx) => {
    const { removed, leftovers } = await scoped(
      app,
      ctx,
    )((scope) => service.deleteEntry(scope, ctx.body.type, ctx.body.id));
    // After the commit, so a rollback never leaves rows without bytes; a failure here is logged.
    await service
      .dropLeftovers(deps.storage, leftovers)
      .catch((err: unknown) => ctx.req.log.warn({ err }, 'deleted files left bytes behind'));
    return { removed };
  });
  route(app, api.downloadFile, { env: 'read', may: 'read' }, ({ scope, body }) =>
    service.downloadUrl(scope, deps.storage, body.id),
  );
};

/**
 * The local driver's signed file URLs (`/files/…?token=`), outside the JSON API. An upload link
 * writes only while its upload is in progress (the environment comes from the signed key, so the
 * id is ours: `trustedEnvId`).
 */
export const registerFileServing = async (app: FastifyInstance): Promise<void> => {
  const { deps } = app;
  if (deps.storage.driver !== 'local') return;
  // S3's stand-in: its tokens name a storage key, not an environment (storage/url-token.ts), so the
  // routes stay the driver's; listed, so the suites walk them with every other public address.
  listPublicRoute(app, { kind: 'download', method: 'GET', path: '/files/*', find: 'token', module: 'documents' });
  listPublicRoute(app, { kind: 'upload', method: 'PUT', path: '/files/*', find: 'token', module: 'documents' });
  const inEnv: uploads.InEnv = (envId) => (work) => deps.database.inEnv(trustedEnvId(envId), null, work);
  await registerLocalStorageRoutes(app, deps.storage, {
    acceptsUpload: (link) => uploads.acceptsUploadBytes(inEnv, link),
  });
};
