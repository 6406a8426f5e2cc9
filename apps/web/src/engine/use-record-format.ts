import { eurosToCents } from '@kontor/contract/logic/money';
import type { DateFormat } from '@kontor/contract/logic/number-format';
import { useMemo } from 'react';
import { useEnvironment } from '../environment/environment-context';
import { type Formatters, useFormat } from '../environment/use-format';

export type RecordFormat = Readonly<{
  /** Integer cents in the environment's currency: 123450 → "1.234,50 €". */
  cents: (cents: number) => string;
  /** Decimal euros as typed (a position's price): 12.5 → "12,50 €"; '' when not a valid amount. */
  euros: (euros: unknown) => string;
  number: (value: unknown, decimals?: number) => string;
  date: (value: unknown) => string;
  dateTime: (value: unknown) => string;
  /** The currency sign shown next to amount inputs ("€", "$"). */
  currencySymbol: string;
  dateFormat: DateFormat;
}>;

const asDate = (value: unknown) => (typeof value === 'string' || value instanceof Date ? value : null);

/** The record engine's formats on top of the environment's (`useFormat`): amounts in euros, the currency sign. */
export const recordFormat = (format: Formatters, dateFormat: DateFormat): RecordFormat => ({
  cents: format.money,
  euros: (value) => {
    if (typeof value !== 'number' && typeof value !== 'string') return '';
    try {
      return format.money(eurosToCents(value));
    } catch {
      return '';
    }
  },
  number: (value, decimals = 2) =>
    typeof value === 'number' || typeof value === 'string' ? format.number(value, decimals) : '',
  date: (value) => format.date(asDate(value)),
  dateTime: (value) => format.dateTime(asDate(value)),
  currencySymbol: format.money(0).replace(/[\d\s.,\u00a0\u202f-]/g, '') || '€',
  dateFormat,
});

export const useRecordFormat = (): RecordFormat => {
  const format = useFormat();
  const dateFormat = useEnvironment().environment.default_dateformat;
  return useMemo(() => recordFormat(format, dateFormat), [format, dateFormat]);
};
