import { z } from 'zod';
import { boundedRecord, call, envScoped } from '../call';
import {
  type Cell,
  type DataField,
  type FormElement,
  type RecordType,
  recordTypeKeySchema,
  type Stage,
  selectorSchema,
} from './record-types';

/** A record id on the wire: a uuid, or 'new' for a record not yet saved. */
export const recordIdOrNew = z.string().trim().min(1).max(64);
export const newRecordId = 'new';

const typeKey = z.string().trim().min(1).max(60);
const formKey = z.string().trim().max(60).optional();

/** A record's data on the wire: field keys to values (maps and files are bounded by the save path). */
export const maxDataKeys = 500;

/** Spec 01 §7 dynamic-records/form: the definition to render and the values to show. */
export type RecordFormData = {
  type: string;
  singular: string;
  form: FormElement[];
  fields: Record<string, DataField>;
  values: Record<string, unknown> & { _id?: string };
  /** For optimistic concurrency: sent back with the save. */
  version: number | null;
  stage: Stage | null;
  /** True when the record's stage forbids editing or the environment is not active. */
  readOnly: boolean;
  /** The stages a user may move the record to (spec 02 §2.1 header actions). */
  stageActions: Array<{ key: string; name: string; actionName: string | null }>;
  hasPreview: boolean;
};

export const loadRecordForm = call('/api/dynamic-records/form', {
  body: envScoped({ type: typeKey, id: recordIdOrNew, form: formKey }),
  data: z.custom<RecordFormData>(),
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
  data: z.custom<RecordType & { count: number }>(),
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

export type SimpleTableRow = Record<string, unknown> & { _id: string };
export type SimpleTableData = {
  rows: SimpleTableRow[];
  /** Null on a cursor page: the total is counted with the first page only. */
  total: number | null;
  totalCapped: boolean;
  cells: Cell[];
  nextCursor: string | null;
  page: number;
  pageSize: number;
  list: { key: string; name: string };
  sort: { field: string; dir: 'asc' | 'desc' } | null;
};

export const simpleTableData = call('/api/simpletable/data', {
  body: simpleTableBody,
  data: z.custom<SimpleTableData>(),
});

// ---- Model selector ----

export type ModelSelectorItem = { _id: string; label: string };

export const modelSelectorSearch = call('/api/model-selector/search', {
  body: envScoped({ selector: selectorSchema, search: z.string().max(200).optional() }),
  data: z.custom<ModelSelectorItem[]>(),
});

export const modelSelectorResult = call('/api/model-selector/result', {
  body: envScoped({
    selector: selectorSchema,
    value: z.union([z.string().max(64), z.array(z.string().max(64)).max(200)]),
  }),
  data: z.custom<ModelSelectorItem | ModelSelectorItem[] | null>(),
});

export const recordTypeKey = recordTypeKeySchema;
