import * as api from '@kontor/contract/api/website';
import type { FastifyInstance } from 'fastify';
import type { EnvScope } from '../../db/env-scope';
import { answer, route } from '../../http/route';
import { lookupTxt } from '../../net/dns';
import { confirmHost, hostCheckTimeoutMs, hostClaim } from './host-verification';
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
  // Issue 30 item 2: the DNS lookup runs between two short tenant transactions, never inside one.
  route(
    app,
    api.verifyHost,
    { env: 'write', may: 'settings', tx: false },
    async (ctx) => {
      const inScope = <T>(work: (scope: EnvScope) => Promise<T>) =>
        ctx.deps.database.inEnv(ctx.env.id, ctx.user.id, work);
      const claim = await inScope((scope) => hostClaim(site({ ...ctx, scope })));
      const found = claim.verified
        ? { records: [] }
        : await lookupTxt(ctx.deps.resolveTxt, claim.record.name, hostCheckTimeoutMs);
      const website = await inScope((scope) => confirmHost(site({ ...ctx, scope }), claim, found));
      return answer(website, ctx.t('website.host.checkSuccess', { host: claim.host }));
    },
    { perMinute: 20 },
  );
  route(app, api.addMenu, { env: 'write', may: 'records' }, (ctx) => service.addMenu(site(ctx), ctx.body.title));
  route(app, api.saveMenu, { env: 'write', may: 'records' }, async (ctx) =>
    answer(await service.saveMenu(site(ctx), ctx.body.menu, ctx.body.data), ctx.t('website.menus.saved')),
  );
};
