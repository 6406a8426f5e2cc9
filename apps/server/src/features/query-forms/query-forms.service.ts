import { randomBytes } from 'node:crypto';
import type * as api from '@kontor/contract/api/query-forms';
import { queryFormLimits } from '@kontor/contract/api/query-forms';
import type { Cell } from '@kontor/contract/api/record-types';
import { defaultPageSize, type SimpleTableData } from '@kontor/contract/api/records';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { z } from 'zod';
import type { EnvScope } from '../../db/env-scope';
import { isUuid, newId } from '../../db/ids';
import type { ListModelRequest } from '../../engine/list-models';
import { likePattern } from '../../engine/sort-keys';
import { AppError } from '../../http/errors';
import { environmentById } from '../environments/environments.service';
import { answerText, questionsByKey, valueAt } from './answers';
import { toCsv } from './csv';
import * as repo from './query-forms.repo';

type SaveBody = z.output<(typeof api.saveQueryForm)['body']>;

/** CLARIFICATIONS "Public addresses": {APP_URL}/forms/{url_slug}/{publish_key}. */
export const publicFormUrl = (appUrl: string, envSlug: string, row: repo.QueryFormRow): string | null =>
  row.publishActive && row.publishKey
    ? `${appUrl.replace(/\/+$/, '')}/forms/${encodeURIComponent(envSlug)}/${encodeURIComponent(row.publishKey)}`
    : null;

/** 24 random bytes, URL-safe: a publish key cannot be guessed. */
const newPublishKey = () => randomBytes(24).toString('base64url');

export const requireForm = async (scope: EnvScope, id: string, t: Translate): Promise<repo.QueryFormRow> => {
  const row = isUuid(id) ? await repo.formById(scope, id) : undefined;
  if (!row) throw new AppError('not_found', { message: t('queryForms.unknown') });
  return row;
};

const toForm = (row: repo.QueryFormRow, answers: number, url: string | null): api.QueryForm => ({
  _id: row.id,
  title: row.title,
  name: row.title,
  definition: row.definition,
  answer_table_columns: row.answerTableColumns,
  filled_once: row.filledOnce,
  publications: { html_website: { is_active: row.publishActive, publish_key: row.publishKey } },
  public_url: url,
  answers,
});

export const formDetails = async (scope: EnvScope, id: string, appUrl: string, t: Translate) => {
  const row = await requireForm(scope, id, t);
  const env = await environmentById(scope);
  return toForm(row, await repo.answersOf(scope, row.id), env ? publicFormUrl(appUrl, env.urlSlug, row) : null);
};

export const listForms = async (scope: EnvScope) => {
  const { rows } = await repo.formsPage(scope, {
    search: null,
    sort: { field: 'title', dir: 'asc' },
    offset: 0,
    limit: 500,
  });
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    filled_once: r.filledOnce,
    published: r.publishActive && r.publishKey !== null,
    answers: Number(r.answers),
  }));
};

/**
 * The editor's rules beyond the schema: keys unique per form (nested ones per array question),
 * choices need options with unique values, an array question needs sub-questions, columns name
 * a question, and only an environment with html_form_publish may publish.
 */
const checkDefinition = (body: SaveBody, t: Translate): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const checkQuestion = (q: api.AnyQuestion, path: string, keys: Set<string>) => {
    if (keys.has(q.key)) errors[`${path}.key`] = [t('queryForms.keyTaken')];
    keys.add(q.key);
    if (q.questionType === 'selection' || q.questionType === 'selection-multi') {
      const options = q.options ?? [];
      if (options.length === 0) errors[`${path}.options`] = [t('queryForms.optionsRequired')];
      const values = new Set<string>();
      options.forEach((o, i) => {
        if (values.has(o.value)) errors[`${path}.options[${i}].value`] = [t('queryForms.optionTaken')];
        values.add(o.value);
      });
    }
  };
  body.definition.forEach((q, i) => {
    checkQuestion(q, `definition[${i}]`, seen);
    if (q.questionType === 'array') {
      if (!q.definition?.length) errors[`definition[${i}].definition`] = [t('queryForms.arrayNeedsQuestions')];
      const nested = new Set<string>();
      q.definition?.forEach((sub, j) => {
        checkQuestion(sub, `definition[${i}].definition[${j}]`, nested);
      });
    }
  });
  const known = questionsByKey(body.definition);
  body.answer_table_columns.forEach((c, i) => {
    if (c.type === 'setting-field' && !known.has(c.mapping) && !known.has(c.mapping.split('.')[0] ?? '')) {
      errors[`answer_table_columns[${i}].mapping`] = [t('queryForms.columnUnknown')];
    }
  });
  return errors;
};

