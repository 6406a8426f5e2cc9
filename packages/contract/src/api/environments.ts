import { z } from 'zod';
import { call, envScoped, id, noBody } from '../call';
import { languageSchema } from '../i18n/language';
import { recordTypeSummarySchema } from './record-types';
import { permissions, roleSchema } from './roles';

const environmentStatuses = ['active', 'blocked', 'inactive'] as const;
export const environmentStatusSchema = z.enum(environmentStatuses);
export type EnvironmentStatus = z.infer<typeof environmentStatusSchema>;

/** A card of the environment selection (spec 01 §2, /account). */
export const environmentCardSchema = z.object({
  _id: z.string(),
  name: z.string(),
  url_slug: z.string(),
  logo_url: z.string().nullable(),
  users_count: z.number().int(),
  status: environmentStatusSchema,
});
export type EnvironmentCard = z.infer<typeof environmentCardSchema>;

export const presetSchema = z.object({ key: z.string(), title: z.string(), description: z.string() });
export type Preset = z.infer<typeof presetSchema>;

/** The template choice 'none' creates an empty environment. */
export const noPreset = 'none';

export const invitationSchema = z.object({
  _id: z.string(),
  environment: z.object({ name: z.string() }),
  created_at: z.string(),
  created_by: z.object({ firstname: z.string(), name: z.string() }),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const listEnvironments = call('/api/environments/list', {
  body: noBody,
  data: z.array(environmentCardSchema),
});

export const listPresets = call('/api/environments/presets', { body: noBody, data: z.array(presetSchema) });

export const envNameLimit = 100;

export const createEnvironment = call('/api/environments/create', {
  // Missing values arrive as '' so the service names what is missing with the form's own texts.
  body: z.object({
    name: z.string().max(envNameLimit).optional().default(''),
    preset: z.string().max(60).optional().default(''),
  }),
  data: z.object({ environment: z.object({ url_slug: z.string(), name: z.string() }) }),
  errorKeys: { name: 'names' },
});

export const listInvitations = call('/api/environments/user-invitations', {
  body: noBody,
  data: z.array(invitationSchema),
});

export const acceptInvitation = call('/api/environments/user-invitations/accept', {
  body: z.object({ id }),
  data: z.object({ url_slug: z.string() }),
});

export const declineInvitation = call('/api/environments/user-invitations/decline', {
  body: z.object({ id }),
  data: z.undefined(),
});

/**
 * Spec 02 §2.2: invite a user by e-mail (settings → users). The invitation carries the role the
 * invitee gets on accepting (issue 29 item 4): no role above the inviter's own.
 */
export const inviteUser = call('/api/environments/users-invite', {
  body: envScoped({ email: z.string().trim().max(254), role: roleSchema }),
  data: z.undefined(),
});

/** Spec 02 §7: withdraw a pending invitation of the environment. */
export const removeInvitation = call('/api/environments/users-invite/remove', {
  body: envScoped({ id }),
  data: z.undefined(),
});

// ---- Inside an environment (spec 01 §3 "Environment", §7 details and heartbeat) ----

export const functionKeys = ['website', 'bookings', 'queryForms', 'filemanager'] as const;
export type FunctionKey = (typeof functionKeys)[number];

const menuEntrySchema = z.object({
  type: z.enum(['title', 'link']),
  label: z.string(),
  path: z.string().optional(),
  icon: z.string().optional(),
});

export const environmentTaxSchema = z.object({
  _id: z.string(),
  name: z.string(),
  percentage: z.number(),
  number: z.string(),
});
export type EnvironmentTax = z.infer<typeof environmentTaxSchema>;

export const dateFormats = ['DD.MM.YYYY', 'YYYY-MM-DD'] as const;
export const currencies = ['euro', 'us_dollar'] as const;
export type DateFormat = (typeof dateFormats)[number];

/** Spec 02 §3 Environment.addresses and .bank_details: the settings' records, for pickers and documents. */
export const environmentAddressSchema = z.object({
  _id: z.string(),
  name: z.string(),
  street: z.string(),
  housenumber: z.string(),
  zip: z.string(),
  city: z.string(),
});
export const environmentBankDetailsSchema = z.object({
  _id: z.string(),
  name: z.string(),
  iban: z.string(),
  bic: z.string(),
});

export type EnvironmentAddress = z.infer<typeof environmentAddressSchema>;
export type EnvironmentBankDetails = z.infer<typeof environmentBankDetailsSchema>;

export const environmentSchema = environmentCardSchema.extend({
  addresses: z.array(environmentAddressSchema),
  bank_details: z.array(environmentBankDetailsSchema),
  menu: z.array(menuEntrySchema),
  functions: z.record(z.enum(functionKeys), z.object({ active: z.boolean() })),
  capabilities: z.object({ html_form_publish: z.boolean() }),
  taxes: z.array(environmentTaxSchema),
  default_tax: z.string().nullable(),
  default_dateformat: z.enum(dateFormats),
  default_currency: z.enum(currencies),
  default_language: languageSchema,
  last_config_update: z.string(),
  preset: z.string().nullable(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  tax_number: z.string().nullable(),
  tax_ustid: z.string().nullable(),
  default_address_invoice: z.string().nullable(),
  default_address_shipping: z.string().nullable(),
  default_bank_details: z.string().nullable(),
});
export type Environment = z.infer<typeof environmentSchema>;

const environmentUserSchema = z.object({
  is_active: z.boolean(),
  created_at: z.string(),
  /** The member's role and what it permits (issue 29): the screens follow them. */
  role: roleSchema,
  permissions: z.array(z.enum(permissions)),
});

export const environmentDetails = call('/api/environments/details', {
  body: envScoped({}),
  data: z.object({
    environment: environmentSchema,
    environmentUser: environmentUserSchema,
    /** The types the member may read, each with the member's rights (issue 29 item 2). */
    dynamicRecordsTypes: z.array(recordTypeSummarySchema),
    filemanagerDir: z.string().nullable(),
  }),
});

export const heartbeatIntervalMs = 15_000;

export const heartbeat = call('/api/environments/heartbeat', {
  body: envScoped({ init_date: z.string().max(60).optional() }),
  data: z.object({ envStatus: environmentStatusSchema, envLastConfigUpdate: z.string() }),
});
