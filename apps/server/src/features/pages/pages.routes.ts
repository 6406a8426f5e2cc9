import { pageDetails as pageDetailsCall } from '@kontor/contract/api/pages';
import type { FastifyInstance } from 'fastify';
import { loadTypes } from '../../engine/record-types.service';
import { route } from '../../http/route';
import { pageDetails } from './pages.service';

/** Detail pages of records (spec 02 §2.1 /page/{page}, §7 pages/details). */
export const registerPageRoutes = (app: FastifyInstance): void => {
  route(app, pageDetailsCall, { env: 'read', may: 'read' }, async (ctx) =>
    pageDetails(
      {
        scope: ctx.scope,
        types: await loadTypes(ctx.scope, ctx.env.configUpdatedAt),
        t: ctx.t,
        language: ctx.language,
        actor: ctx.env.role,
      },
      ctx.body,
    ),
  );
};
