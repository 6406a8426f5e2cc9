import * as api from '@kontor/contract/api/einvoice';
import type { FastifyInstance } from 'fastify';
import type { EnvScope } from '../../db/env-scope';
import { isUuid } from '../../db/ids';
import { loadTypes } from '../../engine/record-types.service';
import { checkTypeRight, requireTypeRight } from '../../engine/type-access';
import { AppError } from '../../http/errors';
import { signedDownload } from '../../http/public-route';
import { answer, route } from '../../http/route';
import { contentDisposition } from '../../storage/content-disposition';
import { requireReadyFile, storageKey } from '../files/files.service';
import { einvoiceDownloadLink, einvoiceFile, einvoiceFilePath } from './einvoice.service';
import { checkImportSize, importEinvoice, readUploadedEinvoice, requireIncomingType } from './einvoice-import';
import { einvoiceLinks } from './einvoice-links';
import { readStoredBytes } from './einvoice-storage';

/** Imports per minute and client address (the route's rate limit). */
export const einvoiceImportsPerMinute = 20;

/** E-invoice downloads (issue 15): the signed link, and the file behind it. */
export const registerEinvoiceRoutes = (app: FastifyInstance): void => {
  route(app, api.einvoiceDownload, { env: 'read', may: 'read' }, async (ctx) => {
    const types = await loadTypes(ctx.scope, ctx.env.configUpdatedAt);
    requireTypeRight({ types, t: ctx.t, actor: ctx.env.role }, ctx.body.type, 'read');
    return einvoiceDownloadLink(
      { scope: ctx.scope, types, t: ctx.t, now: ctx.deps.now(), secret: ctx.deps.config.fileUrlSecret },
      ctx.body,
    );
  });

  // Three short steps, no transaction around the storage read: the file row and the type are
  // checked, the bytes read (bounded) and parsed in the import's worker, then the supplier and
  // the draft are written. Reading a file is the costly part, hence the per-minute limit per
  // address (issue 28 item 1).
  route(
    app,
    api.einvoiceImport,
    { env: 'write', may: 'records', tx: false },
    async (ctx) => {
      const { deps } = app;
      const inScope = <T>(work: (scope: EnvScope) => Promise<T>) => deps.database.inEnv(ctx.env.id, ctx.user.id, work);
      const file = await inScope(async (scope) => {
        const types = await loadTypes(scope, ctx.env.configUpdatedAt);
        // The import creates a record of the type (and perhaps a supplier): the role's create right first.
        checkTypeRight({ t: ctx.t, actor: ctx.env.role }, requireIncomingType(types, ctx.body.type, ctx.t), 'create');
        if (!isUuid(ctx.body.file)) throw new AppError('not_found', { key: 'einvoice.importFileNotFound' });
        const row = await requireReadyFile(scope, ctx.body.file);
        checkImportSize(row.size);
        return row;
      });
      const invoice = await readUploadedEinvoice(
        await readStoredBytes(deps.storage, storageKey(file, file.id), file.size),
      );
      const now = deps.now();
      const result = await inScope(async (scope) => {
        const types = await loadTypes(scope, ctx.env.configUpdatedAt);
        const type = requireIncomingType(types, ctx.body.type, ctx.t);
        const today = now.toISOString().slice(0, 10);
        return importEinvoice(
          { scope, types, t: ctx.t, writable: true, actor: ctx.env.role, now, today },
          type,
          invoice,
          file.id,
        );
      });
      return answer(
        result,
        ctx.t(result.findings.length > 0 ? 'einvoice.importDoneFindings' : 'einvoice.importDone', {
          count: String(result.findings.length),
        }),
      );
    },
    { perMinute: einvoiceImportsPerMinute },
  );

  // No bearer token (a new tab cannot send one): the signed token names environment, user and file.
  signedDownload(
    app,
    { path: einvoiceFilePath, module: 'documents', verify: einvoiceLinks(app.deps.config.fileUrlSecret).verify },
    async ({ reply, inEnv, env, t, claims }) => {
      const file = await inEnv(async (scope) =>
        einvoiceFile(scope, await loadTypes(scope, env.configUpdatedAt), t, claims),
      );
      const pdf = claims.format === 'zugferd';
      return reply
        .header('content-type', pdf ? 'application/pdf' : 'application/xml; charset=utf-8')
        .header('content-disposition', contentDisposition(file.filename, false))
        .header('content-length', file.bytes.length)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(file.bytes);
    },
  );
};
