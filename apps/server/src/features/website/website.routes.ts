import * as api from '@kontor/contract/api/website';
import type { FastifyInstance } from 'fastify';
import { answer, route } from '../../http/route';
import * as service from './website.service';

/** The website manager's calls (spec 02 §7 "Website manager"). */
export const registerWebsiteRoutes = (app: FastifyInstance): void => {
  const site = (ctx: {
    scope: service.SiteContext['scope'];
    deps: FastifyInstance['deps'];
    t: service.SiteContext['t'];
    env: { slug: string };
  }) => ({
    scope: ctx.scope,
    now: ctx.deps.now(),
    t: ctx.t,
    appUrl: ctx.deps.config.appUrl,
    slug: ctx.env.slug,
  });

  route(app, api.websiteStats, { env: 'read', may: 'read' }, ({ scope, deps }) =>
    service.websiteStats(scope, deps.now()),
  );
  route(app, api.websiteDetails, { env: 'read', may: 'read' }, (ctx) => service.websiteDetails(site(ctx)));
  route(app, api.designsList, { env: 'read', may: 'read' }, () => service.designsList());
  route(app, api.changeDesign, { env: 'write', may: 'settings' }, (ctx) =>
    service.changeDesign(site(ctx), ctx.body.design),
  );
  route(app, api.designDetails, { env: 'read', may: 'read' }, ({ body, t }) => service.designDetails(body.design, t));
  route(app, api.saveDesign, { env: 'write', may: 'settings' }, async (ctx) =>
    answer(await service.saveDesign(site(ctx), ctx.body.website.design_config), ctx.t('website.design.saved')),
  );
  route(app, api.websitePages, { env: 'read', may: 'read' }, ({ scope }) => service.websitePages(scope));
  route(app, api.pageDetails, { env: 'read', may: 'read' }, ({ scope, body, t }) =>
    service.pageDetails(scope, body.id, t),
  );
  route(app, api.savePage, { env: 'write', may: 'records' }, async (ctx) =>
    answer(await service.savePage(site(ctx), ctx.body.id, ctx.body.page), ctx.t('website.page.saved')),
  );
  route(app, api.removePage, { env: 'write', may: 'records' }, async (ctx) => {
    await service.removePage(site(ctx), ctx.body.id);
    return answer(undefined, ctx.t('website.pages.removed'));
  });
  route(app, api.designBlocks, { env: 'read', may: 'read' }, ({ scope, deps }) =>
    service.designBlocks(scope, deps.now()),
  );
  route(app, api.websiteInterfaces, { env: 'read', may: 'read' }, () => service.interfaceList.map((i) => ({ ...i })));
  route(app, api.saveSettings, { env: 'write', may: 'settings' }, async (ctx) =>
    answer(await service.saveSettings(site(ctx), ctx.body.website), ctx.t('website.settings.saved')),
  );
  route(app, api.addMenu, { env: 'write', may: 'records' }, (ctx) => service.addMenu(site(ctx), ctx.body.title));
  route(app, api.saveMenu, { env: 'write', may: 'records' }, async (ctx) =>
    answer(await service.saveMenu(site(ctx), ctx.body.menu, ctx.body.data), ctx.t('website.menus.saved')),
  );
};
