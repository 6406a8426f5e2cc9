import { dateKey, parseLocalDate, parseLocalDateTime } from '@kontor/contract/logic/dates';

const pad = (n: string) => n.padStart(2, '0');

/**
 * A date as people type it into a date field: "24.12.2026", "24.12.26", "1.2.2026" or
 * "2026-12-24". Gives the stored "YYYY-MM-DD", or null for anything that is not a real date.
 */
export const parseDateText = (text: string): string | null => {
  const trimmed = text.trim();
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(trimmed);
  if (german) {
    const [, day = '', month = '', yearText = ''] = german;
    // Two-digit years are this century: invoices, not birthdays of the last one.
    const year = yearText.length === 2 ? `20${yearText}` : yearText;
    const parsed = parseLocalDate(`${year}-${pad(month)}-${pad(day)}`);
    return parsed ? dateKey(parsed) : null;
  }
  const parsed = parseLocalDate(trimmed);
  return parsed ? dateKey(parsed) : null;
};

/** Splits a stored local date-time ("2026-12-24T18:30") into its date and "HH:mm" parts. */
export const splitDateTime = (value: unknown): { date: string | null; time: string } => {
  if (typeof value !== 'string') return { date: null, time: '' };
  const parsed = parseLocalDateTime(value);
  if (!parsed) return { date: null, time: '' };
  const time = parsed.hasTime ? `${pad(String(parsed.hour))}:${pad(String(parsed.minute))}` : '';
  return { date: dateKey(parsed), time };
};

/** Joins date and time into the stored "YYYY-MM-DDTHH:mm"; a date without time counts as midnight. */
export const joinDateTime = (date: string | null, time: string): string | null =>
  date ? `${date}T${/^\d{2}:\d{2}$/.test(time) ? time : '00:00'}` : null;
