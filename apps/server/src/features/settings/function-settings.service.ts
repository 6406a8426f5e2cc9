import { functionSettingsSchemas } from '@kontor/contract/api/settings';
import { fieldPath } from '@kontor/contract/call';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { z } from 'zod';
import type { EnvScope } from '../../db/env-scope';
import { isUuid } from '../../db/ids';
import { AppError } from '../../http/errors';
import { fieldErrorsFromZod } from '../../http/zod-errors';
import * as repo from './function-settings.repo';

/** The schema of a function's settings under a qualifier, or a 404 naming the function as unknown. */
const schemaOf = (fn: string, qualifier: string, t: Translate): z.ZodType<Record<string, unknown>> => {
  const byQualifier: Record<string, z.ZodType<Record<string, unknown>>> | undefined = Object.hasOwn(
    functionSettingsSchemas,
    fn,
  )
    ? functionSettingsSchemas[fn as keyof typeof functionSettingsSchemas]
    : undefined;
  const schema = byQualifier && Object.hasOwn(byQualifier, qualifier) ? byQualifier[qualifier] : undefined;
  if (!schema) throw new AppError('not_found', { message: t('settings.functionUnknown') });
  return schema;
};

/**
 * A function's settings (spec 02 §7 function-settings): what was saved, read through the schema so
 * defaults fill what was never set (query forms' html settings: is_active true).
 */
export const loadFunctionSettings = async (scope: EnvScope, fn: string, qualifier: string, t: Translate) => {
  const schema = schemaOf(fn, qualifier, t);
  const saved = await repo.readFunctionSettings(scope, fn, qualifier);
  const parsed = schema.safeParse(saved ?? {});
  // Settings saved under an older shape fall back to the defaults rather than failing the screen.
  return { settings: parsed.success ? parsed.data : schema.parse({}) };
};

/** Saves a function's settings after checking them against the function's own schema. */
export const saveFunctionSettings = async (
  scope: EnvScope,
  fn: string,
  qualifier: string,
  settings: Record<string, unknown>,
  now: Date,
  t: Translate,
) => {
  const schema = schemaOf(fn, qualifier, t);
  const parsed = schema.safeParse(settings);
  if (!parsed.success) {
    const errors = fieldErrorsFromZod(parsed.error, t);
    const prefixed = Object.fromEntries(Object.entries(errors).map(([k, v]) => [fieldPath(['settings', k]), v]));
    throw new AppError('invalid', { message: t('settings.invalid'), errors: prefixed });
  }
  const unknown = Object.keys(settings).filter((k) => !Object.hasOwn(parsed.data, k));
  if (unknown.length > 0) {
    throw new AppError('invalid', {
      message: t('settings.invalid'),
      errors: Object.fromEntries(unknown.map((k) => [fieldPath(['settings', k]), [t('common.fieldInvalid')]])),
    });
  }
  const logo = parsed.data.logo;
  if (typeof logo === 'string' && !isUuid(logo)) {
    throw new AppError('invalid', {
      message: t('settings.invalid'),
      errors: { 'settings.logo': [t('settings.logoInvalid')] },
    });
  }
  await repo.writeFunctionSettings(scope, fn, qualifier, parsed.data, now);
  return { settings: parsed.data };
};
