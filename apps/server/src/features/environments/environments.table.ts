import type { Role } from '@kontor/contract/api/roles';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';

export type MenuEntry = { type: 'title' | 'link'; label: string; path?: string; icon?: string };
export type EnvironmentFunctions = Record<'website' | 'bookings' | 'queryForms' | 'filemanager', { active: boolean }>;
export type EnvironmentCapabilities = { html_form_publish: boolean };

/** Company environments (tenants). A control-plane table: membership decides who may enter. */
export const environments = pgTable(
  'environments',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    urlSlug: text('url_slug').notNull(),
    status: text('status', { enum: ['active', 'blocked', 'inactive'] })
      .notNull()
      .default('active'),
    preset: text('preset'),
    logo: text('logo'),
    menu: jsonb('menu').$type<MenuEntry[]>().notNull().default([]),
    functions: jsonb('functions')
      .$type<EnvironmentFunctions>()
      .notNull()
      .default({
        website: { active: false },
        bookings: { active: false },
        queryForms: { active: false },
        filemanager: { active: true },
      }),
    capabilities: jsonb('capabilities').$type<EnvironmentCapabilities>().notNull().default({ html_form_publish: true }),
    defaultTax: text('default_tax'),
    defaultDateformat: text('default_dateformat').notNull().default('DD.MM.YYYY'),
    defaultCurrency: text('default_currency').notNull().default('euro'),
    defaultLanguage: text('default_language').notNull().default('de_sie'),
    defaultAddressInvoice: text('default_address_invoice'),
    defaultAddressShipping: text('default_address_shipping'),
    defaultBankDetails: text('default_bank_details'),
    website: text('website'),
    email: text('email'),
    phone: text('phone'),
    fax: text('fax'),
    taxNumber: text('tax_number'),
    taxUstid: text('tax_ustid'),
    /** Moves whenever modules, menu, taxes, record types or defaults change; drives the reload warning. */
    configUpdatedAt: timestamp('config_updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Setup wizard steps saved so far (0–3), so a half-finished wizard resumes where it stopped. */
    setupStep: integer('setup_step').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('environments_url_slug_key').on(t.urlSlug)],
);

export const environmentUsers = pgTable(
  'environment_users',
  {
    envId: uuid('env_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    /** What the member may do here (issue 29): owner, admin, staff, readonly, advisor. */
    role: text('role').$type<Role>().notNull().default('admin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.envId, t.userId] }), index('environment_users_user_idx').on(t.userId)],
);

export const invitationStatuses = ['pending', 'accepted', 'declined', 'removed'] as const;

export const environmentInvitations = pgTable(
  'environment_invitations',
  {
    envId: uuid('env_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    /** Lower-cased like users.email, so a later registration finds its invitations. */
    email: text('email').notNull(),
    status: text('status', { enum: invitationStatuses }).notNull().default('pending'),
    /** The role the invitee gets on accepting (issue 29 item 4); migration 0027 gave older ones 'admin'. */
    role: text('role').$type<Role>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** 14 days after the (last) sending; a re-sent invitation starts again. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The last mail sent for it: the daily caps and the re-send pause count by it. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.envId, t.id] }),
    uniqueIndex('environment_invitations_id_key').on(t.id),
    index('environment_invitations_pending_email_idx').on(t.email).where(sql`status = 'pending'`),
  ],
);

/** Templates offered when creating an environment; definitions live in code and are synced on start. */
export const presets = pgTable('presets', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  definition: jsonb('definition').notNull(),
  sort: integer('sort').notNull().default(0),
});
