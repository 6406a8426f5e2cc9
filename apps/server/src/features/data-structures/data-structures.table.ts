import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { environments } from '../environments/environments.table';

/**
 * Audit trail of the data-structure editor: who created, changed or removed a type, at which
 * version, and the definition it then held. A tenant table under forced Row Level Security.
 */
export const recordTypeChanges = pgTable(
  'record_type_changes',
  {
    envId: uuid('env_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    typeKey: text('type_key').notNull(),
    action: text('action').$type<'create' | 'save' | 'delete'>().notNull(),
    version: integer('version').notNull(),
    userId: uuid('user_id'),
    definition: jsonb('definition').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.envId, t.id] }),
    index('record_type_changes_env_type_idx').on(t.envId, t.typeKey, t.createdAt),
  ],
);
