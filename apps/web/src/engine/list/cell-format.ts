import type { Cell } from '@kontor/contract/api/record-types';
import { getPath } from '@kontor/contract/logic/conditions';
import type { RecordFormat } from '../use-record-format';

/** Cells whose values line up on the right (amounts and numbers). */
export const isNumericCell = (cell: Cell) =>
  cell.format === 'currency' || cell.format === 'money' || cell.format === 'number';

/**
 * The text of a list cell by its format (spec 02 §3): currency is integer cents, money decimal
 * euros, options show their label, dates the environment's format, booleans Ja/Nein. Stages are
 * badges and not handled here.
 */
export const cellText = (
  cell: Cell,
  row: Record<string, unknown>,
  format: RecordFormat,
  yesNo: { yes: string; no: string },
): string => {
  const value = getPath(row, cell.mapping);
  switch (cell.format) {
    case 'currency':
      return typeof value === 'number' ? format.cents(value) : '';
    case 'money':
      return format.euros(value);
    case 'number':
      return format.number(value);
    case 'options': {
      const option = cell.options?.find((o) => o.value === value);
      return option ? option.label : value == null ? '' : String(value);
    }
    case 'date':
      return format.date(value);
    case 'datetime':
      return format.dateTime(value);
    case 'boolean':
      return value === true ? yesNo.yes : value === false ? yesNo.no : '';
    default:
      if (value === null || value === undefined) return '';
      if (Array.isArray(value)) return value.filter((v) => typeof v === 'string' || typeof v === 'number').join(', ');
      return typeof value === 'object' ? '' : String(value);
  }
};