/** Creates (id 'new') or replaces a form; answers the id the editor adopts (spec 02 §4). */
export const saveForm = async (scope: EnvScope, body: SaveBody, now: Date, t: Translate) => {
  const errors = checkDefinition(body, t);
  if (Object.keys(errors).length > 0) throw new AppError('invalid', { message: t('queryForms.invalid'), errors });
  const publish = body.publications.html_website.is_active;
  if (publish) {
    const env = await environmentById(scope);
    if (!env?.capabilities.html_form_publish) {
      throw new AppError('forbidden', {
        message: t('queryForms.publishNotAllowed'),
        errors: { 'publications.html_website.is_active': [t('queryForms.publishNotAllowed')] },
      });
    }
  }
  const fields = {
    title: body.title,
    definition: body.definition as api.Question[],
    answerTableColumns: body.answer_table_columns,
    filledOnce: body.filled_once,
    publishActive: publish,
    updatedAt: now,
  };
  if (body.id === 'new') {
    // Bounded per environment (issue 28 item 2): what one tenant stores is its own, within reason.
    if ((await repo.formCount(scope)) >= queryFormLimits.formsPerEnvironment) {
      throw new AppError('conflict', {
        message: t('queryForms.tooMany', { n: String(queryFormLimits.formsPerEnvironment) }),
      });
    }
    const id = newId();
    await repo.insertForm(scope, { id, ...fields, publishKey: publish ? newPublishKey() : null, createdAt: now });
    return { id };
  }
  const existing = await requireForm(scope, body.id, t);
  // The key stays once given, so a printed or mailed link keeps working when publishing is paused.
  const publishKey = existing.publishKey ?? (publish ? newPublishKey() : null);
  await repo.updateForm(scope, existing.id, { ...fields, publishKey });
  return { id: existing.id };
};

const answerCells = (form: repo.QueryFormRow, t: Translate): Cell[] => {
  const cells: Cell[] = form.answerTableColumns.flatMap((c): Cell[] =>
    c.type === 'setting-field' ? [{ mapping: c.mapping, label: c.label || c.mapping }] : [],
  );
  return [...cells, { mapping: 'created_at', label: t('queryForms.colCreated'), format: 'datetime', sortable: true }];
};

const pageOf = (body: ListModelRequest['body'], t: Translate, sortable: readonly string[]) => {
  if (body.cursor) throw new AppError('invalid', { message: t('records.invalidCursor') });
  if (body.sort && !sortable.includes(body.sort.field)) {
    throw new AppError('invalid', { message: t('records.unknownSortField') });
  }
  const pageSize = body.pageSize ?? defaultPageSize;
  return { sort: body.sort ?? null, offset: ((body.page ?? 1) - 1) * pageSize, limit: pageSize, pageSize };
};

/**
 * Model QueryFormAnswer (filter.formular = the form's id): one column per setting-field column of
 * the form, values as plain text (the browser shows them as text, never as markup).
 */
export const answersList = async ({ scope, body, t }: ListModelRequest): Promise<SimpleTableData> => {
  const filterKeys = Object.keys(body.filter ?? {});
  const formular = body.filter?.formular;
  if (typeof formular !== 'string' || filterKeys.some((k) => k !== 'formular')) {
    throw new AppError('invalid', { message: t('records.unknownFilterField') });
  }
  const form = await requireForm(scope, formular, t);
  const q = pageOf(body, t, ['created_at']);
  const { rows, total } = await repo.answersPage(scope, form.id, q);
  const questions = questionsByKey(form.definition);
  const cells = answerCells(form, t);
  return {
    rows: rows.map((r) => ({
      _id: r.id,
      formular: form.id,
      source: r.source,
      created_at: r.createdAt.toISOString(),
      ...Object.fromEntries(
        cells
          .filter((c) => c.mapping !== 'created_at')
          .map((c) => [c.mapping, answerText(questions.get(c.mapping), valueAt(r.data, c.mapping), t)]),
      ),
    })),
    total,
    totalCapped: false,
    cells,
    nextCursor: null,
    page: body.page ?? 1,
    pageSize: q.pageSize,
    list: { key: 'answers', name: t('queryForms.answers') },
    sort: q.sort,
  };
};

/** Model QueryForm: the environment's forms with answer counts, searchable and sortable by title. */
export const formsList = async ({ scope, body, t }: ListModelRequest): Promise<SimpleTableData> => {
  if (Object.keys(body.filter ?? {}).length > 0)
    throw new AppError('invalid', { message: t('records.unknownFilterField') });
  const q = pageOf(body, t, ['title', 'answers']);
  const search = body.search?.trim();
  const { rows, total } = await repo.formsPage(scope, { ...q, search: search ? likePattern(search) : null });
  const cells: Cell[] = [
    { mapping: 'title', label: t('queryForms.colTitle'), searchable: true, sortable: true },
    { mapping: 'answers', label: t('queryForms.colAnswers'), format: 'number', sortable: true },
    { mapping: 'published', label: t('queryForms.colPublished'), format: 'boolean' },
    { mapping: 'filled_once', label: t('queryForms.colFilledOnce'), format: 'boolean' },
  ];
  return {
    rows: rows.map((r) => ({
      _id: r.id,
      title: r.title,
      answers: Number(r.answers),
      published: r.publishActive && r.publishKey !== null,
      filled_once: r.filledOnce,
    })),
    total,
    totalCapped: false,
    cells,
    nextCursor: null,
    page: body.page ?? 1,
    pageSize: q.pageSize,
    list: { key: 'queryForms', name: t('shell.queryForms') },
    sort: q.sort,
  };
};

