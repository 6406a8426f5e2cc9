/**
 * Calendar dates and wall-clock date-times as the form engine stores them: a `date` field holds
 * "YYYY-MM-DD", a `datetime` field the local "YYYY-MM-DDTHH:mm[:ss]" of `<input type="datetime-local">`
 * (spec 01 §3 "datetime (local)"). Neither carries a time zone, so they are handled as text and
 * never through `Date`, which would shift them by the host's zone. Instants (timestamps such as
 * `created_at`) are shown in an explicit time zone with `wallClock`.
 */

export type WallClock = Readonly<{
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Whether the text had a time of day ("2024-05-01" has not). */
  hasTime: boolean;
}>;

const localPattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?$/;

const daysInMonth = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/**
 * Reads "YYYY-MM-DD" or "YYYY-MM-DD[T| ]HH:mm[:ss[.fff]]" and checks the calendar (no 30 February,
 * no hour 24). Text with a zone suffix ("Z", "+02:00") is not a local value and gives null.
 */
export const parseLocalDateTime = (text: string): WallClock | null => {
  const match = localPattern.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { year, month, day, hour, minute, second, hasTime: match[4] !== undefined };
};

/** Only a calendar date, "YYYY-MM-DD", is accepted. */
export const parseLocalDate = (text: string): WallClock | null => {
  const parsed = parseLocalDateTime(text);
  return parsed && !parsed.hasTime ? parsed : null;
};

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** "2024-05-01": the date part, sortable as text. */
export const dateKey = (value: WallClock): string => `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}`;

/** "2024-05-01T14:30:00": sortable as text; a date alone counts as its midnight. */
export const dateTimeKey = (value: WallClock): string =>
  `${dateKey(value)}T${pad(value.hour)}:${pad(value.minute)}:${pad(value.second)}`;

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall clock of an instant in a time zone (default Europe/Berlin: the product is German and a
 * pure function must not depend on the host's zone). Text must name its zone ("Z", "+02:00"):
 * `new Date` would read zone-less text in the host's zone. Invalid input gives null.
 */
export const wallClock = (instant: Date | number | string, timeZone = 'Europe/Berlin'): WallClock | null => {
  if (typeof instant === 'string' && !/(?:Z|[+-]\d{2}:?\d{2})$/i.test(instant.trim())) return null;
  const date = instant instanceof Date ? instant : new Date(typeof instant === 'string' ? instant.trim() : instant);
  if (Number.isNaN(date.getTime())) return null;
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(date)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    hasTime: true,
  };
};
