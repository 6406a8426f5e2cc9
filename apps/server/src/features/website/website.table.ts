import type { Block, Interfaces, MenuEntry, RecordPage } from '@kontor/contract/api/website';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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
import { environments } from '../environments/environments.table';

const envRef = () =>
  uuid('env_id')
    .notNull()
    .references(() => environments.id, { onDelete: 'cascade' });

type FieldValue = string | number | boolean | null;

/** The website of an environment (spec 02 §3 "Website"), at most one; a tenant table under RLS. */
export const websites = pgTable('websites', {
  envId: envRef().primaryKey(),
  id: uuid('id').notNull(),
  homepage: uuid('homepage'),
  isActive: boolean('is_active').notNull().default(false),
  debug: boolean('debug').notNull().default(false),
  title: text('title').notNull().default(''),
  metaDescription: text('meta_description').notNull().default(''),
  metaKeywords: text('meta_keywords').notNull().default(''),
  design: text('design').notNull().default('business'),
  designConfig: jsonb('design_config').$type<Record<string, Record<string, FieldValue>>>().notNull().default({}),
  interfaces: jsonb('interfaces').$type<Interfaces>().notNull().default({}),
  /** Moves with every change of the site: the public page cache keys on it. */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A page of the website (spec 02 §3 "Website page"); its url_path is unique per environment. */
export const websitePages = pgTable(
  'website_pages',
  {
    envId: envRef(),
    id: uuid('id').primaryKey(),
    title: text('title').notNull().default(''),
    urlPath: text('url_path').notNull(),
    blocks: jsonb('blocks').$type<Block[]>().notNull().default([]),
    setAsHomepage: boolean('set_as_homepage').notNull().default(false),
    setAsNotFoundPage: boolean('set_as_not_found_page').notNull().default(false),
    recordPage: jsonb('record_page').$type<RecordPage | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('website_pages_env_path_key').on(t.envId, t.urlPath)],
);

export const websiteMenus = pgTable(
  'website_menus',
  {
    envId: envRef(),
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    definition: jsonb('definition').$type<MenuEntry[]>().notNull().default([]),
    designUsage: jsonb('design_usage').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('website_menus_env_idx').on(t.envId, t.createdAt)],
);

/** Page views and distinct visitors per day (statistics windows of spec 02 §9: 7 and 30 days). */
export const websiteVisits = pgTable(
  'website_visits',
  {
    envId: envRef(),
    day: date('day').notNull(),
    hits: integer('hits').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.envId, t.day] })],
);

/** Today's visitor hashes (salted, never an address); older days are deleted. */
export const websiteVisitors = pgTable(
  'website_visitors',
  {
    envId: envRef(),
    day: date('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.envId, t.day, t.visitorHash] })],
);

/**
 * Control plane: the website's own host, found by the Host header before any environment is known.
 * Served only once verified by a DNS TXT record carrying the token (issue 30 item 2); only a verified
 * host is unique, so a pending claim never blocks the host's real owner.
 */
export const websiteHosts = pgTable(
  'website_hosts',
  {
    envId: envRef().primaryKey(),
    host: text('host').notNull(),
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    index('website_hosts_host_idx').on(t.host),
    uniqueIndex('website_hosts_verified_host_key').on(t.host).where(sql`verified_at is not null`),
  ],
);

/** Control plane: the salt of the visitor hash of one day, the same for all environments, deleted after it. */
export const websiteSalts = pgTable('website_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
});
