import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { environments } from '../environments/environments.table';

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
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.envId, t.id] }),
    index('records_env_type_created_idx').on(t.envId, t.type, t.createdAt, t.id),
  ],
);
