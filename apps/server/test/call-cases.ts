import { randomUUID } from 'node:crypto';
import * as accountApi from '@kontor/contract/api/account';
import * as authApi from '@kontor/contract/api/auth';
import * as bookingsApi from '@kontor/contract/api/bookings';
import * as structuresApi from '@kontor/contract/api/data-structures';
import * as einvoiceApi from '@kontor/contract/api/einvoice';
import * as envApi from '@kontor/contract/api/environments';
import * as exportsApi from '@kontor/contract/api/export-templates';
import * as filesApi from '@kontor/contract/api/files';
import * as pagesApi from '@kontor/contract/api/pages';
import * as queryFormsApi from '@kontor/contract/api/query-forms';
import * as recordsApi from '@kontor/contract/api/records';
import * as settingsApi from '@kontor/contract/api/settings';
import * as setupApi from '@kontor/contract/api/setup';
import * as stagesApi from '@kontor/contract/api/stages';
import * as websiteApi from '@kontor/contract/api/website';
import type { Call } from '@kontor/contract/call';
import type { BoundCall } from '../src/http/route';
import { defaultPassword } from './fixtures';

/** Who the well-formed body is built for: a user with an environment of their own. */
export type CaseUser = Readonly<{ email: string; env: string }>;

export type CallCase = Readonly<{
  call: Call;
  /** A well-formed body (with `_env` where the call is environment-scoped), built when the test runs. */
  body: (user: CaseUser, someId: string) => Record<string, unknown>;
  /** Where a field's errors are answered, when not under its own name. */
  errorKey?: Record<string, string>;
  /** Fields the call may go without. */
  optional?: string[];
  /** Values of the bad-input suite's "wrong" list that a field legitimately takes. */
  accepts?: Record<string, unknown[]>;
  /** Object or list fields whose errors may name the inner field (`selector.type`, `fields[0]`) instead of the field. */
  nested?: string[];
}>;

const env = (user: CaseUser) => ({ _env: user.env });
const selector = { type: 'customers' };
const settingsMainOptional = [
  'logo',
  'website',
  'email',
  'phone',
  'fax',
  'tax_number',
  'tax_ustid',
  'default_address_invoice',
  'default_address_shipping',
  'default_bank_details',
  'default_tax',
];

/**
 * One well-formed body per call of the app. The bad-input suite spoils them field by field, the
 * cross-tenant meta-test sends the environment-scoped ones to a foreign environment. Both iterate
 * the calls the app registered (`app.calls`), so a new call without a case here fails the build,
 * naming the call.
 */
