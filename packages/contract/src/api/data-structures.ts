import { z } from 'zod';
import { call, envScoped } from '../call';
import { recordTypeSchema } from './record-types';

/**
 * The data-structure editor's calls (spec 02 §7 "Data structures"). A structure is a record type
 * of the environment, checked by the same model the engine resolves types with (record-types.ts).
 */

/** Keys as typed: the service checks the pattern and answers the catalog's message. */
const typedKey = z.string().trim().min(1).max(60);

export const structureSummarySchema = z.object({
  key: z.string(),
  plural: z.string(),
  parent: z.string().nullable(),
  count: z.number().int().min(0),
  disableEdit: z.boolean(),
});
export type StructureSummary = z.infer<typeof structureSummarySchema>;

/** A type a new structure may derive from: a creatable base type without a parent of its own. */
const parentChoiceSchema = z.object({ key: z.string(), singular: z.string(), plural: z.string() });

export const listStructures = call('/api/settings/dynamic-records/types', {
  body: envScoped({}),
  data: z.object({ types: z.array(structureSummarySchema), parents: z.array(parentChoiceSchema) }),
});

export const createStructure = call('/api/settings/dynamic-records/create', {
  body: envScoped({
    key: typedKey,
    parent: typedKey,
    plural: z.string().trim().min(1).max(100),
    singular: z.string().trim().min(1).max(100),
    icon: z.string().trim().max(60).optional(),
  }),
  data: z.object({ id: z.string(), key: z.string() }),
});

/** The effective type (inherited parts marked), its version, and what its records hold. */
export const structureSchema = recordTypeSchema.extend({ version: z.number().int().min(1) });
export type Structure = z.infer<typeof structureSchema>;

export const structureStatsSchema = z.object({
  count: z.number().int().min(0),
  /** Per field key: how many records hold a value (what a type change or removal affects). */
  fieldValues: z.record(z.string(), z.number().int().min(0)),
});
export type StructureStats = z.infer<typeof structureStatsSchema>;

export const structureDetails = call('/api/settings/dynamic-records/details', {
  body: envScoped({ type: typedKey }),
  data: z.object({ type: structureSchema, stats: structureStatsSchema }),
});

/** What an administrator edits; key and parent travel along but must not change. */
const editable = recordTypeSchema.pick({
  key: true,
  parent: true,
  singular: true,
  plural: true,
  icon: true,
  fields: true,
  forms: true,
  mainForm: true,
  lists: true,
  defaultList: true,
  settings: true,
  settingValues: true,
  queryForms: true,
  /** The e-invoice mapping (issue 15), for types with positions; absent keeps the parent's. */
  einvoice: true,
  /** Permissions per role below Administrator (issue 29 item 2); absent keeps the stored ones. */
  access: true,
});

export const saveStructure = call('/api/settings/dynamic-records/save', {
  body: envScoped({
    ...editable.shape,
    /** The key the structure was loaded under (spec 02 §3 "Saving also sends orgKey"). */
    orgKey: typedKey,
    /** The version the editor loaded: a save over a newer one is refused (stale_version). */
    version: z.number().int().min(1),
  }),
  data: z.object({ key: z.string(), version: z.number().int().min(1) }),
});
export type SaveStructureInput = z.output<typeof saveStructure.body>;

export const deleteStructure = call('/api/settings/dynamic-records/delete', {
  body: envScoped({ key: typedKey }),
  data: z.undefined(),
});

/** CSS properties a form element's `style` map may set, with the values the editor offers. */
const stylingDefinitionSchema = z.object({
  key: z.string(),
  label: z.string(),
  values: z.array(z.string()),
});
export const stylingDefinitions = call('/api/settings/dynamic-records/styling-definitions', {
  body: envScoped({}),
  data: z.object({ definitions: z.array(stylingDefinitionSchema) }),
});
