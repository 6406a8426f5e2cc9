import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MultipartUpload } from '../../storage/storage';
import { environments } from '../environments/environments.table';

/**
 * Folders of the file manager. One main directory per environment (parent null); names are data,
 * unique per folder regardless of case. Tenant table under forced Row Level Security.
 */
export const fileDirectories = pgTable(
  'file_directories',
  {
    envId: uuid('env_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    /** Written by the system (frozen PDFs): people may read, not change. */
    system: boolean('system').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.envId, t.id] }),
    uniqueIndex('file_directories_name_idx').on(t.envId, t.parentId, sql`lower(${t.name})`),
    uniqueIndex('file_directories_main_idx').on(t.envId).where(sql`${t.parentId} is null`),
  ],
);

export type FileStatus = 'prepared' | 'uploading' | 'ready';

/**
 * Files: the row is created at prepare (reserving the name and the quota), the bytes live in the
 * storage under `{envId}/{id}`; only `ready` files are listed or served.
 */
export const files = pgTable(
  'files',
  {
    envId: uuid('env_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    directoryId: uuid('directory_id').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Sniffed from the bytes at finish; the uploader's claim until then is never served. */
    contentType: text('content_type').notNull().default('application/octet-stream'),
    status: text('status', { enum: ['prepared', 'uploading', 'ready'] })
      .$type<FileStatus>()
      .notNull(),
    /** The browser's 10-character upload id (spec 01 §9). */
    uploadId: text('upload_id'),
    /** The storage's multipart descriptor while a large upload runs. */
    multipart: jsonb('multipart').$type<MultipartUpload>(),
    etag: text('etag'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.envId, t.id] }),
    uniqueIndex('files_name_idx').on(t.envId, t.directoryId, sql`lower(${t.name})`),
    index('files_status_idx').on(t.envId, t.status, t.updatedAt),
  ],
);
