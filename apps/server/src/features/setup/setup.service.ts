import { currencies, dateFormats, envNameLimit } from '@kontor/contract/api/environments';
import type { SetupAddress, SetupBankDetails } from '@kontor/contract/api/setup';
import type { FieldErrors } from '@kontor/contract/call';
import { languages, type Translate } from '@kontor/contract/i18n/catalogs';
import { checkZip, validateBankDetails } from '@kontor/contract/logic/validation';
import type { EnvScope } from '../../db/env-scope';
import { AppError } from '../../http/errors';
import { environmentById, updateEnvironmentSettings } from '../environments/environments.service';
import { readSystemRecord, writeSystemRecord } from '../records/system-records.service';

type Ctx = Readonly<{ scope: EnvScope; t: Translate; now: Date }>;

const requireEnvironment = async (scope: EnvScope) => {
  const env = await environmentById(scope);
  if (!env) throw new AppError('not_found');
  return env;
};

const fail = (ctx: Ctx, errors: FieldErrors) => {
  if (Object.keys(errors).length > 0) throw new AppError('invalid', { message: ctx.t('setup.invalid'), errors });
};

const requireFilled = (ctx: Ctx, errors: FieldErrors, values: Record<string, string>, keys: string[]) => {
  for (const key of keys) if (!values[key]?.trim()) errors[key] = [ctx.t('validation.required')];
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The address record's fields under the names step 2 sends. */
const addressFieldNames: Record<string, string> = {
  name: 'invoice_name',
  addition: 'invoice_addition',
  street: 'invoice_street',
  housenumber: 'invoice_housenumber',
  zip: 'invoice_zip',
  city: 'invoice_city',
  country: 'invoice_country',
};

/**
 * Saves a system record; its field errors (e.g. a street longer than the address record allows)
 * come back under the payload's field names, where the wizard shows them.
 */
const saveRecordAs = async (ctx: Ctx, names: Record<string, string>, save: () => Promise<string>): Promise<string> => {
  try {
    return await save();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'invalid' || !error.errors) throw error;
    const errors: FieldErrors = {};
    for (const [path, messages] of Object.entries(error.errors)) errors[names[path] ?? path] = messages;
    throw new AppError('invalid', { message: ctx.t('setup.invalid'), errors });
  }
};

/** Everything the wizard shows, so a half-finished wizard resumes with what was saved. */
export const setupInit = async (ctx: Ctx) => {
  const env = await requireEnvironment(ctx.scope);
  const address = env.defaultAddressInvoice
    ? await readSystemRecord(ctx.scope, 'envAddresses', env.defaultAddressInvoice)
    : null;
  const bank = env.defaultBankDetails
    ? await readSystemRecord(ctx.scope, 'envBankDetails', env.defaultBankDetails)
    : null;
  const defaultAddressInvoice: SetupAddress = {
    invoice_name: text(address?.name),
    invoice_addition: text(address?.addition),
    invoice_street: text(address?.street),
    invoice_housenumber: text(address?.housenumber),
    invoice_zip: text(address?.zip),
    invoice_city: text(address?.city),
    invoice_country: text(address?.country),
  };
  const defaultBankDetails: SetupBankDetails = {
    name: text(bank?.name),
    bank: text(bank?.bank),
    iban: text(bank?.iban),
    bic: text(bank?.bic),
  };
  return {
    environment: {
      name: env.name,
      url_slug: env.urlSlug,
      default_dateformat: env.defaultDateformat as (typeof dateFormats)[number],
      default_currency: env.defaultCurrency as (typeof currencies)[number],
      default_language: env.defaultLanguage as (typeof languages)[number],
    },
    defaultAddressInvoice,
    defaultBankDetails,
    completedSteps: env.setupStep,
  };
};

const oneOf = (list: readonly string[], value: string) => list.includes(value);

export const saveStep1 = async (
  ctx: Ctx,
  body: { name: string; default_dateformat: string; default_currency: string; default_language: string },
) => {
  const env = await requireEnvironment(ctx.scope);
  const errors: FieldErrors = {};
  requireFilled(ctx, errors, body, ['name']);
  if ([...body.name.trim()].length > envNameLimit) errors.name = [ctx.t('validation.maxLength', { n: envNameLimit })];
  if (!oneOf(dateFormats, body.default_dateformat)) errors.default_dateformat = [ctx.t('setup.invalidOption')];
  if (!oneOf(currencies, body.default_currency)) errors.default_currency = [ctx.t('setup.invalidOption')];
  if (!oneOf(languages, body.default_language)) errors.default_language = [ctx.t('setup.invalidOption')];
  fail(ctx, errors);
  await updateEnvironmentSettings(
    ctx.scope,
    {
      name: body.name.trim(),
      defaultDateformat: body.default_dateformat,
      defaultCurrency: body.default_currency,
      defaultLanguage: body.default_language,
      setupStep: Math.max(env.setupStep, 1),
    },
    ctx.now,
    true,
  );
};

export const saveStep2 = async (ctx: Ctx, body: SetupAddress) => {
  const env = await requireEnvironment(ctx.scope);
  const errors: FieldErrors = {};
  requireFilled(ctx, errors, body, [
    'invoice_name',
    'invoice_street',
    'invoice_housenumber',
    'invoice_zip',
    'invoice_city',
  ]);
  const country = body.invoice_country.trim().toLowerCase();
  const german = country === '' || country === 'de' || country === 'deutschland' || country === 'germany';
  const zip = german && body.invoice_zip.trim() ? checkZip(body.invoice_zip) : null;
  if (zip && !errors.invoice_zip) errors.invoice_zip = [ctx.t(zip.key, zip.params)];
  fail(ctx, errors);
  const id = await saveRecordAs(ctx, addressFieldNames, () =>
    writeSystemRecord(ctx.scope, ctx.t, ctx.now, 'envAddresses', env.defaultAddressInvoice, {
      name: body.invoice_name.trim(),
      addition: body.invoice_addition.trim(),
      street: body.invoice_street.trim(),
      housenumber: body.invoice_housenumber.trim(),
      zip: body.invoice_zip.trim(),
      city: body.invoice_city.trim(),
      country: body.invoice_country.trim(),
    }),
  );
  await updateEnvironmentSettings(
    ctx.scope,
    { defaultAddressInvoice: id, setupStep: Math.max(env.setupStep, 2) },
    ctx.now,
    false,
  );
};

export const saveStep3 = async (ctx: Ctx, body: SetupBankDetails) => {
  const env = await requireEnvironment(ctx.scope);
  const errors: FieldErrors = {};
  requireFilled(ctx, errors, body, ['name', 'iban']);
  const iban = body.iban.replace(/\s+/g, '').toUpperCase();
  const bic = body.bic.replace(/\s+/g, '').toUpperCase();
  for (const [key, message] of Object.entries(validateBankDetails({ iban, bic }))) {
    if (message && !errors[key]) errors[key] = [ctx.t(message.key, message.params)];
  }
  fail(ctx, errors);
  const id = await saveRecordAs(ctx, {}, () =>
    writeSystemRecord(ctx.scope, ctx.t, ctx.now, 'envBankDetails', env.defaultBankDetails, {
      name: body.name.trim(),
      bank: body.bank.trim(),
      iban,
      bic,
    }),
  );
  await updateEnvironmentSettings(ctx.scope, { defaultBankDetails: id, setupStep: 3 }, ctx.now, false);
};
