import { z } from 'zod';
import { boundedRecord } from '../call';
import { einvoiceMappingSchema } from './einvoice-mapping';
import { exportTemplateSchema } from './export-templates';
import { pageDefinitionSchema } from './pages';
import { typeAccessSchema, typeRightsSchema } from './type-access';

/**
 * The record type ("data structure") model of spec 02 §3: fields, forms, lists, stages,
 * exports. Base types ship as code; environments derive child types. The server resolves the
 * effective definition; the browser renders forms and lists from it.
 */

export const fieldTypes = [
  'string',
  'text',
  'integer',
  'float',
  'password',
  'boolean',
  'map',
  'object',
  'date',
  'datetime',
  'model',
  'models',
  'file',
  'files',
] as const;
export const fieldTypeSchema = z.enum(fieldTypes);
export type FieldType = z.infer<typeof fieldTypeSchema>;

export const mapSubTypes = ['positions-map', 'taxes-map'] as const;

const key = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/);
export const recordTypeKeySchema = key;

/**
 * How much one record type may hold. Every part of a structure is bounded, so a structure an
 * administrator saves can neither grow a request past reason nor stall the engine that renders it.
 */
export const limits = {
  fields: 200,
  childFields: 100,
  options: 200,
  elements: 200,
  forms: 50,
  lists: 50,
  cells: 50,
  stages: 50,
  exports: 50,
  settings: 100,
  queryForms: 50,
  pages: 20,
  /**
   * Distinct fields the lists of one type sort by (issue 28 item 2): each keeps a sort key per
   * record in record_sort_keys, so this bounds what one record costs its environment.
   */
  sortableFields: 40,
  /** Data structures (own record types) of one environment, the presets' types included. */
  structuresPerEnvironment: 100,
} as const;

const optionSchema = z.object({ value: z.string().max(200), label: z.string().max(200) });
export type FieldOption = z.infer<typeof optionSchema>;

export const validationSchema = z
  .object({
    required: z.boolean(),
    unique: z.boolean(),
    minLength: z.number().int().min(0),
    maxLength: z.number().int().min(1),
    min: z.number(),
    max: z.number(),
    minDate: z.string().max(40),
    maxDate: z.string().max(40),
    email: z.boolean(),
    iban: z.boolean(),
    bic: z.boolean(),
    url: z.boolean(),
  })
  .partial();
export type ValidationMap = z.infer<typeof validationSchema>;

/** A label is made of a few fields; the model selector calls send the selector as it is. */
export const maxSelectorColumns = 10;

/** How a model field finds its records: the type, the columns (its fields) that make up a label. */
export const selectorSchema = z.object({
  type: key,
  columns: z.array(z.string().max(60)).max(maxSelectorColumns).optional(),
  label: z.string().max(200).optional(),
});
export type Selector = z.infer<typeof selectorSchema>;

export type DataField = {
  key: string;
  type: FieldType;
  label: string;
  validation?: ValidationMap | undefined;
  /** Child fields of a map (one sub-record per entry) or an object. */
  definition?: DataField[] | undefined;
  subType?: (typeof mapSubTypes)[number] | undefined;
  /** The base type a field was inherited from; such a field is read-only in the editor. */
  origin?: string | undefined;
  /** Options of a string with select appearance, or a position's units. */
  options?: FieldOption[] | undefined;
  appearance?: 'select' | undefined;
  selector?: Selector | undefined;
  /** Stored as integer cents (computed totals); lists format it with `currency`. */
  currency?: boolean | undefined;
  /**
   * Filled by the server, never from the form: positions' net and gross on save; `number` is the
   * document number drawn from the type's range when the document is frozen (issue 31).
   */
  computed?: 'positions.net' | 'positions.gross' | 'positions.taxes' | 'number' | undefined;
  /** Filled by the server with the selector label of the named model field (for lists and search). */
  labelOf?: string | undefined;
  default?: unknown;
  placeholder?: string | undefined;
};

