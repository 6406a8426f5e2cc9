import { z } from 'zod';
import { boundedRecord, call, envScoped, id } from '../call';

/**
 * The website manager's calls (spec 02 §2.5, §3 "Website", "Website page", "Design", "Menu
 * definition entry", §7 "Website manager"). The public site itself is server-rendered HTML at
 * /site/{url_slug}/… and on the website's own host (CLARIFICATIONS "Public addresses").
 */

export const websiteLimits = {
  title: 200,
  metaDescription: 300,
  metaKeywords: 300,
  host: 253,
  urlPath: 200,
  /** One field of a block: an HTML block's markup is the largest thing a page holds. */
  fieldText: 50_000,
  blocksPerPage: 60,
  fieldsPerBlock: 20,
  pages: 500,
  menus: 20,
  menuEntries: 60,
  menuDepth: 3,
  conditions: 10,
  interfaceBlocks: 20,
  label: 120,
  url: 500,
  attributes: 10,
  variables: 40,
} as const;

/** Field types of a design block (spec 02 §3 "Design"); image and number are our additions. */
const blockFieldTypes = ['string', 'text', 'html', 'queryforms', 'image', 'number', 'recordtype'] as const;
const variableTypes = ['image', 'boolean', 'html', 'string', 'color'] as const;

const fieldValue = z.union([z.string().max(websiteLimits.fieldText), z.number().finite(), z.boolean(), z.null()]);

export const blockSchema = z.object({
  /** The design block's name (hero, text, html, …). */
  type: z.string().trim().min(1).max(60),
  designblock: z.boolean().default(true),
  fields: boundedRecord(z.string().max(60), fieldValue, websiteLimits.fieldsPerBlock),
});
export type Block = z.infer<typeof blockSchema>;

export const recordPageSchema = z.object({
  type: z.string().trim().min(1).max(60),
  /** The record's field the address value is compared with ('_id' for the record's id). */
  mapping: z.string().trim().min(1).max(60),
  /** The query parameter that carries the value: {url_path}?{url_parameter}={value}. */
  url_parameter: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z][a-z0-9_-]*$/),
  /** Every condition must hold for the record to be shown (field equals value). */
  conditions: z
    .array(z.object({ field: z.string().trim().min(1).max(60), value: z.string().max(200) }))
    .max(websiteLimits.conditions),
});
export type RecordPage = z.infer<typeof recordPageSchema>;

export const pageInputSchema = z.object({
  title: z.string().trim().max(websiteLimits.title),
  url_path: z.string().trim().max(websiteLimits.urlPath),
  blocks: z.array(blockSchema).max(websiteLimits.blocksPerPage),
  set_as_homepage: z.boolean(),
  set_as_not_found_page: z.boolean(),
  record_page: recordPageSchema.nullable(),
});
export type PageInput = z.input<typeof pageInputSchema>;

export const pageSchema = pageInputSchema.extend({ _id: z.string(), updated_at: z.string() });
export type WebsitePage = z.infer<typeof pageSchema>;

export const pageSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  url_path: z.string(),
  set_as_homepage: z.boolean(),
  set_as_not_found_page: z.boolean(),
  record_page: z.boolean(),
  blocks: z.number().int(),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

/** A menu entry (spec 02 §3 "Menu definition entry"): type custom; children nest at most 3 deep. */
export type MenuEntry = {
  type: 'custom';
  label: string;
  url: string;
  attributes: Record<string, string>;
  children?: MenuEntry[] | undefined;
};
const entryBase = {
  type: z.literal('custom'),
  label: z.string().trim().min(1).max(websiteLimits.label),
  url: z.string().trim().max(websiteLimits.url),
  attributes: boundedRecord(
    z
      .string()
      .max(40)
      .regex(/^[a-z][a-z0-9-]*$/),
    z.string().max(200),
    websiteLimits.attributes,
  ),
};
/** The third level takes no children: a deeper menu is refused, not cut off. */
const leafEntry = z.object({ ...entryBase, children: z.array(z.never()).max(0).optional() });
const midEntry = z.object({ ...entryBase, children: z.array(leafEntry).max(websiteLimits.menuEntries).optional() });
const menuEntrySchema = z.object({
  ...entryBase,
  children: z.array(midEntry).max(websiteLimits.menuEntries).optional(),
});

export const menuSchema = z.object({
  _id: z.string(),
  title: z.string(),
  definition: z.array(menuEntrySchema),
  /** Per design: the menu slot (main, footer) this menu fills, or '' for none. */
  design_usage: z.record(z.string(), z.string()),
});
export type Menu = z.infer<typeof menuSchema>;

const designConfigSchema = boundedRecord(
  z.string().max(60),
  boundedRecord(z.string().max(60), fieldValue, websiteLimits.variables),
  20,
);

export const interfacesSchema = boundedRecord(
  z.string().max(40),
  z.object({ config: z.object({ blocks: z.array(z.string().max(60)).max(websiteLimits.interfaceBlocks) }) }),
  10,
);
export type Interfaces = z.infer<typeof interfacesSchema>;

/**
 * The proof of control of the website's own host (issue 30 item 2): a DNS TXT record the owner
 * creates; the host is served only once it was found. 'none': no own host saved.
 */
