import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { environments } from '../environments/environments.table';

/** One-time login links of portal customers (only the hash is stored). Tenant table under RLS. */
export const portalLoginTokens = pgTable(
  'portal_login_tokens',
  {
    envId: uuid('env_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    customerId: uuid('customer_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.envId, t.tokenHash] }),
    index('portal_login_tokens_customer_idx').on(t.envId, t.customerId, t.createdAt),
  ],
);

/** Portal sessions: apart from staff sessions, found by the cookie's hash inside the portal's environment. */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    envId: uuid('env_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    customerId: uuid('customer_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.envId, t.tokenHash] })],
);
