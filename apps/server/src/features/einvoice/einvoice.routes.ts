import * as api from '@kontor/contract/api/einvoice';
import { translator } from '@kontor/contract/i18n/catalogs';
import type { FastifyInstance } from 'fastify';
import { trustedEnvId } from '../../db/env-scope';
import { loadTypes } from '../../engine/record-types.service';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { contentDisposition } from '../../storage/content-disposition';
import { environmentById } from '../environments/environments.service';
import { einvoiceDownloadLink, einvoiceFile, einvoiceFilePath } from './einvoice.service';
import { verifyEinvoiceLink } from './einvoice-links';

/** E-invoice downloads (issue 15): the signed link, and the file behind it. */
export const registerEinvoiceRoutes = (app: FastifyInstance): void => {
  route(app, api.einvoiceDownload, { env: 'read' }, async (ctx) =>
    einvoiceDownloadLink(
      {
        scope: ctx.scope,
        types: await loadTypes(ctx.scope, ctx.env.configUpdatedAt),
        t: ctx.t,
        now: ctx.deps.now(),
        secret: ctx.deps.config.fileUrlSecret,
      },
      ctx.body,
    ),
  );

  // No bearer token (a new tab cannot send one): the signed token names environment, user and file.
  app.get<{ Querystring: { token?: string } }>(einvoiceFilePath, async (req, reply) => {
    const { deps } = app;
    const t = translator('de_sie');
    const claims = verifyEinvoiceLink(deps.config.fileUrlSecret, String(req.query.token ?? ''), deps.now());
    if (!claims) throw new AppError('forbidden', { message: t('stages.linkInvalid') });
    const file = await deps.database.inEnv(trustedEnvId(claims.env), claims.user || null, async (scope) => {
      const env = await environmentById(scope);
      if (!env) throw new AppError('forbidden', { message: t('stages.linkInvalid') });
      const types = await loadTypes(scope, env.configUpdatedAt);
      return einvoiceFile(scope, types, t, claims);
    });
    const pdf = claims.format === 'zugferd';
    return reply
      .header('content-type', pdf ? 'application/pdf' : 'application/xml; charset=utf-8')
      .header('content-disposition', contentDisposition(file.filename, false))
      .header('content-length', file.bytes.length)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(file.bytes);
  });
};