export const hostVerificationSchema = z.object({
  state: z.enum(['none', 'pending', 'verified']),
  /** The TXT record to create: name `_kontor-verify.<host>`, value `kontor-verify=<token>` ('' without a host). */
  record_name: z.string(),
  record_value: z.string(),
});
export type HostVerification = z.infer<typeof hostVerificationSchema>;

export const websiteSchema = z.object({
  _id: z.string(),
  host: z.string(),
  host_verification: hostVerificationSchema,
  homepage: z.string().nullable(),
  is_active: z.boolean(),
  debug: z.boolean(),
  title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  design: z.string(),
  design_config: z.record(z.string(), z.record(z.string(), fieldValue)),
  menus: z.array(menuSchema),
  interfaces: z.record(z.string(), z.object({ config: z.object({ blocks: z.array(z.string()) }) })),
  /** The public address {APP_URL}/site/{url_slug}/. */
  url: z.string(),
});
export type Website = z.infer<typeof websiteSchema>;

const designFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(blockFieldTypes),
  default: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});
export const designBlockSchema = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  fields: z.array(designFieldSchema),
});
export type DesignBlock = z.infer<typeof designBlockSchema>;
export const designVariableSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(variableTypes),
  default: z.union([z.string(), z.boolean()]),
  columns: z.number().int().min(1).max(12),
});
export type DesignVariable = z.infer<typeof designVariableSchema>;
export const designSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  variables: z.array(designVariableSchema),
  blocks: z.array(designBlockSchema),
  /** The menu slots the design places (main navigation, footer). */
  menuSlots: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type Design = z.infer<typeof designSchema>;

const dayCount = z.object({ day: z.string(), visits: z.number().int(), hits: z.number().int() });
export const statsSchema = z.object({
  pages: z.number().int(),
  hits_last_seven: z.number().int(),
  hits_last_thirty: z.number().int(),
  /** Visitors per day of the last 30 days (oldest first), for the overview's chart. */
  daily: z.array(dayCount),
});
export type WebsiteStats = z.infer<typeof statsSchema>;

export const websiteStats = call('/api/website-manager/stats', { body: envScoped({}), data: statsSchema });
export const websiteDetails = call('/api/website-manager/details', { body: envScoped({}), data: websiteSchema });
export const designsList = call('/api/website-manager/designs-list', {
  body: envScoped({}),
  data: z.array(z.object({ key: z.string(), name: z.string(), description: z.string() })),
});
export const changeDesign = call('/api/website-manager/change-design', {
  body: envScoped({ design: z.string().trim().min(1).max(60) }),
  data: websiteSchema,
});
export const designDetails = call('/api/website-manager/design', {
  body: envScoped({ design: z.string().trim().min(1).max(60) }),
  data: designSchema,
});
export const saveDesign = call('/api/website-manager/save-design', {
  body: envScoped({ website: z.object({ design_config: designConfigSchema }) }),
  data: websiteSchema,
});
export const websitePages = call('/api/website-manager/pages', {
  body: envScoped({}),
  data: z.array(pageSummarySchema),
});
export const pageDetails = call('/api/website-manager/page-details', {
  body: envScoped({ id }),
  data: pageSchema,
});
export const savePage = call('/api/website-manager/save-page', {
  /** `id` 'new' creates the page. */
  body: envScoped({ id, page: pageInputSchema }),
  data: z.object({ id: z.string(), url_path: z.string() }),
});
/** Our addition: a page can be removed from the pages list. */
export const removePage = call('/api/website-manager/remove-page', {
  body: envScoped({ id }),
  data: z.undefined(),
});
export const designBlocks = call('/api/website-manager/blocks', {
  body: envScoped({}),
  data: z.array(designBlockSchema),
});
export const websiteInterfaces = call('/api/website-manager/interfaces', {
  body: envScoped({}),
  data: z.array(z.object({ key: z.string(), name: z.string(), description: z.string() })),
});
export const saveSettings = call('/api/website-manager/save-settings', {
  body: envScoped({
    website: z.object({
      host: z.string().trim().toLowerCase().max(websiteLimits.host),
      is_active: z.boolean(),
      debug: z.boolean(),
      title: z.string().trim().max(websiteLimits.title),
      meta_description: z.string().trim().max(websiteLimits.metaDescription),
      meta_keywords: z.string().trim().max(websiteLimits.metaKeywords),
      interfaces: interfacesSchema,
    }),
  }),
  data: websiteSchema,
});
/** Looks up the host's TXT record and, when it carries the token, serves the site under the host (issue 30 item 2). */
export const verifyHost = call('/api/website-manager/verify-host', { body: envScoped({}), data: websiteSchema });
export const addMenu = call('/api/website-manager/add-menu', {
  body: envScoped({ title: z.string().max(websiteLimits.title) }),
  data: menuSchema,
});
export const saveMenu = call('/api/website-manager/save-menu', {
  body: envScoped({
    menu: id,
    data: z.object({
      title: z.string().trim().max(websiteLimits.title),
      definition: z.array(menuEntrySchema).max(websiteLimits.menuEntries),
      design_usage: boundedRecord(z.string().max(60), z.string().max(60), 20),
    }),
  }),
  data: menuSchema,
});
