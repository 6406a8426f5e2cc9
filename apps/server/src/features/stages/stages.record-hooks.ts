import { recordHooks } from '../../engine/record-hooks';
import { AppError } from '../../http/errors';
import { assignOnCreate } from './number-ranges.service';
import { isFrozen } from './stages.service';

/**
 * A frozen document is never changed or removed (GoBD), whatever its stage says: a child type may
 * define stages without `editDisabled`, the frozen bytes still stand. Corrected only by a Storno.
 */
recordHooks.beforeSave(async ({ scope, id, t }) => {
  if (id && (await isFrozen(scope, id))) throw new AppError('document_frozen', { message: t('stages.frozen') });
});
recordHooks.beforeRemove(async ({ scope, id, t }) => {
  if (await isFrozen(scope, id)) throw new AppError('document_frozen', { message: t('stages.frozen') });
});

/** Issue 31: a new customer, article or offer left without a number gets the next of its range. */
recordHooks.beforeSave(async ({ scope, type, id, data, errors, now }) => {
  if (!id && Object.keys(errors).length === 0) await assignOnCreate(scope, { type, data, now });
});