export const callCases: readonly CallCase[] = [
  { call: authApi.login, body: (u) => ({ email: u.email, password: 'falsch' }) },
  {
    call: authApi.register,
    body: (u) => ({ firstname: 'A', name: 'B', email: u.email, password: defaultPassword, password2: defaultPassword }),
  },
  { call: authApi.activate, body: (_u, id) => ({ user: id, token: 'abc' }) },
  { call: authApi.forgotPw, body: () => ({ email: 'niemand@example.de' }) },
  { call: authApi.forgotPwCheck, body: (_u, id) => ({ user: id, hash: 'abc' }) },
  {
    call: authApi.forgotPwReset,
    body: (_u, id) => ({ user: id, hash: 'abc', password: defaultPassword, password2: defaultPassword }),
    optional: ['password2'],
  },
  { call: authApi.logout, body: () => ({}) },
  { call: authApi.me, body: () => ({}) },
  {
    call: accountApi.changePassword,
    body: () => ({ currentPw: 'falsch', newPw: defaultPassword, newPw2: defaultPassword }),
  },
  { call: accountApi.logoutEverywhere, body: () => ({}) },
  { call: envApi.listEnvironments, body: () => ({}) },
  { call: envApi.listPresets, body: () => ({}) },
  {
    call: envApi.createEnvironment,
    body: () => ({ name: 'Kaputt GmbH', preset: 'none' }),
    errorKey: { name: 'names' },
  },
  { call: envApi.listInvitations, body: () => ({}) },
  { call: envApi.acceptInvitation, body: (_u, id) => ({ id }) },
  { call: envApi.declineInvitation, body: (_u, id) => ({ id }) },
  { call: envApi.inviteUser, body: (u) => ({ ...env(u), email: 'gast@example.de', role: 'staff' }) },
  { call: envApi.removeInvitation, body: (u, id) => ({ ...env(u), id }) },
  { call: envApi.environmentDetails, body: (u) => env(u) },
  { call: envApi.heartbeat, body: (u) => env(u) },
  { call: setupApi.setupInit, body: (u) => env(u) },
  {
    call: setupApi.setupStep1,
    body: (u) => ({
      ...env(u),
      name: 'Schreinerei Holzwurm GmbH',
      default_dateformat: 'YYYY-MM-DD',
      default_currency: 'euro',
      default_language: 'de_sie',
    }),
  },
  {
    call: setupApi.setupStep2,
    body: (u) => ({
      ...env(u),
      invoice_name: 'Schreinerei Holzwurm GmbH',
      invoice_street: 'Hauptstraße',
      invoice_housenumber: '1',
      invoice_zip: '12345',
      invoice_city: 'Berlin',
    }),
  },
  { call: setupApi.setupStep3, body: (u) => ({ ...env(u), name: 'Hausbank', iban: 'DE02120300000000202051' }) },
  { call: recordsApi.loadRecordForm, body: (u) => ({ ...env(u), type: 'customers', id: 'new' }) },
  {
    call: recordsApi.saveRecord,
    body: (u) => ({ ...env(u), type: 'customers', id: 'new', data: { name: 'Kaputt GmbH' } }),
    // An empty record is well-formed data (the service then names the missing fields).
    accepts: { data: [{}] },
  },
  { call: recordsApi.removeRecord, body: (u, id) => ({ ...env(u), type: 'customers', id }) },
  { call: recordsApi.recordTypeDetails, body: (u) => ({ ...env(u), type: 'customers' }) },
  {
    call: recordsApi.simpleTableData,
    body: (u) => ({ ...env(u), model: 'DynamicRecord', type: 'customers' }),
    optional: ['type'],
  },
  { call: recordsApi.modelSelectorSearch, body: (u) => ({ ...env(u), selector }), nested: ['selector'] },
  {
    call: recordsApi.modelSelectorResult,
    body: (u, id) => ({ ...env(u), selector, value: id }),
    // A list of ids is a value too (a multi-select).
    accepts: { value: [[], ['a@b.de']] },
    nested: ['selector'],
  },
  { call: structuresApi.listStructures, body: (u) => env(u) },
  {
    call: structuresApi.createStructure,
    body: (u) => ({ ...env(u), key: 'fahrzeuge', parent: 'article', plural: 'Fahrzeuge', singular: 'Fahrzeug' }),
  },
  { call: structuresApi.structureDetails, body: (u) => ({ ...env(u), type: 'fahrzeuge' }) },
  {
    call: structuresApi.saveStructure,
    body: (u) => ({
      ...env(u),
      orgKey: 'fahrzeuge',
      version: 1,
      key: 'fahrzeuge',
      parent: 'article',
      singular: 'Fahrzeug',
      plural: 'Fahrzeuge',
      fields: [],
      forms: [{ key: 'main', name: 'Hauptformular', fields: [] }],
      mainForm: 'main',
      lists: [{ key: 'default', name: 'Standard', type: 'simpletable', cells: [] }],
      defaultList: 'default',
    }),
    // Empty fields are a well-formed structure (the service then checks it as a whole).
    accepts: { fields: [[]], forms: [[]], lists: [[]], version: [123] },
    // A wrong entry of a list is named by its index (`fields[0]`).
    nested: ['fields', 'forms', 'lists'],
  },
  { call: structuresApi.deleteStructure, body: (u) => ({ ...env(u), key: 'fahrzeuge' }) },
  { call: structuresApi.stylingDefinitions, body: (u) => env(u) },
  {
    call: settingsApi.saveMainSettings,
    body: (u) => ({
      ...env(u),
      name: 'Schreinerei Holzwurm GmbH',
      website: 'www.holzwurm.de',
      tax_number: '12/345/67890',
    }),
    optional: settingsMainOptional,
    // Null clears a field.
    accepts: Object.fromEntries(settingsMainOptional.map((k) => [k, [null]])),
  },
  {
    call: settingsApi.saveModules,
    body: (u) => ({
      ...env(u),
      functions: { website: false, bookings: false, queryForms: true, filemanager: true },
    }),
    nested: ['functions'],
  },
  {
    call: settingsApi.setUserActive,
    body: (u, id) => ({ ...env(u), user: id, is_active: true }),
    accepts: { is_active: [true] },
  },
  { call: settingsApi.setUserRole, body: (u, id) => ({ ...env(u), user: id, role: 'staff' }) },
  { call: settingsApi.usersAudit, body: (u) => env(u) },
  { call: settingsApi.portalDetails, body: (u) => env(u) },
  {
    call: settingsApi.savePortal,
    body: (u) => ({ ...env(u), active: false, title: '', url_slug: '' }),
    accepts: { active: [true] },
  },
  {
    call: settingsApi.functionSettings,
    body: (u) => ({ ...env(u), function: 'queryForms', qualifier: 'html' }),
  },
  {
    call: settingsApi.saveFunctionSettings,
    body: (u) => ({ ...env(u), function: 'queryForms', qualifier: 'html', settings: { is_active: true } }),
    // An empty object keeps the defaults.
    accepts: { settings: [{}] },
  },
  { call: websiteApi.websiteStats, body: (u) => env(u) },
  { call: websiteApi.websiteDetails, body: (u) => env(u) },
  { call: websiteApi.designsList, body: (u) => env(u) },
  { call: websiteApi.changeDesign, body: (u) => ({ ...env(u), design: 'craft' }) },
  { call: websiteApi.designDetails, body: (u) => ({ ...env(u), design: 'craft' }) },
  {
    call: websiteApi.saveDesign,
    body: (u) => ({ ...env(u), website: { design_config: { business: { tagline: 'Gut gemacht' } } } }),
    nested: ['website'],
  },
  { call: websiteApi.websitePages, body: (u) => env(u) },
  { call: websiteApi.pageDetails, body: (u, id) => ({ ...env(u), id }) },
  {
    call: websiteApi.savePage,
    body: (u) => ({
      ...env(u),
      id: 'new',
      page: {
        title: 'Über uns',
        url_path: '',
        blocks: [{ type: 'text', designblock: true, fields: { heading: 'Hallo', text: 'Willkommen' } }],
        set_as_homepage: false,
        set_as_not_found_page: false,
        record_page: null,
      },
    }),
    nested: ['page'],
  },
  { call: websiteApi.removePage, body: (u, id) => ({ ...env(u), id }) },
  { call: websiteApi.designBlocks, body: (u) => env(u) },
  { call: websiteApi.websiteInterfaces, body: (u) => env(u) },
  {
    call: websiteApi.saveSettings,
    body: (u) => ({
      ...env(u),
      website: {
        host: '',
        is_active: true,
        debug: false,
        title: 'Holzwurm',
        meta_description: 'Schreinerei in Berlin',
        meta_keywords: '',
        interfaces: {},
      },
    }),
    nested: ['website'],
  },
  { call: websiteApi.verifyHost, body: (u) => env(u) },
  { call: websiteApi.addMenu, body: (u) => ({ ...env(u), title: 'Hauptmenü' }) },
  {
    call: websiteApi.saveMenu,
    body: (u, id) => ({
      ...env(u),
      menu: id,
      data: {
        title: 'Hauptmenü',
        definition: [{ type: 'custom', label: 'Start', url: '/', attributes: {} }],
        design_usage: {},
      },
    }),
    nested: ['data'],
  },
  { call: queryFormsApi.listQueryForms, body: (u) => env(u) },
  { call: queryFormsApi.queryFormDetails, body: (u, id) => ({ ...env(u), id }) },
  {
    call: queryFormsApi.saveQueryForm,
    body: (u) => ({
      ...env(u),
      id: 'new',
      title: 'Aufmaß vor Ort',
      definition: [
        { type: 'question', questionType: 'string', key: 'name', title: 'Name', columns: 12, required: true },
      ],
      answer_table_columns: [{ type: 'setting-field', mapping: 'name', label: 'Name' }],
      filled_once: false,
      publications: { html_website: { is_active: false, publish_key: null } },
    }),
    nested: ['definition', 'answer_table_columns', 'publications'],
    accepts: { definition: [[]], answer_table_columns: [[]], title: [''], filled_once: [true] },
  },
  { call: queryFormsApi.exportQueryFormAnswers, body: (u, id) => ({ ...env(u), id }) },
  { call: stagesApi.stageDetails, body: (u, id) => ({ ...env(u), type: 'invoices', stage: 'sent', id }) },
  { call: stagesApi.stageChange, body: (u, id) => ({ ...env(u), type: 'invoices', stage: 'sent', id }) },
  { call: stagesApi.stageHistory, body: (u, id) => ({ ...env(u), type: 'invoices', id }) },
  { call: stagesApi.numberRanges, body: (u) => env(u) },
  {
    call: stagesApi.saveNumberRange,
    body: (u) => ({ ...env(u), type: 'customers', format: 'K-{NNNNN}', next: 20001, auto: true }),
    // A whole number is a next number, and true a switch setting.
    accepts: { next: [123], auto: [true] },
  },
  { call: einvoiceApi.einvoiceDownload, body: (u, id) => ({ ...env(u), type: 'invoices', id, format: 'xrechnung' }) },
  { call: einvoiceApi.einvoiceImport, body: (u, id) => ({ ...env(u), type: 'incoming_invoices', file: id }) },
  { call: pagesApi.pageDetails, body: (u, id) => ({ ...env(u), type: 'invoices', id, page: 'details' }) },
  {
    call: recordsApi.recordExportPreview,
    body: (u, id) => ({ ...env(u), type: 'invoices', id, export: 'invoice' }),
    optional: ['export'],
  },
  {
    call: exportsApi.copyExport,
    body: (u) => ({ ...env(u), type: 'invoices', from: 'invoice', name: 'Kopie', key: 'kopie' }),
  },
  { call: exportsApi.deleteExport, body: (u) => ({ ...env(u), type: 'invoices', export: 'kopie' }) },
  {
    call: filesApi.prepareUpload,
    body: (u) => ({
      ...env(u),
      id: 'Ab3dE6gH9k',
      filename: 'Rechnung.pdf',
      filesize: 1024,
      filetype: 'application/pdf',
    }),
    optional: ['filetype', 'filemanager', 'directory'],
    accepts: { filesize: [123] },
  },
  { call: filesApi.startUpload, body: (u, id) => ({ ...env(u), id }) },
  { call: filesApi.uploadPartUrls, body: (u, id) => ({ ...env(u), id, parts: [1] }) },
  { call: filesApi.finishUpload, body: (u, id) => ({ ...env(u), id }) },
  {
    call: filesApi.failedUpload,
    body: (u, id) => ({ ...env(u), id, uploadUrl: 'http://kontor.test/files/x', error: 'network' }),
    optional: ['uploadUrl', 'error'],
  },
  { call: filesApi.previewUrls, body: (u, id) => ({ ...env(u), files: [id] }), accepts: { files: [[]] } },
  { call: filesApi.fileDetails, body: (u, id) => ({ ...env(u), id }) },
  {
    call: filesApi.directoryListing,
    body: (u, id) => ({ ...env(u), id, page: 1 }),
    optional: ['id', 'page'],
    accepts: { page: [123] },
  },
  { call: filesApi.directoryTree, body: (u) => env(u) },
  { call: filesApi.createDirectory, body: (u, id) => ({ ...env(u), name: 'Belege', location: id }) },
  { call: filesApi.renameEntry, body: (u, id) => ({ ...env(u), type: 'file', id, name: 'Neu.pdf' }) },
  { call: filesApi.deleteEntry, body: (u, id) => ({ ...env(u), type: 'directory', id }) },
  { call: filesApi.downloadFile, body: (u, id) => ({ ...env(u), id }) },
  { call: bookingsApi.bookingsOverview, body: (u) => ({ ...env(u), from: '2026-11-23', days: 7 }) },
  {
    call: bookingsApi.createBooking,
    body: (u, id) => ({
      ...env(u),
      name: 'Familie Kaya',
      start: '2026-11-23T18:00',
      end: '2026-11-23T20:00',
      room: id,
    }),
    optional: ['event', 'guests', 'status'],
    accepts: { guests: [null] },
  },
  {
    call: bookingsApi.updateBooking,
    body: (u, id) => ({ ...env(u), id, version: 1, start: '2026-11-23T18:00' }),
    optional: ['start', 'end', 'room', 'status'],
    nested: ['room'],
    accepts: { version: [123] },
  },
];

const byPath = new Map(callCases.map((c) => [c.call.path, c]));

/** The case of a registered call; throws naming the call when the table has none. */
export const caseOf = (bound: BoundCall): CallCase => {
  const found = byPath.get(bound.call.path);
  if (!found) {
    throw new Error(`call ${bound.call.path} has no case in apps/server/test/call-cases.ts: add a well-formed body`);
  }
  return found;
};

/** The access of a registered call in the words of the bad-input suite. */
export const accessOf = (bound: BoundCall): 'public' | 'user' | 'env' =>
  typeof bound.access === 'object' ? 'env' : bound.access;

export const someId = () => randomUUID();
