import { z } from 'zod';
import { boundedRecord, type Call, call, envScoped } from '../call';
import {
  cellSchema,
  dataFieldSchema,
  formElementSchema,
  recordTypeSchema,
  selectorSchema,
  stageSchema,
} from './record-types';
import { typeRightsSchema } from './type-access';

/** A record id on the wire: a uuid, or 'new' for a record not yet saved. */
const recordIdOrNew = z.string().trim().min(1).max(64);
export const newRecordId = 'new';

const typeKey = z.string().trim().min(1).max(60);
const formKey = z.string().trim().max(60).optional();

/** A record's data on the wire: field keys to values (maps and files are bounded by the save path). */
export const maxDataKeys = 500;

/** Spec 01 §7 dynamic-records/form: the definition to render and the values to show. */
export const recordFormDataSchema = z.object({
  type: z.string(),
  singular: z.string(),
  form: z.array(formElementSchema),
  fields: z.record(z.string(), dataFieldSchema),
  values: z.looseObject({ _id: z.string().optional() }),
  /** For optimistic concurrency: sent back with the save. */
  version: z.number().int().nullable(),
  stage: stageSchema.nullable(),
  /** True when the record's stage forbids editing or the environment is not active. */
  readOnly: z.boolean(),
  /** The stages a user may move the record to (spec 02 §2.1 header actions). */
  stageActions: z.array(z.object({ key: z.string(), name: z.string(), actionName: z.string().nullable() })),
  hasPreview: z.boolean(),
  /** The record was frozen by a type that issues e-invoices: the title bar offers XRechnung and ZUGFeRD. */
  einvoice: z.boolean().optional(),
  /** The type's detail pages, linked from the header of a saved record. */
  pages: z.array(z.object({ key: z.string(), name: z.string() })).default([]),
  /** What the member may do with the type's records (issue 29 item 2): the editor offers no more. */
  rights: typeRightsSchema,
});
export type RecordFormData = z.infer<typeof recordFormDataSchema>;

export const loadRecordForm = call('/api/dynamic-records/form', {
  body: envScoped({ type: typeKey, id: recordIdOrNew, form: formKey }),
  data: recordFormDataSchema,
});

export const saveRecord = call('/api/dynamic-records/save', {
  body: envScoped({
    type: typeKey,
    id: recordIdOrNew,
    data: boundedRecord(z.string().max(100), z.unknown(), maxDataKeys),
    form: formKey,
    version: z.number().int().min(1).nullable().optional(),
  }),
  data: z.object({ key: z.string(), version: z.number().int() }),
});

export const removeRecord = call('/api/dynamic-records/remove', {
  body: envScoped({ type: typeKey, id: recordIdOrNew, form: formKey }),
  data: z.undefined(),
});

/** The effective definition of a type, plus the number of its records. */
export const recordTypeDetails = call('/api/dynamic-records/type/details', {
  body: envScoped({ type: typeKey }),
  // `rights`: what the member may do with the type's records (issue 29 item 2).
  data: recordTypeSchema.extend({ count: z.number().int().min(0), rights: typeRightsSchema }),
});

// ---- Generic lists (CLARIFICATIONS.md "Generic lists") ----

export const listModels = [
  'DynamicRecord',
  'EnvironmentUser',
  'EnvironmentUserInvitation',
  'EnvironmentWebsitePage',
  'QueryForm',
  'QueryFormAnswer',
] as const;
export type ListModel = (typeof listModels)[number];

export const maxPageSize = 100;
export const defaultPageSize = 25;
/** Lists never count past this many matches; the answer says `totalCapped`. */
export const totalCap = 10_000;
/** A list filter names at most this many of the list's cells (each one is a condition of the query). */
export const maxFilterKeys = 20;

export const simpleTableBody = envScoped({
  model: z.enum(listModels),
  type: typeKey.optional(),
  list: z.string().trim().max(60).optional(),
  search: z.string().max(200).optional(),
  sort: z.object({ field: z.string().max(60), dir: z.enum(['asc', 'desc']) }).optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  pageSize: z.number().int().min(1).max(maxPageSize).optional(),
  /**
   * Opaque keyset cursor from a previous answer's nextCursor: deep pages stay fast. It carries the
   * last row's sort value (up to 4,000 characters, as JSON in base64), so it may be long when that
   * value is long and not ASCII: a 200-character name in CJK script makes about 900 characters.
   */
  cursor: z.string().max(40_000).optional(),
  filter: boundedRecord(
    z.string().max(60),
    z.union([z.string().max(200), z.number(), z.boolean()]),
    maxFilterKeys,
  ).optional(),
});

export const simpleTableRowSchema = z.looseObject({ _id: z.string() });
export type SimpleTableRow = z.infer<typeof simpleTableRowSchema>;
export const simpleTableDataSchema = z.object({
  rows: z.array(simpleTableRowSchema),
  /** Null on a cursor page: the total is counted with the first page only. */
  total: z.number().int().nullable(),
  totalCapped: z.boolean(),
  cells: z.array(cellSchema),
  nextCursor: z.string().nullable(),
  page: z.number().int(),
  pageSize: z.number().int(),
  list: z.object({ key: z.string(), name: z.string() }),
  sort: z.object({ field: z.string(), dir: z.enum(['asc', 'desc']) }).nullable(),
});
export type SimpleTableData = z.infer<typeof simpleTableDataSchema>;

export const simpleTableData = call('/api/simpletable/data', {
  body: simpleTableBody,
  data: simpleTableDataSchema,
});

// ---- Model selector ----

export const modelSelectorItemSchema = z.object({ _id: z.string(), label: z.string() });
export type ModelSelectorItem = z.infer<typeof modelSelectorItemSchema>;

export const modelSelectorSearch = call('/api/model-selector/search', {
  body: envScoped({ selector: selectorSchema, search: z.string().max(200).optional() }),
  data: z.array(modelSelectorItemSchema),
});

export const modelSelectorResult = call('/api/model-selector/result', {
  body: envScoped({
    selector: selectorSchema,
    value: z.union([z.string().max(64), z.array(z.string().max(64)).max(200)]),
  }),
  data: z.union([modelSelectorItemSchema, z.array(modelSelectorItemSchema)]).nullable(),
});

// ---- Downloads and exports (spec 01 §7 "Download button call", spec 02 §9) ----

/** What a download source answers: the file's url, and for a pdf a preview url. */
export const downloadAnswerSchema = z.object({
  url: z.string().min(1),
  type: z.string().optional(),
  urlPreview: z.string().optional(),
});
export type DownloadAnswer = z.infer<typeof downloadAnswerSchema>;

/** A call a download button may name as its source: any body, answered by a download. */
export type DownloadCall = Call<z.ZodType, typeof downloadAnswerSchema>;

/** A record exported with one of its type's export templates (the default one without `export`). */
export const recordExport = call('/api/dynamic-records/export', {
  body: envScoped({ type: typeKey.optional(), id: recordIdOrNew, export: z.string().trim().max(60).optional() }),
  data: downloadAnswerSchema,
});

/** The pdf preview of a record (the server names the file preview.pdf). */
export const recordExportPreview = call('/api/dynamic-records/exports/preview', {
  body: envScoped({ type: typeKey, id: recordIdOrNew, export: z.string().trim().max(60).optional() }),
  data: downloadAnswerSchema,
});
