import * as exportsApi from '@kontor/contract/api/export-templates';
import { recordExportPreview } from '@kontor/contract/api/records';
import * as api from '@kontor/contract/api/stages';
import type { Call } from '@kontor/contract/call';
import type { FastifyInstance } from 'fastify';
import { loadTypes } from '../../engine/record-types.service';
import { signedDownload } from '../../http/public-route';
import { answer, type EnvContext, route } from '../../http/route';
import { contentDisposition } from '../../storage/content-disposition';
import { einvoiceProblems, freezeEinvoice } from '../einvoice/einvoice.service';
import { environmentById } from '../environments/environments.service';
import { storeSystemFile } from '../files/files.service';
import { exportFilePath, exportLinks } from './export-links';
import { copyExport, deleteExport, type ExportsContext, exportFile, previewLinks } from './exports.service';
import { listNumberRanges, saveNumberRange } from './number-ranges.service';
import { changeStage, type StagesContext, stageDetails, stageHistory } from './stages.service';

const stagesContext = async (ctx: EnvContext<Call>): Promise<StagesContext> => {
  const env = await environmentById(ctx.scope);
  const types = await loadTypes(ctx.scope, ctx.env.configUpdatedAt);
  return {
    scope: ctx.scope,
    types,
    t: ctx.t,
    now: ctx.deps.now(),
    actor: ctx.env.role,
    userName: `${ctx.user.firstname} ${ctx.user.name}`.trim() || ctx.user.email,
    dateFormat: env?.defaultDateformat ?? 'DD.MM.YYYY',
    archive: ({ filename, bytes }) =>
      storeSystemFile(ctx.scope, ctx.deps.storage, {
        folder: ctx.t('stages.archiveFolder'),
        filename,
        body: bytes,
        now: ctx.deps.now(),
      }),
    einvoice: ({ type, recordId, frozen, data }) =>
      freezeEinvoice(ctx.scope, types, type, { recordId, frozen, data, now: ctx.deps.now(), t: ctx.t }),
    einvoiceProblems: (type, data) => einvoiceProblems(ctx.scope, types, type, data, ctx.t),
  };
};

const exportsContext = async (ctx: EnvContext<Call>): Promise<ExportsContext> => ({
  scope: ctx.scope,
  types: await loadTypes(ctx.scope, ctx.env.configUpdatedAt),
  t: ctx.t,
  now: ctx.deps.now(),
  actor: ctx.env.role,
});

/** Stages, exports and frozen documents (spec 02 §4, §7). */
export const registerStageRoutes = (app: FastifyInstance): void => {
  route(app, api.stageDetails, { env: 'read', may: 'read' }, async (ctx) =>
    stageDetails(await stagesContext(ctx), ctx.body),
  );

  route(app, api.stageChange, { env: 'write', may: 'records' }, async (ctx) =>
    answer(await changeStage(await stagesContext(ctx), ctx.body), ctx.t('stages.changed')),
  );

  route(app, api.stageHistory, { env: 'read', may: 'read' }, async (ctx) =>
    stageHistory(await stagesContext(ctx), ctx.body),
  );

  route(
    app,
    recordExportPreview,
    { env: 'read', may: 'read' },
    async (ctx) => previewLinks(await exportsContext(ctx), ctx.deps.config.fileUrlSecret, ctx.body),
    { get: true },
  );

  route(app, exportsApi.copyExport, { env: 'write', may: 'settings' }, async (ctx) =>
    answer(await copyExport(await exportsContext(ctx), ctx.body), ctx.t('stages.exportCopied')),
  );

  route(app, exportsApi.deleteExport, { env: 'write', may: 'settings' }, async (ctx) => {
    await deleteExport(await exportsContext(ctx), ctx.body);
    return answer(undefined, ctx.t('stages.exportDeleted'));
  });

  // Issue 31: number ranges, read by every member, changed with the settings right.
  route(app, api.numberRanges, { env: 'read', may: 'read' }, async (ctx) =>
    listNumberRanges(ctx.scope, await loadTypes(ctx.scope, ctx.env.configUpdatedAt), ctx.deps.now()),
  );

  route(app, api.saveNumberRange, { env: 'write', may: 'settings' }, async (ctx) =>
    answer(
      await saveNumberRange(ctx.scope, {
        types: await loadTypes(ctx.scope, ctx.env.configUpdatedAt),
        body: ctx.body,
        now: ctx.deps.now(),
        t: ctx.t,
      }),
      ctx.t('stages.rangeSaved'),
    ),
  );

  // The PDF behind a preview link: no bearer token (an iframe cannot send one), the signed token decides.
  signedDownload(
    app,
    { path: exportFilePath, module: 'documents', verify: exportLinks(app.deps.config.fileUrlSecret).verify },
    async ({ reply, inEnv, env, t, deps, claims }) => {
      // The link was signed after the member's read check (previewLinks).
      const { bytes, filename } = await inEnv(async (scope) =>
        exportFile(
          { scope, types: await loadTypes(scope, env.configUpdatedAt), t, now: deps.now(), actor: 'system' },
          claims,
        ),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(filename, claims.inline))
        .header('content-length', bytes.length)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
        .send(bytes);
    },
  );
};
