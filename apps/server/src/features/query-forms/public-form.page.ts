import { type Language, translator } from '@kontor/contract/i18n/catalogs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublicEnv } from '../../http/access';
import { AppError } from '../../http/errors';
import { type PageContext, publicPages } from '../../http/public-route';
import { htmlDocument, sendPage } from '../../public/public-page';
import { applyAnswerToRecords } from './answer-records';
import { checkAnswers } from './answers';
import { loadBrand } from './brand';
import {
  type FormPageModel,
  formPage,
  groupPosted,
  messagePage,
  pageStyle,
  signatureScript,
} from './public-form.render';
import type { QueryFormRow } from './query-forms.repo';
import { filledAlready, maxAnswerChars, publishedForm, storeAnswer } from './query-forms.service';
import { postedInTime, timeTokens } from './time-token';

/** Posts per minute and client address on the public form pages. */
export const postsPerMinute = 10;

type Brand = FormPageModel['brand'];
type Found = Readonly<{
  env: PublicEnv;
  language: Language;
  form: QueryFormRow;
  brand: Brand;
  imgSources: string[];
}>;
type FormParams = { slug: string; key: string };

/**
 * The public fill page of a published form at /forms/{env url_slug}/{publish_key}
 * (CLARIFICATIONS "Public addresses"), bound by the public binder (http/public-route.ts): unknown
 * environment or key, an inactive publication, the module or the web forms switched off, a blocked
 * environment: all the catalog's same 404.
 */
export const registerPublicFormPages = async (app: FastifyInstance): Promise<void> => {
  const { deps } = app;
  const { sign, issuedAt } = timeTokens(deps.config.fileUrlSecret);

  /** The published form of the page, or null (the binder found the environment and checked its switches). */
  const find = async (ctx: PageContext<FormParams>): Promise<Found | null> => {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(ctx.params.key)) return null;
    return ctx.inEnv(async (scope) => {
      const form = await publishedForm(scope, ctx.params.key);
      if (!form) return null;
      const brand = await loadBrand(scope, deps.storage, ctx.env.name, ctx.t);
      if (!brand.active) return null;
      return {
        env: ctx.env,
        language: ctx.language,
        form,
        brand: { title: brand.title, logoUrl: brand.logoUrl },
        imgSources: brand.imgSources,
      };
    });
  };

  const send = (
    reply: FastifyReply,
    status: number,
    title: string,
    body: FormPageModel | ReturnType<typeof messagePage>,
    found?: Found,
  ) => {
    const isForm = 'definition' in body;
    const document = htmlDocument({ title, body: isForm ? formPage(body) : body, style: pageStyle });
    const hasPad = isForm && body.definition.some((q) => q.questionType === 'signature');
    return sendPage(reply, status, document, {
      styles: [pageStyle],
      formAction: 'self',
      scripts: hasPad ? [signatureScript] : [],
      imgSources: found?.imgSources ?? [],
    });
  };

  // The time token names its form (issue 30): a stamp of another form or environment is refused.
  const stampOf = (found: Found) => ({ via: 'public' as const, envId: found.env.id, formId: found.form.id });

  const model = (found: Found, action: string, parts: Partial<FormPageModel>): FormPageModel => ({
    brand: found.brand,
    title: found.form.title,
    definition: found.form.definition,
    values: {},
    errors: {},
    rows: {},
    action,
    timeToken: sign(deps.now().getTime(), stampOf(found)),
    csrf: null,
    t: translator(found.language),
    ...parts,
  });

  const closed = (reply: FastifyReply, found: Found, status: number) => {
    const t = translator(found.language);
    return send(
      reply,
      status,
      t('queryForms.publicClosedTitle'),
      messagePage(found.brand, t('queryForms.publicClosedTitle'), t('queryForms.alreadyFilled')),
      found,
    );
  };

  const pageSpec = { path: '/forms/:slug/:key', find: 'envSlug', module: 'queryForms' } as const;
  await publicPages(
    app,
    {
      bodyLimit: maxAnswerChars,
      tooLargeText: 'queryForms.answerTooLarge',
      logName: 'public form',
      notFoundText: 'queryForms.publicNotFoundText',
    },
    (pages) => {
      pages.get<FormParams>(pageSpec, async (ctx) => {
        const { reply, req } = ctx;
        const found = await find(ctx);
        if (!found) return ctx.notFound();
        const full = await ctx.inEnv((scope) => filledAlready(scope, found.form, 'url'));
        if (full) return closed(reply, found, 200);
        return send(reply, 200, found.form.title || found.brand.title, model(found, req.url, {}), found);
      });

      pages.post<FormParams>({ ...pageSpec, perMinute: postsPerMinute }, async (ctx) => {
        const { reply, req, t } = ctx;
        const found = await find(ctx);
        if (!found) return ctx.notFound();
        const params = ctx.fields;
        const values = groupPosted(params, found.form.definition);
        const action = req.url;
        const title = found.form.title || found.brand.title;

        // "Another row" without JavaScript: the same page again with one more empty row.
        const addRow = params.get('_add');
        if (addRow && found.form.definition.some((q) => q.key === addRow && q.questionType === 'array')) {
          return send(reply, 200, title, model(found, action, { values, rows: { [addRow]: 1 } }), found);
        }
        // The honeypot: a person never sees it; a filled one gets a thank-you and nothing is stored.
        if ((params.get('website') ?? '') !== '') {
          req.log.info({ form: found.form.id }, 'public form: honeypot filled');
          return send(
            reply,
            200,
            t('queryForms.publicThanksTitle'),
            messagePage(found.brand, t('queryForms.publicThanksTitle'), t('queryForms.publicThanksText')),
            found,
          );
        }
        if (!postedInTime(issuedAt(params.get('_ts') ?? '', stampOf(found)), deps.now().getTime())) {
          return send(reply, 400, title, model(found, action, { values, message: t('queryForms.tooFast') }), found);
        }
        const { data, errors } = checkAnswers(found.form.definition, values, t);
        if (Object.keys(errors).length > 0) {
          return send(reply, 400, title, model(found, action, { values, errors }), found);
        }
        try {
          await ctx.inEnv(async (scope) => {
            const now = deps.now();
            const target = { via: 'url' as const };
            await applyAnswerToRecords(scope, {
              form: found.form,
              data,
              target,
              configUpdatedAt: found.env.configUpdatedAt,
              now,
              t,
            });
            await storeAnswer(scope, { formId: found.form.id, data, source: 'website', onceKey: 'url', now, t });
          });
        } catch (error) {
          if (error instanceof AppError && error.code === 'invalid' && error.errors) {
            return send(reply, 400, title, model(found, action, { values, errors: error.errors }), found);
          }
          if (error instanceof AppError && error.code === 'conflict') return closed(reply, found, 409);
          if (error instanceof AppError && error.code === 'too_large') {
            return send(reply, 413, title, model(found, action, { values, message: error.message }), found);
          }
          throw error;
        }
        return send(
          reply,
          200,
          t('queryForms.publicThanksTitle'),
          messagePage(found.brand, t('queryForms.publicThanksTitle'), t('queryForms.publicThanksText')),
          found,
        );
      });
    },
  );
};
