import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type EnvScope, whereEnv } from '../../db/env-scope';
import { likeOperator } from '../../engine/sort-keys';
import { queryFormAnswers, queryForms } from './query-forms.table';

export type QueryFormRow = typeof queryForms.$inferSelect;
export type AnswerRow = typeof queryFormAnswers.$inferSelect;

const answerCount = (scope: EnvScope) =>
  // Qualified by hand: inside the subquery an unqualified "id" would name the answer's own id.
  sql<number>`(select count(*)::int from ${queryFormAnswers} a where a.env_id = ${scope.envId} and a.form_id = "query_forms"."id")`;

export const formById = async (scope: EnvScope, id: string): Promise<QueryFormRow | undefined> =>
  (
    await scope.tx
      .select()
      .from(queryForms)
      .where(whereEnv(scope, queryForms, eq(queryForms.id, id)))
      .limit(1)
  )[0];

/** The form row locked until the transaction ends: parallel answers to it queue here. */
export const lockForm = async (scope: EnvScope, id: string): Promise<QueryFormRow | undefined> =>
  (
    await scope.tx
      .select()
      .from(queryForms)
      .where(whereEnv(scope, queryForms, eq(queryForms.id, id)))
      .for('update')
      .limit(1)
  )[0];

export const formByPublishKey = async (scope: EnvScope, key: string): Promise<QueryFormRow | undefined> =>
  (
    await scope.tx
      .select()
      .from(queryForms)
      .where(whereEnv(scope, queryForms, eq(queryForms.publishKey, key), eq(queryForms.publishActive, true)))
      .limit(1)
  )[0];

export const answersOf = async (scope: EnvScope, formId: string): Promise<number> =>
  Number(
    (
      await scope.tx
        .select({ n: count() })
        .from(queryFormAnswers)
        .where(whereEnv(scope, queryFormAnswers, eq(queryFormAnswers.formId, formId)))
    )[0]?.n ?? 0,
  );

/** The environment's forms (for the limit per environment). */
export const formCount = async (scope: EnvScope): Promise<number> =>
  Number((await scope.tx.select({ n: count() }).from(queryForms).where(whereEnv(scope, queryForms)))[0]?.n ?? 0);

export const insertForm = (scope: EnvScope, row: Omit<typeof queryForms.$inferInsert, 'envId'>) =>
  scope.tx.insert(queryForms).values({ ...row, envId: scope.envId });

export const updateForm = (scope: EnvScope, id: string, set: Partial<Omit<QueryFormRow, 'envId' | 'id'>>) =>
  scope.tx
    .update(queryForms)
    .set(set)
    .where(whereEnv(scope, queryForms, eq(queryForms.id, id)))
    .returning({ id: queryForms.id });

export type FormListQuery = Readonly<{
  search: string | null;
  sort: { field: string; dir: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}>;

/** One page of forms with their answer counts (title search and sort). */
export const formsPage = async (scope: EnvScope, q: FormListQuery) => {
  const where = whereEnv(
    scope,
    queryForms,
    q.search ? sql`lower(${queryForms.title}) ${likeOperator} ${q.search}` : undefined,
  );
  const dir = q.sort?.dir === 'desc' ? desc : asc;
  const order =
    q.sort?.field === 'answers'
      ? [dir(answerCount(scope)), asc(queryForms.id)]
      : q.sort?.field === 'title'
        ? [dir(sql`lower(${queryForms.title})`), asc(queryForms.id)]
        : [desc(queryForms.createdAt), desc(queryForms.id)];
  const rows = await scope.tx
    .select({
      id: queryForms.id,
      title: queryForms.title,
      filledOnce: queryForms.filledOnce,
      publishActive: queryForms.publishActive,
      publishKey: queryForms.publishKey,
      answers: answerCount(scope),
    })
    .from(queryForms)
    .where(where)
    .orderBy(...order)
    .offset(q.offset)
    .limit(q.limit);
  const total = Number((await scope.tx.select({ n: count() }).from(queryForms).where(where))[0]?.n ?? 0);
  return { rows, total };
};

/** One page of a form's answers, newest first (or oldest first). */
export const answersPage = async (scope: EnvScope, formId: string, q: Omit<FormListQuery, 'search'>) => {
  const where = whereEnv(scope, queryFormAnswers, eq(queryFormAnswers.formId, formId));
  const order = q.sort?.dir === 'asc' ? asc : desc;
  const rows = await scope.tx
    .select()
    .from(queryFormAnswers)
    .where(where)
    .orderBy(order(queryFormAnswers.createdAt), order(queryFormAnswers.id))
    .offset(q.offset)
    .limit(q.limit);
  const total = Number((await scope.tx.select({ n: count() }).from(queryFormAnswers).where(where))[0]?.n ?? 0);
  return { rows, total };
};

/** The newest answers of a form for the export, at most `limit`. */
export const answersForExport = (scope: EnvScope, formId: string, limit: number) =>
  scope.tx
    .select()
    .from(queryFormAnswers)
    .where(whereEnv(scope, queryFormAnswers, eq(queryFormAnswers.formId, formId)))
    .orderBy(asc(queryFormAnswers.createdAt), asc(queryFormAnswers.id))
    .limit(limit);

/** Inserts an answer; a second once-only answer hits the unique index and inserts nothing. */
export const insertAnswer = async (
  scope: EnvScope,
  row: Omit<typeof queryFormAnswers.$inferInsert, 'envId'>,
): Promise<boolean> =>
  (
    await scope.tx
      .insert(queryFormAnswers)
      .values({ ...row, envId: scope.envId })
      .onConflictDoNothing()
      .returning({ id: queryFormAnswers.id })
  ).length > 0;

export const hasOnceAnswer = async (scope: EnvScope, formId: string, onceKey: string): Promise<boolean> =>
  (
    await scope.tx
      .select({ id: queryFormAnswers.id })
      .from(queryFormAnswers)
      .where(
        whereEnv(scope, queryFormAnswers, eq(queryFormAnswers.formId, formId), eq(queryFormAnswers.onceKey, onceKey)),
      )
      .limit(1)
  ).length > 0;

/** The public page's lookup: an environment by its url_slug (a control-plane table). */
export const formsByIds = async (scope: EnvScope, ids: string[]): Promise<QueryFormRow[]> =>
  ids.length === 0
    ? []
    : scope.tx
        .select()
        .from(queryForms)
        .where(whereEnv(scope, queryForms, inArray(queryForms.id, ids)));

/** A portal customer's answers, newest first. */
export const answersOfCustomer = (scope: EnvScope, customerId: string) =>
  scope.tx
    .select()
    .from(queryFormAnswers)
    .where(whereEnv(scope, queryFormAnswers, eq(queryFormAnswers.customerId, customerId)))
    .orderBy(desc(queryFormAnswers.createdAt))
    .limit(500);

/** One answer of this customer (another customer's or environment's id finds nothing). */
export const answerOfCustomer = async (scope: EnvScope, id: string, customerId: string) =>
  (
    await scope.tx
      .select()
      .from(queryFormAnswers)
      .where(
        whereEnv(scope, queryFormAnswers, eq(queryFormAnswers.id, id), eq(queryFormAnswers.customerId, customerId)),
      )
      .limit(1)
  )[0];

export const updateAnswerData = (scope: EnvScope, id: string, customerId: string, data: Record<string, unknown>) =>
  scope.tx
    .update(queryFormAnswers)
    .set({ data })
    .where(whereEnv(scope, queryFormAnswers, eq(queryFormAnswers.id, id), eq(queryFormAnswers.customerId, customerId)))
    .returning({ id: queryFormAnswers.id });
