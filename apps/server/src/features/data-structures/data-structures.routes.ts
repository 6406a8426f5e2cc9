import * as api from '@kontor/contract/api/data-structures';
import type { Call } from '@kontor/contract/call';
import type { FastifyInstance } from 'fastify';
import type { EnvScope } from '../../db/env-scope';
import { answer, type EnvCheckContext, type EnvContext, route } from '../../http/route';
import * as structures from './data-structures.service';

/** Every structure call reads the environment's types fresh: an editor must never act on a stale catalog. */
const context = async (
  ctx: Pick<EnvContext<Call>, 'deps' | 't'>,
  scope: EnvScope,
): Promise<structures.StructuresContext> => ({
  scope,
  types: await structures.freshTypes(scope),
  t: ctx.t,
  now: ctx.deps.now(),
});

/**
 * A structure change in its own tenant transaction (routes with `tx: false`; the sort keys of the
 * changed type follow inside it, engine/sort-fields.ts), so the search texts are rewritten once
 * the change is visible, after the commit.
 */
const changing = async <R>(
  ctx: EnvCheckContext<Call>,
  work: (c: structures.StructuresContext) => Promise<{ result: R; change: structures.StructureChange }>,
): Promise<R> => {
  const { result, change } = await ctx.deps.database.inEnv(ctx.env.id, ctx.user.id, async (scope) =>
    work(await context(ctx, scope)),
  );
  structures.afterSearchChange(ctx.deps, ctx.env.id, change.before, change.after);
  return result;
};

export const registerDataStructureRoutes = (app: FastifyInstance): void => {
  route(app, api.listStructures, { env: 'read', may: 'read' }, async (ctx) =>
    structures.listStructures(await context(ctx, ctx.scope)),
  );

  route(app, api.createStructure, { env: 'write', may: 'settings', tx: false }, async (ctx) =>
    answer(await changing(ctx, (c) => structures.createStructure(c, ctx.body)), ctx.t('structures.createSuccess')),
  );

  route(app, api.structureDetails, { env: 'read', may: 'read' }, async (ctx) =>
    structures.structureDetails(await context(ctx, ctx.scope), ctx.body.type),
  );

  route(app, api.saveStructure, { env: 'write', may: 'settings', tx: false }, async (ctx) =>
    answer(await changing(ctx, (c) => structures.saveStructure(c, ctx.body)), ctx.t('structures.saveSuccess')),
  );

  route(app, api.deleteStructure, { env: 'write', may: 'settings', tx: false }, async (ctx) => {
    await changing(ctx, async (c) => ({
      result: undefined,
      change: await structures.deleteStructure(c, ctx.body.key),
    }));
    return answer(undefined, ctx.t('structures.deleteSuccess'));
  });

  route(app, api.stylingDefinitions, { env: 'read', may: 'read' }, (ctx) => structures.stylingDefinitions(ctx.t));
};
