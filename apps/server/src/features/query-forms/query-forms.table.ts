import type { AnswerTableColumn, Question } from '@kontor/contract/api/query-forms';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { environments } from '../environments/environments.table';

/** Query forms (spec 02 §3 "Query form"): a tenant table under forced Row Level Security. */
export const queryForms = pgTable(
  'query_forms',
  {
    envId: uuid('env_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    title: text('title').notNull().default(''),
    definition: jsonb('definition').$type<Question[]>().notNull().default([]),
    answerTableColumns: jsonb('answer_table_columns').$type<AnswerTableColumn[]>().notNull().default([]),
    filledOnce: boolean('filled_once').notNull().default(false),
    /** publications.html_website: filled through the public page /forms/{slug}/{publish_key}. */
    publishActive: boolean('publish_active').notNull().default(false),
    publishKey: text('publish_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.envId, t.id] }),
    uniqueIndex('query_forms_publish_key_idx').on(t.envId, t.publishKey),
    index('query_forms_title_idx').on(t.envId, sql`lower(${t.title})`),
  ],
);

/** Where an answer came from. */
export type AnswerSource = 'website' | 'portal';

/** Answers (spec 02 §3 "QueryFormAnswer"): data keyed by question key. */
export const queryFormAnswers = pgTable(
  'query_form_answers',
  {
    envId: uuid('env_id').notNull(),
    id: uuid('id').notNull(),
    formId: uuid('form_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    source: text('source').$type<AnswerSource>().notNull(),
    /** Set for a filled_once form ('url', or the portal customer's record): unique per form. */
    onceKey: text('once_key'),
    /** The portal customer's record (a contact or customer) who gave the answer. */
    customerId: uuid('customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.envId, t.id] }),
    foreignKey({
      name: 'query_form_answers_form_fk',
      columns: [t.envId, t.formId],
      foreignColumns: [queryForms.envId, queryForms.id],
    }).onDelete('cascade'),
    index('query_form_answers_form_idx').on(t.envId, t.formId, t.createdAt),
    uniqueIndex('query_form_answers_once_idx').on(t.envId, t.formId, t.onceKey),
    index('query_form_answers_customer_idx').on(t.envId, t.customerId, t.formId),
  ],
);
