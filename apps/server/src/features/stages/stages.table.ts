import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { environments } from '../environments/environments.table';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const envRef = () =>
  uuid('env_id')
    .notNull()
    .references(() => environments.id, { onDelete: 'cascade' });

/** Who moved which record from which stage to which, and when (shown on the record). */
export const stageTransitions = pgTable(
  'stage_transitions',
  {
    envId: envRef(),
    id: uuid('id').notNull(),
    recordId: uuid('record_id').notNull(),
    type: text('type').notNull(),
    fromStage: text('from_stage'),
    toStage: text('to_stage').notNull(),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.envId, t.id] }),
    index('stage_transitions_record_idx').on(t.envId, t.recordId, t.at),
  ],
);

/** Gap-free counters, one row per environment, range (type) and year; locked while a number is drawn. */
export const numberRanges = pgTable(
  'number_ranges',
  {
    envId: envRef(),
    rangeKey: text('range_key').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.envId, t.rangeKey, t.year] })],
);

/**
 * An environment's choices for a type's number range (issue 31): its pattern and whether a number
 * is drawn by itself. Without a row the type's own numbering applies.
 */
export const numberRangeSettings = pgTable(
  'number_range_settings',
  {
    envId: envRef(),
    rangeKey: text('range_key').notNull(),
    format: text('format').notNull(),
    auto: boolean('auto').notNull(),
  },
  (t) => [primaryKey({ columns: [t.envId, t.rangeKey] })],
);

/** A frozen document (GoBD): its PDF bytes, their SHA-256 and the record's snapshot; never updated. */
export const frozenDocuments = pgTable(
  'frozen_documents',
  {
    envId: envRef(),
    id: uuid('id').notNull(),
    recordId: uuid('record_id').notNull(),
    type: text('type').notNull(),
    exportKey: text('export_key').notNull(),
    number: text('number').notNull(),
    bytes: bytea('bytes').notNull(),
    sha256: text('sha256').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.envId, t.id] }),
    unique('frozen_documents_record_export').on(t.envId, t.recordId, t.exportKey),
    unique('frozen_documents_number').on(t.envId, t.type, t.number),
  ],
);

/** The environment's audit trail: each entry's hash covers the previous one's, so a change breaks the chain. */
export const auditEntries = pgTable(
  'audit_entries',
  {
    envId: envRef(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    recordId: uuid('record_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.envId, t.seq] })],
);