export const dataFieldSchema: z.ZodType<DataField> = z.lazy(() =>
  z.object({
    key,
    type: fieldTypeSchema,
    label: z.string().max(200),
    validation: validationSchema.optional(),
    definition: z.array(dataFieldSchema).max(limits.childFields).optional(),
    subType: z.enum(mapSubTypes).optional(),
    origin: z.string().max(60).optional(),
    options: z.array(optionSchema).max(limits.options).optional(),
    appearance: z.literal('select').optional(),
    selector: selectorSchema.optional(),
    currency: z.boolean().optional(),
    computed: z.enum(['positions.net', 'positions.gross', 'positions.taxes', 'number']).optional(),
    labelOf: z.string().max(60).optional(),
    default: z.unknown().optional(),
    placeholder: z.string().max(200).optional(),
  }),
);

/**
 * Visibility of a form element: `{ field: 'delivery.type', operator: '==', value: 'post' }`, shown
 * only when every condition holds. `field` is a path into the form's values; '==' is the only
 * operator (spec 01 §5) and the default. Evaluated by `logic/conditions.ts`.
 */
export const visibleConditionSchema = z.object({
  field: z.string().max(200),
  operator: z.literal('==').optional(),
  value: z.unknown(),
});
export type VisibleCondition = z.infer<typeof visibleConditionSchema>;

type ElementOptions = {
  /** Grid width of 12; fields default to 6 in data structures, components to 12. */
  columns?: number | undefined;
  hint?: string | undefined;
  noWrapper?: boolean | undefined;
  visible?: VisibleCondition[] | undefined;
  rerenderOnChange?: boolean | undefined;
  prepend?: string | undefined;
  append?: string | undefined;
  style?: Record<string, string> | undefined;
};

export type FormElement =
  | ({ type: 'field'; field: string; mode?: 'images-preview' | undefined } & ElementOptions)
  | ({ type: 'tabs'; sections: Array<{ title: string; fields: FormElement[] }> } & ElementOptions)
  | ({ type: 'card'; headerTitle?: string | undefined; children: FormElement[] } & ElementOptions)
  | ({ type: 'container'; children: FormElement[] } & ElementOptions)
  | ({ type: 'button'; label: string; href?: string | undefined } & ElementOptions);

const elementOptions = {
  columns: z.number().int().min(1).max(12).optional(),
  hint: z.string().max(500).optional(),
  noWrapper: z.boolean().optional(),
  visible: z.array(visibleConditionSchema).max(20).optional(),
  rerenderOnChange: z.boolean().optional(),
  prepend: z.string().max(60).optional(),
  append: z.string().max(60).optional(),
  style: boundedRecord(z.string().max(60), z.string().max(200), 20).optional(),
};

export const formElementSchema: z.ZodType<FormElement> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('field'),
      field: z.string().max(60),
      mode: z.literal('images-preview').optional(),
      ...elementOptions,
    }),
    z.object({
      type: z.literal('tabs'),
      sections: z
        .array(z.object({ title: z.string().min(1).max(200), fields: z.array(formElementSchema).max(limits.elements) }))
        .max(limits.elements),
      ...elementOptions,
    }),
    z.object({
      type: z.literal('card'),
      headerTitle: z.string().max(200).optional(),
      children: z.array(formElementSchema).max(limits.elements),
      ...elementOptions,
    }),
    z.object({
      type: z.literal('container'),
      children: z.array(formElementSchema).max(limits.elements),
      ...elementOptions,
    }),
    z.object({
      type: z.literal('button'),
      label: z.string().max(200),
      href: z.string().max(500).optional(),
      ...elementOptions,
    }),
  ]),
);

export const formSchema = z.object({
  key,
  name: z.string().max(200),
  fields: z.array(formElementSchema).max(limits.elements),
  /** Inherited or template forms are read-only. */
  isPreset: z.boolean().optional(),
});
export type Form = z.infer<typeof formSchema>;

const listOperators = ['not_empty', 'is_empty', '==', '!='] as const;
export type ListOperator = (typeof listOperators)[number];

