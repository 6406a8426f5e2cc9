import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Stored trimmed and lower-cased: addresses are case-insensitive and unique. */
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    name: text('name').notNull(),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    /** Set by an operator (`admin user:disable`): no login, no session, and no password reset clears it. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** Bearer sessions; only the SHA-256 of a token is kept, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export type PendingRegistration = { passwordHash: string; firstname: string; name: string };

export const userTokenKinds = ['activation', 'reset'] as const;
export type UserTokenKind = (typeof userTokenKinds)[number];

/** Single-use, expiring links (activation, password reset), stored as SHA-256. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: userTokenKinds }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * An activation link carries the credentials of the registration that asked for it, so a
     * second registration of an unactivated address never reuses or overwrites the first one's:
     * whoever can open the mailbox decides which registration becomes the account.
     */
    pending: jsonb('pending').$type<PendingRegistration>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_key').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.kind).where(sql`used_at is null`),
  ],
);
