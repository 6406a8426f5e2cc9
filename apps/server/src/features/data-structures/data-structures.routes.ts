import * as api from '@kontor/contract/api/data-structures';
import type { Call } from '@kontor/contract/call';
import type { FastifyInstance } from 'fastify';
import { answer, type EnvContext, route } from '../../http/route';
import * as structures from './data-structures.service';

/** Every structure call reads the environment's types fresh: an editor must never act on a stale catalog. */
const context = async (ctx: EnvContext<Call>): Promise<structures.StructuresContext> => ({
  scope: ctx.scope,
  types: await structures.freshTypes(ctx.scope),
  t: ctx.t,
  now: ctx.deps.now(),
});

export const registerDataStructureRoutes = (app: FastifyInstance): void => {
  route(app, api.listStructures, { env: 'read' }, async (ctx) => structures.listStructures(await context(ctx)));

  route(app, api.createStructure, { env: 'write' }, async (ctx) =>
    answer(await structures.createStructure(await context(ctx), ctx.body), ctx.t('structures.createSuccess')),
  );

  route(app, api.structureDetails, { env: 'read' }, async (ctx) =>
    structures.structureDetails(await context(ctx), ctx.body.type),
  );

  route(app, api.saveStructure, { env: 'write' }, async (ctx) =>
    answer(await structures.saveStructure(await context(ctx), ctx.body), ctx.t('structures.saveSuccess')),
  );

  route(app, api.deleteStructure, { env: 'write' }, async (ctx) => {
    await structures.deleteStructure(await context(ctx), ctx.body.key);
    return answer(undefined, ctx.t('structures.deleteSuccess'));
  });

  route(app, api.stylingDefinitions, { env: 'read' }, (ctx) => structures.stylingDefinitions(ctx.t));
};
