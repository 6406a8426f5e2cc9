import { z } from 'zod';
import { call, envScoped } from '../call';
import { languageSchema } from '../i18n/language';
import { addressLimits, bankDetailsLimits } from '../logic/text-limits';
import { currencies, dateFormats, envNameLimit } from './environments';

/** Spec 01 §3 "Setup address": invoice_country is kept but has no input. */
export const setupAddressSchema = z.object({
  invoice_name: z.string(),
  invoice_addition: z.string(),
  invoice_street: z.string(),
  invoice_housenumber: z.string(),
  invoice_zip: z.string(),
  invoice_city: z.string(),
  invoice_country: z.string(),
});
export type SetupAddress = z.infer<typeof setupAddressSchema>;

export const setupBankDetailsSchema = z.object({
  name: z.string(),
  bank: z.string(),
  iban: z.string(),
  bic: z.string(),
});
export type SetupBankDetails = z.infer<typeof setupBankDetailsSchema>;

export const setupStepCount = 3;

export const setupInit = call('/api/environments-setup/init', {
  body: envScoped({}),
  data: z.object({
    environment: z.object({
      name: z.string(),
      url_slug: z.string(),
      default_dateformat: z.enum(dateFormats),
      default_currency: z.enum(currencies),
      default_language: languageSchema,
    }),
    defaultAddressInvoice: setupAddressSchema,
    defaultBankDetails: setupBankDetailsSchema,
    /** How many steps were saved before: the wizard resumes after them. */
    completedSteps: z.number().int().min(0).max(setupStepCount),
  }),
});

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => text(max).optional().default('');

/** Lengths are the address and bank records' own limits, so the wizard refuses what they would. */
export const setupStep1 = call('/api/environments-setup/step-1', {
  body: envScoped({
    name: text(envNameLimit),
    default_dateformat: text(20),
    default_currency: text(20),
    default_language: text(20),
  }),
  data: z.undefined(),
  invalidMessage: 'setup.invalid',
});

export const setupStep2 = call('/api/environments-setup/step-2', {
  body: envScoped({
    invoice_name: text(addressLimits.name),
    invoice_addition: optionalText(addressLimits.addition),
    invoice_street: text(addressLimits.street),
    invoice_housenumber: text(addressLimits.housenumber),
    invoice_zip: text(addressLimits.zip),
    invoice_city: text(addressLimits.city),
    invoice_country: optionalText(addressLimits.country),
  }),
  data: z.undefined(),
  invalidMessage: 'setup.invalid',
});

/** IBAN and BIC are typed with spaces; their format check answers anything that is not one. */
export const setupStep3 = call('/api/environments-setup/step-3', {
  body: envScoped({
    name: text(bankDetailsLimits.name),
    bank: optionalText(bankDetailsLimits.bank),
    iban: text(60),
    bic: optionalText(20),
  }),
  data: z.undefined(),
  invalidMessage: 'setup.invalid',
});
