import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { environments } from '../environments/environments.table';

/**
 * The customer portal of an environment (spec 02 §3 "Portal"), at most one. A control-plane table
 * like `environments`: the public page /portal/{slug} resolves it before any environment is
 * known, and its url_slug is unique across the product. Every settings query names the env_id.
 */
export const portals = pgTable(
  'portals',
  {
    envId: uuid('env_id')
      .primaryKey()
      .references(() => environments.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    active: boolean('active').notNull().default(false),
    title: text('title').notNull().default(''),
    /** Null while no address is chosen; unique across all environments. */
    urlSlug: text('url_slug'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('portals_url_slug_key').on(t.urlSlug), uniqueIndex('portals_id_key').on(t.id)],
);

/** Settings of a function per environment (spec 02 §3 "Function settings"): a tenant table under RLS. */
export const functionSettings = pgTable(
  'function_settings',
  {
    envId: uuid('env_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    function: text('function').notNull(),
    qualifier: text('qualifier').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.envId, t.function, t.qualifier] })],
);
