import type { Cents } from '@kontor/contract/logic/money';
import {
  currencyFormatter,
  type DateValue,
  formatBytes,
  formatDate,
  formatDateTime,
  formatNumber,
} from '@kontor/contract/logic/number-format';
import { useMemo } from 'react';
import { useEnvironment } from './environment-context';

export type Formatters = Readonly<{
  /** Integer cents in the environment's currency: 123450 → "1.234,50 €". */
  money: (cents: Cents) => string;
  /** In the environment's date format: "01.05.2024" or "2024-05-01". */
  date: (value: DateValue) => string;
  dateTime: (value: DateValue) => string;
  /** German notation, two decimals unless told otherwise (spec 01 §9). */
  number: (value: number | string | null | undefined, decimals?: number) => string;
  bytes: (bytes: number) => string;
}>;

/** Display formats configured by the environment's currency, date format and language. */
export const useFormat = (): Formatters => {
  const { environment } = useEnvironment();
  const { default_currency: currency, default_language: language, default_dateformat: dateFormat } = environment;
  return useMemo(() => {
    const money = currencyFormatter({ currency, language });
    return {
      money,
      date: (value) => formatDate(value, dateFormat),
      dateTime: (value) => formatDateTime(value, dateFormat),
      number: (value, decimals = 2) => formatNumber(value, decimals),
      bytes: (bytes) => formatBytes(bytes),
    };
  }, [currency, language, dateFormat]);
};
