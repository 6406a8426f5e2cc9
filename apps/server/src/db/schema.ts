// The whole Drizzle schema: every feature's tables, for the query builder and drizzle-kit.

export * from '../engine/records.table';
export * from '../features/auth/auth.table';
export * from '../features/bookings/bookings.table';
export * from '../features/data-structures/data-structures.table';
export * from '../features/einvoice/einvoice.table';
export * from '../features/environments/environments.table';
export * from '../features/files/files.table';
export * from '../features/portal/portal.table';
export * from '../features/query-forms/query-forms.table';
export * from '../features/settings/settings.table';
export * from '../features/stages/stages.table';
export * from '../features/website/website.table';
export * from '../mail/mail.table';
