import type * as api from '@kontor/contract/api/settings';
import type { BodyOf } from '@kontor/contract/call';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import {
  isGermanTaxNumber,
  isGermanVatId,
  isPhoneNumber,
  normalizeVatId,
  withScheme,
} from '@kontor/contract/logic/company-ids';
import { isValidEmail, normalizeEmail } from '@kontor/contract/logic/email';
import { isValidUrl } from '@kontor/contract/logic/validation';
import type { z } from 'zod';
import type { EnvScope } from '../../db/env-scope';
import { isUuid } from '../../db/ids';
import { AppError } from '../../http/errors';
import { updateEnvironmentSettings } from '../environments/environments.service';
import { readSystemRecord } from '../records/system-records.service';

type MainBody = z.output<(typeof api.saveMainSettings)['body']>;
type Errors = Record<string, string[]>;

/** '' and null both mean "none". */
const blank = (value: string | null | undefined): string | null => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

/** The default record fields and the system type each must point into. */
const defaultTypes = {
  default_address_invoice: 'envAddresses',
  default_address_shipping: 'envAddresses',
  default_bank_details: 'envBankDetails',
  default_tax: 'envTaxes',
} as const;

/** Checks a text field, answering its stored form or noting the field's message. */
const check = (
  errors: Errors,
  key: string,
  value: string | null,
  valid: (v: string) => boolean,
  message: string,
  normalize: (v: string) => string = (v) => v,
): string | null => {
  if (value === null) return null;
  const stored = normalize(value);
  if (!valid(stored)) errors[key] = [message];
  return stored;
};

/**
 * Saves the general settings (spec 02 §7 settings/save/main). Every field is checked before
 * anything is written; a default must be a record of its type in this environment (RLS and the
 * scope hide every other environment's records, so a foreign id is simply "not found").
 */
export const saveMainSettings = async (scope: EnvScope, body: MainBody, now: Date, t: Translate): Promise<string> => {
  const errors: Errors = {};
  const name = body.name.trim();
  if (!name) errors.name = [t('validation.required')];
  const website = check(errors, 'website', blank(body.website), isValidUrl, t('validation.url'), withScheme);
  const email = check(errors, 'email', blank(body.email), isValidEmail, t('validation.email'), normalizeEmail);
  const phone = check(errors, 'phone', blank(body.phone), isPhoneNumber, t('settings.phoneInvalid'));
  const fax = check(errors, 'fax', blank(body.fax), isPhoneNumber, t('settings.phoneInvalid'));
  const taxNumber = check(
    errors,
    'tax_number',
    blank(body.tax_number),
    isGermanTaxNumber,
    t('settings.taxNumberInvalid'),
  );
  const vatId = check(
    errors,
    'tax_ustid',
    blank(body.tax_ustid),
    isGermanVatId,
    t('settings.vatIdInvalid'),
    normalizeVatId,
  );
  // The file manager (its own issue) owns files; until it lands a logo is a file id of the right shape.
  const logo = check(errors, 'logo', blank(body.logo), isUuid, t('settings.logoInvalid'));
  const defaults: Partial<Record<keyof typeof defaultTypes, string | null>> = {};
  for (const [key, type] of Object.entries(defaultTypes) as [keyof typeof defaultTypes, string][]) {
    const id = blank(body[key]);
    if (id !== null && (await readSystemRecord(scope, type, id)) === null) errors[key] = [t('settings.defaultUnknown')];
    defaults[key] = id;
  }
  if (Object.keys(errors).length > 0) throw new AppError('invalid', { message: t('settings.invalid'), errors });

  // The shell shows the name, logo and default tax: other open sessions get the reload warning.
  await updateEnvironmentSettings(
    scope,
    {
      name,
      logo,
      website,
      email,
      phone,
      fax,
      taxNumber,
      taxUstid: vatId,
      defaultAddressInvoice: defaults.default_address_invoice ?? null,
      defaultAddressShipping: defaults.default_address_shipping ?? null,
      defaultBankDetails: defaults.default_bank_details ?? null,
      defaultTax: defaults.default_tax ?? null,
    },
    now,
    true,
  );
  return t('settings.saveSuccess');
};

/** The 'Module' card: switches modules on and off; the sidebar of every open session follows. */
export const saveModules = async (
  scope: EnvScope,
  functions: BodyOf<typeof api.saveModules>['functions'],
  now: Date,
  t: Translate,
): Promise<string> => {
  await updateEnvironmentSettings(
    scope,
    {
      functions: {
        website: { active: functions.website },
        bookings: { active: functions.bookings },
        queryForms: { active: functions.queryForms },
        filemanager: { active: functions.filemanager },
      },
    },
    now,
    true,
  );
  return t('settings.modulesSaved');
};