/**
 * One list button condition: `[path, operator, value?]`, or `{ $or: [entry, …] }` which holds when
 * any of its entries holds, where an entry may itself be a list of entries that must all hold:
 * `{ $or: [[['a', '==', 1], ['b', 'not_empty']], ['c', '==', 2]] }`. Evaluated by `logic/conditions.ts`.
 */
export type ListCondition =
  | readonly [path: string, operator: ListOperator, value?: unknown]
  | Readonly<{ $or: readonly ListCondition[] }>
  | readonly ListCondition[];
export const listConditionSchema: z.ZodType<ListCondition> = z.lazy(() =>
  z.union([
    z.tuple([z.string().max(200), z.enum(listOperators), z.unknown().optional()]),
    z.object({ $or: z.array(listConditionSchema).max(50) }),
    z.array(listConditionSchema).max(50),
  ]),
);

export const cellButtonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('edit'), label: z.string().max(200).optional() }),
  z.object({
    kind: z.literal('page'),
    page: z.string().max(60),
    label: z.string().max(200).optional(),
    icon: z.string().max(60).optional(),
    conditions: z.array(listConditionSchema).max(50).optional(),
  }),
]);
export type CellButton = z.infer<typeof cellButtonSchema>;

export const cellSchema = z.object({
  /** Field path in the record's data, or `___options___` for the edit/page buttons column. */
  mapping: z.string().max(200),
  label: z.string().max(200),
  /**
   * `currency`: integer cents shown as money (spec); `money`: decimal euros as typed; `number`:
   * German number; `options`: the label of the option; the rest format dates, flags and stages.
   */
  format: z.enum(['currency', 'money', 'number', 'options', 'date', 'datetime', 'boolean', 'stage']).optional(),
  options: z.array(optionSchema).max(limits.options).optional(),
  buttons: z.array(cellButtonSchema).max(10).optional(),
  searchable: z.boolean().optional(),
  sortable: z.boolean().optional(),
});
export type Cell = z.infer<typeof cellSchema>;
export const optionsMapping = '___options___';

export const listSchema = z.object({
  key,
  name: z.string().max(200),
  type: z.string().max(60),
  cells: z.array(cellSchema).max(limits.cells),
  defaultSort: z.object({ field: z.string().max(60), dir: z.enum(['asc', 'desc']) }).optional(),
  isPreset: z.boolean().optional(),
});
export type List = z.infer<typeof listSchema>;

export const stageSchema = z.object({
  key,
  name: z.string().max(200),
  actionName: z.string().max(200).optional(),
  required: z.boolean().optional(),
  editDisabled: z.boolean().optional(),
  export: z.string().max(60).optional(),
  color: z.string().max(40).optional(),
  background: z.string().max(40).optional(),
  /** The stages a record may come from; absent: any other stage. */
  from: z.array(key).max(50).optional(),
  /** Entering it makes a cancellation record (Storno) of the frozen document, frozen in turn. */
  cancels: z.boolean().optional(),
});
export type Stage = z.infer<typeof stageSchema>;

/** An export: key, name, isParent (spec 02 §3) and the layout blocks the PDF is made of. */
export const exportSchema = exportTemplateSchema;
export type Export = z.output<typeof exportSchema>;

/**
 * A number pattern: letters, digits, '-', '_', '.' and the placeholders `{YYYY}` (the year) and
 * `{NNNN}` (the counter, padded to as many digits as there are N, at most 9). No '/': the number
 * names the downloaded file. A pattern without `{YYYY}` counts on across the years.
 */
export const numberPatternPattern =
  /^(?:[A-Za-z0-9._-]|\{YYYY\}|\{N{1,9}\})*\{N{1,9}\}(?:[A-Za-z0-9._-]|\{YYYY\}|\{N{1,9}\})*$/;

