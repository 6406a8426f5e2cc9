import * as api from '@kontor/contract/api/bookings';
import type { Call } from '@kontor/contract/call';
import type { FastifyInstance } from 'fastify';
import { loadTypes } from '../../engine/record-types.service';
import { limitFormatOf } from '../../engine/record-values';
import { recordsService } from '../../engine/records.service';
import type { EnvContext } from '../../http/route';
import { answer, route } from '../../http/route';
import { dateFormatOf } from './bookings.record-hooks';
import * as service from './bookings.service';

/** The engine's records service for the request: bookings are saved like any record (rules and hooks). */
const records = async (ctx: EnvContext<Call>) =>
  recordsService({
    scope: ctx.scope,
    types: await loadTypes(ctx.scope, ctx.env.configUpdatedAt),
    t: ctx.t,
    writable: ctx.env.status === 'active',
    actor: ctx.env.role,
    now: ctx.deps.now(),
    limitFormat: limitFormatOf(ctx.language, await dateFormatOf(ctx.scope)),
  });

export const registerBookingsRoutes = (app: FastifyInstance): void => {
  route(app, api.bookingsOverview, { env: 'read', may: 'read' }, ({ scope, body }) =>
    service.bookingsOverview(scope, body.from, body.days),
  );
  route(app, api.createBooking, { env: 'write', may: 'records' }, async (ctx) =>
    answer(await service.createBooking(await records(ctx), ctx.body), ctx.t('bookings.saved')),
  );
  route(app, api.updateBooking, { env: 'write', may: 'records' }, async (ctx) =>
    answer(await service.updateBooking(await records(ctx), ctx.body, ctx.t), ctx.t('bookings.saved')),
  );
};
