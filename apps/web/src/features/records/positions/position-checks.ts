import type { DataField } from '@kontor/contract/api/record-types';
import type { MessageKey, MessageParams } from '@kontor/contract/i18n/translate';
import { checkPosition, positionFieldDecimals } from '@kontor/contract/logic/positions';
import { decimalMessage, validateField } from '@kontor/contract/logic/validation';
import { kindOf, type PositionValue, positionInput } from './position-values';

type DraftProblems = Record<string, { key: MessageKey; params?: MessageParams | undefined }>;

/**
 * What keeps a position in the modal from being applied, by relative path: typed text that is no
 * number, amounts beyond their decimals, and the child fields' own rules (a title is required).
 */
export const draftProblems = (position: PositionValue, definition: readonly DataField[]): DraftProblems => {
  const problems: DraftProblems = {};
  // A title, text or subtotal line is its text alone.
  const checked = kindOf(position) === 'item' ? definition : definition.filter((field) => field.key === 'title');
  for (const field of checked) {
    if (field.type === 'map' || field.key === 'price_full' || field.key.startsWith('taxes_sum')) continue;
    const value = position[field.key];
    if ((field.type === 'float' || field.type === 'integer') && typeof value === 'string' && value.trim() !== '') {
      problems[field.key] = { key: field.type === 'integer' ? 'validation.integer' : 'validation.number' };
      continue;
    }
    const [first] = validateField(field, value);
    if (first) problems[field.key] = { key: first.key, params: first.params };
  }
  if (Object.keys(problems).length > 0) return problems;
  for (const [path, code] of Object.entries(checkPosition(positionInput(position)))) {
    const message = decimalMessage(code, positionFieldDecimals(path));
    problems[path] = { key: message.key, params: message.params };
  }
  return problems;
};