/**
 * The number range of a type: `{YYYY}` the year, `{NNNN}` the counter. `assign` says when a number
 * is drawn: at the freeze (invoices: gap-free, § 14 Abs. 4 Nr. 4 UStG) or on creation when the
 * field was left empty (customers, articles, offers). `start` is a new range's first number. One
 * range per environment and type, per year when the pattern names the year.
 */
export const numberingSchema = z.object({
  field: key,
  format: z.string().min(1).max(40).regex(numberPatternPattern),
  assign: z.enum(['freeze', 'create']).optional(),
  start: z.number().int().min(1).max(999_999_999).optional(),
});
export type Numbering = z.infer<typeof numberingSchema>;

export const settingSchema = z.object({
  key,
  name: z.string().max(200),
  type: z.enum(['string', 'boolean']),
  default: z.union([z.string().max(1000), z.boolean()]).optional(),
  description: z.string().max(1000).optional(),
});
export type Setting = z.infer<typeof settingSchema>;

export const queryFormLinkSchema = z.object({
  form: z.string().max(64),
  portal_fillable: z.boolean(),
  portal_requirement: z.boolean(),
  url_fillable: z.boolean(),
  multiple: z.boolean(),
  editable: z.boolean(),
  /**
   * Question key → field key of this structure: an answer given through this link creates a
   * record (filled by URL) or updates the customer's own record (in the portal) with these values.
   */
  mapping: boundedRecord(z.string().max(64), z.string().max(64), 100).optional(),
});
export type QueryFormLink = z.infer<typeof queryFormLinkSchema>;

/** A record type as stored (base types in code, child types per environment). */
export const recordTypeSchema = z.object({
  key,
  parent: key.nullable(),
  singular: z.string().min(1).max(100),
  plural: z.string().min(1).max(100),
  icon: z.string().max(60).optional(),
  fields: z.array(dataFieldSchema).max(limits.fields),
  forms: z.array(formSchema).max(limits.forms),
  mainForm: z.string().max(60),
  lists: z.array(listSchema).max(limits.lists),
  defaultList: z.string().max(60),
  stages: z.array(stageSchema).max(limits.stages).default([]),
  exports: z.array(exportSchema).max(limits.exports).default([]),
  defaultExport: z.string().max(60).nullable().default(null),
  /** Detail pages (/dyn/{type}/{id}/page/{page}). */
  pages: z.array(pageDefinitionSchema).max(limits.pages).default([]),
  numbering: numberingSchema.optional(),
  /** How the type's records become e-invoices (XRechnung, ZUGFeRD); absent for types that issue none. */
  einvoice: einvoiceMappingSchema.optional(),
  settings: z.array(settingSchema).max(limits.settings).default([]),
  settingValues: boundedRecord(
    z.string().max(60),
    z.union([z.string().max(1000), z.boolean()]),
    limits.settings,
  ).default({}),
  queryForms: z.array(queryFormLinkSchema).max(limits.queryForms).default([]),
  /** Columns that compose a model selector's label when a field names no columns. */
  modelSelectorLabel: z.array(z.string().max(60)).max(maxSelectorColumns).optional(),
  /** What the roles below Administrator may do with the type's records (issue 29 item 2); absent: the defaults. */
  access: typeAccessSchema.optional(),
  isCreatable: z.boolean().default(true),
  disableEdit: z.boolean().default(false),
  /** System types (addresses, bank details, taxes, rooms, bookings) are used as they are. */
  system: z.boolean().default(false),
});
export type RecordType = z.infer<typeof recordTypeSchema>;
export type RecordTypeInput = z.input<typeof recordTypeSchema>;

/** What environments/details lists per type (spec 01 §7 dynamicRecordsTypes). */
export const recordTypeSummarySchema = z.object({
  key: z.string(),
  parent: z.string().nullable(),
  singular: z.string(),
  plural: z.string(),
  icon: z.string().nullable(),
  /** What the member asking may do with the type's records (issue 29 item 2). */
  rights: typeRightsSchema,
});
export type RecordTypeSummary = z.infer<typeof recordTypeSummarySchema>;
