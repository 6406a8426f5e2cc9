import { z } from 'zod';
import { boundedRecord, call, envScoped, id } from '../call';
import { envNameLimit, type FunctionKey } from './environments';
import { roleSchema } from './roles';

/** A text a person may leave empty: '' and null both mean "none" (stored as null). */
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** A record id (address, bank details, tax) or a file id; null clears it. */
const optionalId = id.nullable().optional();

const settingsLimits = { website: 200, email: 254, phone: 40, taxNumber: 20, vatId: 20 } as const;

/** Spec 02 §7 environments/settings/save/main: the general settings (spec 02 §2.2 /settings). */
export const saveMainSettings = call('/api/environments/settings/save/main', {
  body: envScoped({
    name: z.string().trim().max(envNameLimit),
    logo: optionalId,
    website: optionalText(settingsLimits.website),
    email: optionalText(settingsLimits.email),
    phone: optionalText(settingsLimits.phone),
    fax: optionalText(settingsLimits.phone),
    tax_number: optionalText(settingsLimits.taxNumber),
    tax_ustid: optionalText(settingsLimits.vatId),
    default_address_invoice: optionalId,
    default_address_shipping: optionalId,
    default_bank_details: optionalId,
    default_tax: optionalId,
  }),
  data: z.undefined(),
});

/** The 'Module' card of the general settings (CLARIFICATIONS "Modules"): each module on or off. */
export const saveModules = call('/api/environments/settings/save/modules', {
  body: envScoped({
    functions: z.object({
      website: z.boolean(),
      bookings: z.boolean(),
      queryForms: z.boolean(),
      filemanager: z.boolean(),
    } satisfies Record<FunctionKey, z.ZodBoolean>),
  }),
  data: z.undefined(),
});

/** Settings → users: deactivate or reactivate a member (spec 02 §3 EnvironmentUser.is_active). */
export const setUserActive = call('/api/environments/users/set-active', {
  body: envScoped({ user: id, is_active: z.boolean() }),
  data: z.undefined(),
});

/**
 * Settings → users: give a member another role (issue 29). Owners and administrators only; no
 * role above one's own, nobody with more rights than oneself, and one active owner always stays.
 */
export const setUserRole = call('/api/environments/users/set-role', {
  body: envScoped({ user: id, role: roleSchema }),
  data: z.undefined(),
});

/** The audit actions about members and their access (issue 29 item 5); 'type.access' are per-type permissions. */
export const memberAuditActions = [
  'member.invited',
  'member.activated',
  'member.deactivated',
  'member.role',
  'type.access',
] as const;

export const memberAuditEntrySchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  action: z.string(),
  /** Who made the change: the member's name, else their e-mail address. */
  actor: z.string(),
  /** The change as a sentence in the environment's language. */
  text: z.string(),
});
export type MemberAuditEntry = z.infer<typeof memberAuditEntrySchema>;

/** How many entries the users settings show: the newest ones. */
export const memberAuditLimit = 100;

/**
 * Settings → users → 'Verlauf' (issue 29 item 5): the newest entries of the environment's audit
 * chain about members and access, with who and when. Owners and administrators only.
 */
export const usersAudit = call('/api/environments/users/audit', {
  body: envScoped({}),
  data: z.object({ entries: z.array(memberAuditEntrySchema).max(memberAuditLimit) }),
});

// ---- Portal (spec 02 §3 "Portal", §4) ----

export const portalSchema = z.object({
  _id: z.string().nullable(),
  active: z.boolean(),
  title: z.string(),
  url_slug: z.string(),
  /** The public address ({APP_URL}/portal/{url_slug}), null while there is no slug. */
  url: z.string().nullable(),
});
export type Portal = z.infer<typeof portalSchema>;

export const portalLimits = { title: 120, slug: 40 } as const;

export const portalDetails = call('/api/settings/portals/details', {
  body: envScoped({}),
  data: portalSchema,
});

export const savePortal = call('/api/settings/portals/save', {
  body: envScoped({
    active: z.boolean(),
    title: z.string().trim().max(portalLimits.title),
    url_slug: z.string().trim().toLowerCase().max(portalLimits.slug),
  }),
  data: portalSchema,
});

// ---- Function settings (spec 02 §3 "Function settings", §7) ----

/** The functions with settings, each with its qualifiers and their settings' shape. */
export const functionSettingsSchemas = {
  queryForms: {
    // Spec 02 §2.7 /query-forms/settings/html and §9: is_active defaults to true.
    html: z.object({
      is_active: z.boolean().default(true),
      website_title: z.string().trim().max(200).default(''),
      logo: id.nullable().default(null),
    }),
  },
} as const;

const functionSettingsBody = {
  function: z.string().trim().min(1).max(60),
  qualifier: z.string().trim().min(1).max(60),
};

export const functionSettings = call('/api/environments/function-settings', {
  body: envScoped(functionSettingsBody),
  data: z.object({ settings: z.record(z.string(), z.unknown()) }),
});

export const saveFunctionSettings = call('/api/environments/function-settings/save', {
  body: envScoped({ ...functionSettingsBody, settings: boundedRecord(z.string().max(60), z.unknown(), 50) }),
  data: z.object({ settings: z.record(z.string(), z.unknown()) }),
});
