import type { QueryFormLink as PortalLink } from '@kontor/contract/api/record-types';
import type { Language, Translate } from '@kontor/contract/i18n/catalogs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EnvScope } from '../../db/env-scope';
import { isUuid } from '../../db/ids';
import { AppError } from '../../http/errors';
import { type PageContext, publicPages } from '../../http/public-route';
import { html, type SafeHtml } from '../../public/html';
import { htmlDocument, sendPage } from '../../public/public-page';
import {
  answerOfCustomer,
  answerSheet,
  answersOfCustomer,
  applyAnswerToRecords,
  checkAnswers,
  type FormPageModel,
  formPage,
  formsByIds,
  groupPosted,
  loadBrand,
  maxAnswerChars,
  pageStyle,
  postedInTime,
  type RawAnswers,
  signatureScript,
  storeAnswer,
  timeTokens,
  updateCustomerAnswer,
} from '../query-forms/public-forms.service';
import { portalTitle, portalUrl } from '../settings/portals.service';
import {
  closeSession,
  openSession,
  type PortalCustomer,
  portalLinks,
  requestLoginLink,
  sessionCustomer,
  sessionLifetimeMs,
} from './portal.service';
import { portalCookie, portalCsrf, portalPath, readCookie } from './portal-csrf';

const cookieName = 'kontor_portal';

/** A page to send: built inside a transaction, sent after it. */
type View = { status: number; title: string; body: SafeHtml; scripts?: string[] };
type Portal = Readonly<{
  slug: string;
  title: string;
  company: string;
  envId: string;
  configUpdatedAt: Date;
}>;
type Ctx = Readonly<{
  portal: Portal;
  /** The portal environment's tenant scope (the binder's). */
  inEnv: <T>(work: (scope: EnvScope) => Promise<T>) => Promise<T>;
  t: Translate;
  language: Language;
  brand: { title: string; logoUrl: string | null };
  imgSources: string[];
  /** The CSRF token of this page's forms (issue 30). */
  csrf: string;
}>;
type Page<P = { slug: string }> = PageContext<P>;

const dateTime = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

/**
 * The customer portal at /portal/{url_slug} (CLARIFICATIONS "Public addresses"), rendered on the
 * server. Customers (contact or customer records with an e-mail) log in by a one-time link mailed
 * through the outbox; their session is a cookie of its own (HttpOnly, SameSite=Lax, only for this
 * portal's path), stored apart from staff sessions: it is never a bearer token, so no staff call
 * (/api/*) accepts it. They fill the forms linked to their record type with portal_fillable.
 */
