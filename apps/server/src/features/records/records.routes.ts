import * as api from '@kontor/contract/api/records';
import type { Call } from '@kontor/contract/call';
import type { FastifyInstance } from 'fastify';
import { listModelOneTrip, listModelSource } from '../../engine/list-models';
import { modelResults, searchModels } from '../../engine/model-selector.service';
import { loadTypes } from '../../engine/record-types.service';
import { limitFormatOf } from '../../engine/record-values';
import { recordsRepo } from '../../engine/records.repo';
import { type RecordsContext, recordsService } from '../../engine/records.service';
import { readableTypes, requireTypeRight, rightsOn } from '../../engine/type-access';
import { AppError } from '../../http/errors';
import type { EnvContext } from '../../http/route';
import { answer, route } from '../../http/route';

const recordsContext = async (ctx: EnvContext<Call>): Promise<RecordsContext> => ({
  scope: ctx.scope,
  types: await loadTypes(ctx.scope, ctx.env.configUpdatedAt),
  t: ctx.t,
  writable: ctx.env.status === 'active',
  actor: ctx.env.role,
  now: ctx.deps.now(),
});

export const registerRecordRoutes = (app: FastifyInstance): void => {
  route(app, api.loadRecordForm, { env: 'read', may: 'read' }, async (ctx) =>
    recordsService(await recordsContext(ctx)).load(ctx.body),
  );

  route(app, api.saveRecord, { env: 'write', may: 'records' }, async (ctx) => {
    const records = { ...(await recordsContext(ctx)), limitFormat: limitFormatOf(ctx.language, ctx.env.dateFormat) };
    return answer(await recordsService(records).save(ctx.body), ctx.t('records.saveSuccess'));
  });

  route(app, api.removeRecord, { env: 'write', may: 'records' }, async (ctx) =>
    answer(undefined, await recordsService(await recordsContext(ctx)).remove(ctx.body)),
  );

  route(app, api.recordTypeDetails, { env: 'read', may: 'read' }, async (ctx) => {
    const type = requireTypeRight(await recordsContext(ctx), ctx.body.type, 'read');
    const rights = rightsOn(type, ctx.env.role);
    return { ...type, count: await recordsRepo(ctx.scope).countByType(type.key), rights };
  });

  // Every model's rows come from the feature that registered it (engine/list-models.ts).
  route(
    app,
    api.simpleTableData,
    { env: 'read', may: 'read' },
    async (ctx) => {
      const { body, t } = ctx;
      const source = listModelSource(body.model);
      if (!source) throw new AppError('invalid', { message: t('records.unknownModel') });
      const { configUpdatedAt, role } = ctx.env;
      return source({ scope: ctx.scope, body, t, now: ctx.deps.now(), configUpdatedAt, role });
    },
    // The hottest call: a page travels with the guard's read in one round trip once its types are cached.
    { oneTrip: (body, expectedEnvId) => listModelOneTrip(body.model)?.(expectedEnvId, body) },
  );

  route(app, api.modelSelectorSearch, { env: 'read', may: 'read' }, async (ctx) =>
    searchModels(
      ctx.scope,
      readableTypes((await recordsContext(ctx)).types, ctx.env.role),
      ctx.body.selector,
      ctx.body.search,
      ctx.t,
    ),
  );

  route(app, api.modelSelectorResult, { env: 'read', may: 'read' }, async (ctx) =>
    modelResults(
      ctx.scope,
      readableTypes((await recordsContext(ctx)).types, ctx.env.role),
      ctx.body.selector,
      ctx.body.value,
      ctx.t,
    ),
  );
};
