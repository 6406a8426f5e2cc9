import { type FieldErrors, fieldPath } from '@kontor/contract/call';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { z } from 'zod';

/** Turns zod's issues into the envelope's field errors with the catalog's German messages. */
export const fieldErrorsFromZod = (
  error: z.ZodError,
  t: Translate,
  errorKeys: Readonly<Record<string, string>> = {},
): FieldErrors => {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = fieldPath(issue.path) || '_';
    const key = errorKeys[path] ?? path;
    const list = errors[key] ?? [];
    list.push(messageFor(issue, t));
    errors[key] = list;
  }
  return errors;
};

const messageFor = (issue: z.core.$ZodIssue, t: Translate): string => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? t('common.fieldRequired') : t('common.fieldInvalid');
    case 'too_big':
      if (issue.origin === 'string') return t('common.fieldTooLong', { n: Number(issue.maximum) });
      // Arrays and objects (boundedRecord): the count of entries.
      if (issue.origin === 'array' || issue.origin === 'object')
        return t('common.fieldTooMany', { n: Number(issue.maximum) });
      return t('common.fieldInvalid');
    case 'too_small':
      if (issue.origin !== 'string') return t('common.fieldInvalid');
      return Number(issue.minimum) <= 1
        ? t('common.fieldRequired')
        : t('common.fieldTooShort', { n: Number(issue.minimum) });
    default:
      return t('common.fieldInvalid');
  }
};