export const registerPortalPages = async (app: FastifyInstance): Promise<void> => {
  const { deps } = app;
  const { sign, issuedAt } = timeTokens(deps.config.fileUrlSecret);
  const csrf = portalCsrf({ secret: deps.config.fileUrlSecret, secure: deps.config.production });
  const base = (portal: Portal) => portalPath(portal.slug);

  /** The portal of the page (the binder found its environment by the portal's slug); its forms get a CSRF token. */
  const load = async (page: Page): Promise<Ctx> => {
    const { env, t, params } = page;
    const { title, brand } = await page.inEnv(async (scope) => {
      const own = await portalTitle(scope);
      return { title: own, brand: await loadBrand(scope, deps.storage, own || env.name, t) };
    });
    return {
      portal: { slug: params.slug, title, company: env.name, envId: env.id, configUpdatedAt: env.configUpdatedAt },
      inEnv: page.inEnv,
      t,
      language: page.language,
      brand: { title: brand.title, logoUrl: brand.logoUrl },
      imgSources: brand.imgSources,
      csrf: csrf.issue(page.req, page.reply, params.slug, deps.now().getTime()),
    };
  };

  const send = (
    reply: FastifyReply,
    status: number,
    title: string,
    body: SafeHtml,
    ctx?: Ctx,
    scripts: string[] = [],
  ) =>
    sendPage(reply, status, htmlDocument({ title, body, style: pageStyle }), {
      styles: [pageStyle],
      formAction: 'self',
      scripts,
      imgSources: ctx?.imgSources ?? [],
    });
  const sendView = (reply: FastifyReply, view: View, ctx?: Ctx) =>
    send(reply, view.status, view.title, view.body, ctx, view.scripts);

  /** Inside a page's transaction: an unknown form or answer is the catalog's 404 in the portal's frame. */
  const notFoundView = (ctx: Ctx): View => ({
    status: 404,
    title: ctx.t('public.notFoundTitle'),
    body: html`<main><div class="card center"><h1>${ctx.t('public.notFoundTitle')}</h1><p>${ctx.t('public.notFoundText')}</p></div></main>`,
  });

  const csrfField = (ctx: Ctx) => html`<input type="hidden" name="_csrf" value="${ctx.csrf}">`;
  const logoutNav = (ctx: Ctx) =>
    html`<form method="post" action="${base(ctx.portal)}/logout">${csrfField(ctx)}<button type="submit">${ctx.t('queryForms.portalLogout')}</button></form>`;

  const shell = (ctx: Ctx, inner: SafeHtml, nav?: SafeHtml) =>
    html`${brandHeader(ctx, nav)}<main><div class="card stack">${inner}</div></main>`;
  const brandHeader = (ctx: Ctx, nav?: SafeHtml) =>
    html`<header><div class="brand">${ctx.brand.logoUrl ? html`<img src="${ctx.brand.logoUrl}" alt="">` : ''}<span>${ctx.portal.title || ctx.portal.company}</span>${nav ? html`<nav class="nav">${nav}</nav>` : ''}</div></header>`;

  const loginPage = (ctx: Ctx, notice?: SafeHtml) =>
    shell(
      ctx,
      html`<p class="item-meta">${ctx.portal.company}</p><h1>${ctx.portal.title || ctx.portal.company}</h1>${notice ?? ''}
<h2>${ctx.t('queryForms.portalLoginTitle')}</h2><p>${ctx.t('queryForms.portalLoginIntro')}</p>
<form method="post" action="${base(ctx.portal)}/login" novalidate>${csrfField(ctx)}
<div class="hp" aria-hidden="true"><label for="hp-website">${ctx.t('queryForms.publicHoneypot')}</label><input type="text" id="hp-website" name="website" tabindex="-1" autocomplete="off"></div>
<label for="portal-email">${ctx.t('queryForms.portalEmail')}</label>
<input type="text" inputmode="email" id="portal-email" name="email" autocomplete="email" maxlength="254" required>
<div class="actions"><button type="submit" class="primary">${ctx.t('queryForms.portalSendLink')}</button></div></form>`,
    );

  /** `editable` lets the customer change an answer; a filled_once form's answer stays as given. */
  const canEdit = (link: PortalLink, form: { filledOnce: boolean }) => link.editable && !form.filledOnce;
  const answerButton = (ctx: Ctx, answerId: string, editable: boolean) =>
    html`<a class="button" href="${base(ctx.portal)}/answers/${answerId}">${editable ? ctx.t('queryForms.portalEdit') : ctx.t('queryForms.portalView')}</a>`;
  /** In the history, each answer of a form still linked opens for editing or reading. */
  const historyAction = (
    ctx: Ctx,
    answer: { id: string },
    link: PortalLink | undefined,
    form: { filledOnce: boolean } | undefined,
  ) => (link && form ? answerButton(ctx, answer.id, canEdit(link, form)) : '');

  /** The portal's home: the customer's forms (required ones marked) and what they filled in. */
  const homePage = async (scope: EnvScope, ctx: Ctx, customer: PortalCustomer, notice?: SafeHtml) => {
    const links = await portalLinks(scope, customer, ctx.portal.configUpdatedAt, ctx.t);
    const forms = new Map(
      (
        await formsByIds(
          scope,
          links.map((l) => l.form),
        )
      ).map((f) => [f.id, f]),
    );
    const answers = await answersOfCustomer(scope, customer.id);
    const items = links.flatMap((link) => {
      const form = forms.get(link.form);
      if (!form) return [];
      const mine = answers.filter((a) => a.formId === form.id);
      const first = mine[0];
      const once = form.filledOnce || !link.multiple;
      // One answer per customer: the filled one opens for editing or reading; else a new answer.
      const action =
        first && once
          ? answerButton(ctx, first.id, canEdit(link, form))
          : html`<a class="button" href="${base(ctx.portal)}/forms/${form.id}">${first ? ctx.t('queryForms.portalFillAgain') : ctx.t('queryForms.portalFill')}</a>`;
      return [
        html`<li class="item"><div class="item-main"><p class="item-title">${form.title}${link.portal_requirement && !first ? html`<span class="badge">${ctx.t('queryForms.portalRequired')}</span>` : ''}</p>
${first ? html`<p class="item-meta">${ctx.t('queryForms.portalFilledOn', { date: dateTime.format(first.createdAt) })}</p>` : ''}</div>${action}</li>`,
      ];
    });
    const linkOf = new Map(links.map((l) => [l.form, l]));
    const titles = new Map([...forms.values()].map((f) => [f.id, f.title]));
    return shell(
      ctx,
      html`<h1>${ctx.t('queryForms.portalWelcome', { name: customer.name })}</h1>${notice ?? ''}
<h2>${ctx.t('queryForms.portalForms')}</h2>
${items.length ? html`<ul class="list">${items}</ul>` : html`<p>${ctx.t('queryForms.portalNoForms')}</p>`}
<h2>${ctx.t('queryForms.portalHistory')}</h2>
${
  answers.length
    ? html`<ul class="list">${answers.map(
        (a) =>
          html`<li class="item"><div class="item-main"><p class="item-title">${titles.get(a.formId) ?? ctx.t('queryForms.unknown')}</p><p class="item-meta">${ctx.t('queryForms.portalFilledOn', { date: dateTime.format(a.createdAt) })}</p></div>${historyAction(ctx, a, linkOf.get(a.formId), forms.get(a.formId))}</li>`,
      )}</ul>`
    : html`<p>${ctx.t('queryForms.portalNoHistory')}</p>`
}`,
      logoutNav(ctx),
    );
  };

  /** A form the customer may fill: linked with portal_fillable; the existing answer when one per customer. */
  const formFor = async (scope: EnvScope, ctx: Ctx, customer: PortalCustomer, formId: string) => {
    if (!isUuid(formId)) return null;
    const link = (await portalLinks(scope, customer, ctx.portal.configUpdatedAt, ctx.t)).find((l) => l.form === formId);
    const [form] = link ? await formsByIds(scope, [formId]) : [];
    if (!link || !form) return null;
    const mine = (await answersOfCustomer(scope, customer.id)).filter((a) => a.formId === form.id);
    const once = form.filledOnce || !link.multiple;
    const existing = once ? mine[0] : undefined;
    return { link, form, existing, editable: canEdit(link, form) };
  };

  /** One of the customer's own answers, of a form still linked to them; anything else is null (404). */
  const answerFor = async (scope: EnvScope, ctx: Ctx, customer: PortalCustomer, answerId: string) => {
    const answer = await answerOfCustomer(scope, answerId, customer.id);
    if (!answer) return null;
    const link = (await portalLinks(scope, customer, ctx.portal.configUpdatedAt, ctx.t)).find(
      (l) => l.form === answer.formId,
    );
    const [form] = link ? await formsByIds(scope, [answer.formId]) : [];
    if (!link || !form) return null;
    return { link, form, existing: answer, editable: canEdit(link, form) };
  };
  type Fillable = NonNullable<Awaited<ReturnType<typeof formFor>>>;

  // The time token names its form (issue 30): a stamp of another form or environment is refused.
  const stampOf = (ctx: Ctx, form: { id: string }) => ({
    via: 'portal' as const,
    envId: ctx.portal.envId,
    formId: form.id,
  });

  const formModel = (
    ctx: Ctx,
    form: { id: string; title: string; definition: FormPageModel['definition'] },
    action: string,
    parts: Partial<FormPageModel>,
  ): FormPageModel => ({
    brand: { title: ctx.portal.title || ctx.portal.company, logoUrl: ctx.brand.logoUrl },
    title: form.title,
    definition: form.definition,
    values: {},
    errors: {},
    rows: {},
    action,
    timeToken: sign(deps.now().getTime(), stampOf(ctx, form)),
    csrf: ctx.csrf,
    t: ctx.t,
    nav: html`<a class="secondary-link" href="${base(ctx.portal)}">${ctx.t('queryForms.portalBack')}</a>${logoutNav(ctx)}`,
    ...parts,
  });

  const formView = (status: number, model: FormPageModel): View => ({
    status,
    title: model.title,
    body: formPage(model),
    scripts: model.definition.some((q) => q.questionType === 'signature') ? [signatureScript] : [],
  });

  type Answer = NonNullable<Fillable['existing']>;
  const answerPath = (ctx: Ctx, answer: { id: string }) => `${base(ctx.portal)}/answers/${answer.id}`;

  /** An existing answer: the filled form when the customer may change it, else the answer to read. */
  const answerView = (ctx: Ctx, found: Fillable, answer: Answer, status = 200, notice?: SafeHtml): View => {
    if (found.editable) {
      const values = answer.data as RawAnswers;
      return formView(status, formModel(ctx, found.form, answerPath(ctx, answer), { values }));
    }
    return {
      status,
      title: found.form.title,
      body: shell(
        ctx,
        html`<h1>${found.form.title}</h1>${notice ?? ''}<p class="item-meta">${ctx.t('queryForms.portalFilledOn', { date: dateTime.format(answer.createdAt) })}</p>
<p class="note">${ctx.t('queryForms.portalReadOnly')}</p>
${answerSheet(found.form.definition, answer.data as Record<string, unknown>, ctx.t)}
<p><a class="secondary-link" href="${base(ctx.portal)}">${ctx.t('queryForms.portalBack')}</a></p>`,
        logoutNav(ctx),
      ),
    };
  };

  const csrfRefused = (ctx: Ctx): View => ({
    status: 403,
    title: ctx.t('queryForms.portalCsrfTitle'),
    body: shell(
      ctx,
      html`<h1>${ctx.t('queryForms.portalCsrfTitle')}</h1><p>${ctx.t('queryForms.portalCsrfText')}</p>
<p><a class="secondary-link" href="${base(ctx.portal)}">${ctx.t('queryForms.portalBack')}</a></p>`,
    ),
  });

  const alreadyFilled = async (scope: EnvScope, ctx: Ctx, customer: PortalCustomer): Promise<View> => ({
    status: 409,
    title: ctx.t('queryForms.publicClosedTitle'),
    body: await homePage(
      scope,
      ctx,
      customer,
      html`<div class="summary" role="alert"><h2>${ctx.t('queryForms.alreadyFilled')}</h2></div>`,
    ),
  });

  /**
   * A posted answer: checked, copied into the customer's record through the link's mapping, then
   * stored — as a change of `found.existing` when there is one (only where `editable`), else new.
   */
  const saveAnswer = async (
    params: URLSearchParams,
    action: string,
    scope: EnvScope,
    ctx: Ctx,
    customer: PortalCustomer,
    found: Fillable,
    via: 'form' | 'answer',
  ): Promise<View> => {
    const { form, link, existing } = found;
    if (existing && !found.editable) {
      // Read-only: nothing changes; the answer is shown as it stands, with the reason (a second
      // fill of a one-answer form hears "already filled", a change of a fixed answer "read-only").
      const reason = via === 'answer' ? 'queryForms.portalReadOnly' : 'queryForms.alreadyFilled';
      const notice = html`<div class="summary" role="alert"><h2>${ctx.t(reason)}</h2></div>`;
      return answerView(ctx, found, existing, 409, notice);
    }
    const values = groupPosted(params, form.definition);
    const addRow = params.get('_add');
    if (addRow && form.definition.some((q) => q.key === addRow && q.questionType === 'array')) {
      return formView(200, formModel(ctx, form, action, { values, rows: { [addRow]: 1 } }));
    }
    if (!postedInTime(issuedAt(params.get('_ts') ?? '', stampOf(ctx, form)), deps.now().getTime())) {
      return formView(400, formModel(ctx, form, action, { values, message: ctx.t('queryForms.tooFast') }));
    }
    const { data, errors } = checkAnswers(form.definition, values, ctx.t);
    if (Object.keys(errors).length > 0) return formView(400, formModel(ctx, form, action, { values, errors }));
    try {
      await applyAnswerToRecords(scope, {
        form,
        data,
        target: { via: 'portal', customer },
        configUpdatedAt: ctx.portal.configUpdatedAt,
        now: deps.now(),
        t: ctx.t,
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'invalid' && error.errors)) throw error;
      return formView(400, formModel(ctx, form, action, { values, errors: error.errors }));
    }
    if (existing) {
      await updateCustomerAnswer(scope, existing.id, customer.id, data, ctx.t);
    } else {
      // One answer per customer where the form or the link allows only one (the unique once-key).
      const onceKey = form.filledOnce || !link.multiple ? `customer:${customer.id}` : '';
      try {
        await storeAnswer(scope, {
          formId: form.id,
          data,
          source: 'portal',
          onceKey,
          now: deps.now(),
          t: ctx.t,
          customerId: customer.id,
          onlyOnce: Boolean(onceKey),
        });
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'conflict')) throw error;
        return alreadyFilled(scope, ctx, customer);
      }
    }
    const notice = html`<div class="ok" role="status"><p>${ctx.t('queryForms.portalSaved')}</p></div>`;
    return { status: 200, title: ctx.portal.title, body: await homePage(scope, ctx, customer, notice) };
  };

  /**
   * Runs `work` for a logged-in customer (others see the login page) in one transaction, and sends
   * its page only after the commit: a page sent inside could confirm an answer not yet stored.
   */
  const withCustomer = async (
    page: Page<{ slug: string }>,
    work: (scope: EnvScope, ctx: Ctx, customer: PortalCustomer) => Promise<View>,
  ) => {
    const ctx = await load(page);
    const token = readCookie(page.req, cookieName);
    const view = await ctx.inEnv(async (scope): Promise<View> => {
      const customer = await sessionCustomer(scope, token, deps.now());
      if (!customer) return { status: token ? 401 : 200, title: ctx.portal.title, body: loginPage(ctx) };
      return work(scope, ctx, customer);
    });
    return sendView(page.reply, view, ctx);
  };

  const cookie = (portal: Portal, value: string, maxAgeSeconds: number) =>
    portalCookie({ name: cookieName, slug: portal.slug, value, maxAgeSeconds, secure: deps.config.production });

  /**
   * Every post of the portal carries its page's CSRF token (issue 30). Checked before any work, so
   * a refused post changes nothing (a login link stays unused, a session open).
   */
  const posted =
    <P extends { slug: string }>(work: (page: Page<P>) => Promise<FastifyReply>) =>
    async (page: Page<P>) => {
      if (csrf.accepts(page.req, page.params.slug, page.fields.get('_csrf') ?? '', deps.now().getTime())) {
        return work(page);
      }
      const ctx = await load(page);
      return sendView(page.reply, csrfRefused(ctx), ctx);
    };

  const spec = (path: string, perMinute?: number) =>
    ({ path, find: 'portalSlug', module: 'portal', perMinute }) as const;
  // Posts that reach no handler-specific limit still count: a stranger's loop of logouts is bounded too.
  const anyPost = 30;

  await publicPages(
    app,
    { bodyLimit: maxAnswerChars, tooLargeText: 'queryForms.answerTooLarge', logName: 'portal' },
    (pages) => {
      pages.get(spec('/portal/:slug'), (page) =>
        withCustomer(page, async (scope, ctx, customer) => ({
          status: 200,
          title: ctx.portal.title,
          body: await homePage(scope, ctx, customer),
        })),
      );

      pages.post(
        { ...spec('/portal/:slug/login'), perMinute: 10 },
        posted(async (page) => {
          const ctx = await load(page);
          if (!page.fields.get('website')) {
            await ctx.inEnv((scope) =>
              requestLoginLink(scope, {
                email: (page.fields.get('email') ?? '').slice(0, 300),
                configUpdatedAt: ctx.portal.configUpdatedAt,
                portalUrl: portalUrl(deps.config.appUrl, ctx.portal.slug) ?? '',
                language: ctx.language,
                now: deps.now(),
              }),
            );
          }
          const notice = html`<div class="ok" role="status"><strong>${ctx.t('queryForms.portalLinkSentTitle')}</strong><p>${ctx.t('queryForms.portalLinkSent')}</p></div>`;
          return send(page.reply, 200, ctx.portal.title, loginPage(ctx, notice), ctx);
        }),
      );

      type TokenParams = { slug: string; token: string };
      // The mailed link shows a button: link checkers of mail providers open links, they do not post.
      pages.get<TokenParams>(spec('/portal/:slug/auth/:token'), async (page) => {
        const ctx = await load(page);
        return send(
          page.reply,
          200,
          ctx.t('queryForms.portalConfirmTitle'),
          shell(
            ctx,
            html`<h1>${ctx.t('queryForms.portalConfirmTitle')}</h1><p>${ctx.t('queryForms.portalConfirmText')}</p>
<form method="post" action="${page.req.url}">${csrfField(ctx)}<div class="actions"><button type="submit" class="primary">${ctx.t('queryForms.portalConfirmButton')}</button></div></form>`,
          ),
          ctx,
        );
      });

      pages.post<TokenParams>(
        { ...spec('/portal/:slug/auth/:token'), perMinute: 20 },
        posted(async (page) => {
          const ctx = await load(page);
          const session = await ctx.inEnv((scope) => openSession(scope, page.params.token, deps.now()));
          if (!session) {
            const notice = html`<div class="summary" role="alert"><h2>${ctx.t('queryForms.portalLinkInvalid')}</h2></div>`;
            return send(page.reply, 400, ctx.portal.title, loginPage(ctx, notice), ctx);
          }
          return page.reply
            .header('set-cookie', cookie(ctx.portal, session, sessionLifetimeMs / 1000))
            .header('cache-control', 'no-store')
            .redirect(base(ctx.portal), 303);
        }),
      );

      pages.post(
        { ...spec('/portal/:slug/logout'), perMinute: anyPost },
        posted(async (page) => {
          const ctx = await load(page);
          const token = readCookie(page.req, cookieName);
          if (token) await ctx.inEnv((scope) => closeSession(scope, token));
          page.reply.header('set-cookie', cookie(ctx.portal, '', 0));
          const notice = html`<div class="ok" role="status"><p>${ctx.t('queryForms.portalLoggedOut')}</p></div>`;
          return send(page.reply, 200, ctx.portal.title, loginPage(ctx, notice), ctx);
        }),
      );

      type FormParams = { slug: string; form: string };
      pages.get<FormParams>(spec('/portal/:slug/forms/:form'), (page) =>
        withCustomer(page, async (scope, ctx, customer) => {
          const found = await formFor(scope, ctx, customer, page.params.form);
          if (!found) return notFoundView(ctx);
          // One answer per customer and it exists: that answer, to edit or to read.
          if (found.existing) return answerView(ctx, found, found.existing);
          return formView(200, formModel(ctx, found.form, page.req.url, {}));
        }),
      );

      pages.post<FormParams>(
        { ...spec('/portal/:slug/forms/:form'), perMinute: anyPost },
        posted((page) =>
          withCustomer(page, async (scope, ctx, customer) => {
            const found = await formFor(scope, ctx, customer, page.params.form);
            if (!found) return notFoundView(ctx);
            return saveAnswer(page.fields, page.req.url, scope, ctx, customer, found, 'form');
          }),
        ),
      );

      type AnswerParams = { slug: string; answer: string };
      pages.get<AnswerParams>(spec('/portal/:slug/answers/:answer'), (page) =>
        withCustomer(page, async (scope, ctx, customer) => {
          const found = await answerFor(scope, ctx, customer, page.params.answer);
          if (!found) return notFoundView(ctx);
          return answerView(ctx, found, found.existing);
        }),
      );

      pages.post<AnswerParams>(
        { ...spec('/portal/:slug/answers/:answer'), perMinute: anyPost },
        posted((page) =>
          withCustomer(page, async (scope, ctx, customer) => {
            const found = await answerFor(scope, ctx, customer, page.params.answer);
            if (!found) return notFoundView(ctx);
            return saveAnswer(page.fields, page.req.url, scope, ctx, customer, found, 'answer');
          }),
        ),
      );
    },
  );
};
