import { customType, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { environments } from '../environments/environments.table';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** The e-invoice files of a frozen document (XRechnung XML, ZUGFeRD PDF): written once, with their SHA-256. */
export const einvoiceDocuments = pgTable(
  'einvoice_documents',
  {
    envId: uuid('env_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    recordId: uuid('record_id').notNull(),
    frozenId: uuid('frozen_id').notNull(),
    format: text('format').notNull(),
    filename: text('filename').notNull(),
    bytes: bytea('bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.envId, t.id] }),
    unique('einvoice_documents_record_format').on(t.envId, t.recordId, t.format),
  ],
);
