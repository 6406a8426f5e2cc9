import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { environments } from '../features/environments/environments.table';

/**
 * Business data of every record type (customers, invoices, addresses, taxes, bookings …).
 * A tenant table: Row Level Security admits only rows of the scope's environment.
 */
export const records = pgTable(
  'records',
  {
    envId: uuid('env_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    type: text('type').notNull(),
    stage: text('stage'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Lower-cased values of the type's searchable fields, for the trigram index behind list search. */
    searchText: text('search_text').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.envId, t.id] }),
    index('records_env_type_created_idx').on(t.envId, t.type, t.createdAt, t.id),
    // fastupdate on (migration 0022): new trigrams collect in GIN's pending list and merge sorted,
    // far cheaper per row than writing each into the tree; the bench's bulk loader merges when it is done.
    index('records_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`).with({ fastupdate: 'on' }),
  ],
);

/**
 * Record types an environment defines (child types of a base type). Only what differs from the
 * base is stored; the effective definition is resolved in record-types.service.
 */
export const recordTypes = pgTable(
  'record_types',
  {
    envId: uuid('env_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    parent: text('parent').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    /** Moves with every structure save: a save naming an older version is refused (409). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.envId, t.key] })],
);

/**
 * The sortable fields of an environment's types that no shipped expression index serves (engine/
 * sort-fields.ts): their keys are kept in record_sort_keys. A tenant table (migration 0024).
 */
export const recordSortFields = pgTable(
  'record_sort_fields',
  {
    envId: uuid('env_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    field: text('field').notNull(),
    kind: text('kind').$type<'text' | 'num'>().notNull(),
  },
  (t) => [primaryKey({ name: 'record_sort_fields_pk', columns: [t.envId, t.type, t.field] })],
);

/**
 * One sort key per record and field of record_sort_fields, written by triggers on records
 * (migration 0024), so lists sort on an index whatever fields a tenant declares. A tenant table.
 */
export const recordSortKeys = pgTable(
  'record_sort_keys',
  {
    envId: uuid('env_id').notNull(),
    recordId: uuid('record_id').notNull(),
    field: text('field').notNull(),
    type: text('type').notNull(),
    textKey: text('text_key'),
    numKey: numeric('num_key'),
  },
  (t) => [
    primaryKey({ name: 'record_sort_keys_pk', columns: [t.envId, t.recordId, t.field] }),
    foreignKey({
      name: 'record_sort_keys_record_fk',
      columns: [t.envId, t.recordId],
      foreignColumns: [records.envId, records.id],
    }).onDelete('cascade'),
    index('record_sort_keys_text_idx')
      .on(t.envId, t.type, t.field, t.textKey, t.recordId)
      .where(sql`${t.textKey} IS NOT NULL`),
    index('record_sort_keys_num_idx')
      .on(t.envId, t.type, t.field, t.numKey, t.recordId)
      .where(sql`${t.numKey} IS NOT NULL`),
  ],
);