const fileSafe = (title: string) =>
  (title || 'formular')
    .replace(/[äöüÄÖÜß]/g, (c) => ({ ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' })[c] ?? c)
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 60) || 'formular';

/**
 * The answers as CSV: every question in the form's order (the table's columns are a choice for the
 * screen; an export keeps everything), then the time received.
 */
export const exportAnswers = async (scope: EnvScope, id: string, t: Translate) => {
  const form = await requireForm(scope, id, t);
  const rows = await repo.answersForExport(scope, form.id, queryFormLimits.exportRows);
  const header = [...form.definition.map((q) => q.title || q.key), t('queryForms.colCreated')];
  const time = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  const body = rows.map((r) => [
    ...form.definition.map((q) => answerText(q, r.data[q.key], t)),
    time.format(r.createdAt),
  ]);
  return { filename: `${fileSafe(form.title)}-antworten.csv`, csv: toCsv(header, body) };
};

/** Longest stored answer (JSON characters): beyond it a stranger's post is refused, not stored. */
export const maxAnswerChars = 600_000;

/**
 * Stores one checked answer. The form row is locked first, so answers to one form queue; a
 * filled_once form takes one answer per once-key ('url', or the portal customer) — the unique
 * index makes a second one insert nothing, even from a parallel request.
 */
export const storeAnswer = async (
  scope: EnvScope,
  answer: Readonly<{
    formId: string;
    data: Record<string, unknown>;
    source: 'website' | 'portal';
    onceKey: string;
    now: Date;
    t: Translate;
    customerId?: string | null;
    /** The portal's "one answer per customer" of a link that is not `multiple`. */
    onlyOnce?: boolean;
  }>,
): Promise<string> => {
  // One object, not nine positions (issue 30 item 3): two strings side by side were easy to swap.
  const { formId, data, source, onceKey, now, t, customerId = null, onlyOnce = false } = answer;
  if (JSON.stringify(data).length > maxAnswerChars)
    throw new AppError('too_large', { message: t('queryForms.answerTooLarge') });
  const form = await repo.lockForm(scope, formId);
  if (!form) throw new AppError('not_found', { message: t('queryForms.unknown') });
  const once = form.filledOnce || onlyOnce ? onceKey : null;
  if (once && (await repo.hasOnceAnswer(scope, form.id, once))) {
    throw new AppError('conflict', { message: t('queryForms.alreadyFilled') });
  }
  const id = newId();
  const stored = await repo.insertAnswer(scope, {
    id,
    formId: form.id,
    data,
    source,
    onceKey: once,
    customerId,
    createdAt: now,
  });
  if (!stored) throw new AppError('conflict', { message: t('queryForms.alreadyFilled') });
  return id;
};

/** Whether a filled_once form has its one answer for this once-key already. */
export const filledAlready = async (scope: EnvScope, form: repo.QueryFormRow, onceKey: string) =>
  form.filledOnce && (await repo.hasOnceAnswer(scope, form.id, onceKey));

export const publishedForm = (scope: EnvScope, key: string) => repo.formByPublishKey(scope, key);
/** The forms a portal offers, by id (unknown ids are left out). */
export const formsByIds = (scope: EnvScope, ids: string[]) => repo.formsByIds(scope, ids.filter(isUuid));

/** What a portal customer filled in, newest first. */
export const answersOfCustomer = (scope: EnvScope, customerId: string) => repo.answersOfCustomer(scope, customerId);

/** One answer the customer gave; undefined for any other id. */
export const answerOfCustomer = (scope: EnvScope, answerId: string, customerId: string) =>
  isUuid(answerId) ? repo.answerOfCustomer(scope, answerId, customerId) : Promise.resolve(undefined);

/** A portal customer changes their own answer (a link that is `editable`). */
export const updateCustomerAnswer = async (
  scope: EnvScope,
  answerId: string,
  customerId: string,
  data: Record<string, unknown>,
  t: Translate,
) => {
  if (JSON.stringify(data).length > maxAnswerChars)
    throw new AppError('too_large', { message: t('queryForms.answerTooLarge') });
  const [row] = await repo.updateAnswerData(scope, answerId, customerId, data);
  if (!row) throw new AppError('not_found', { message: t('queryForms.unknown') });
};
