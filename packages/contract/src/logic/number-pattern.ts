/**
 * Number patterns of the number ranges (issue 31): `{YYYY}` the year, `{NNNN}` the counter padded
 * to as many digits as there are N. Shared so the settings screen shows the number the server
 * will draw.
 */

/** `RE-{YYYY}-{NNNN}` with year 2026 and value 7 → RE-2026-0007. */
export const formatNumber = (format: string, year: number, value: number): string =>
  format
    .replace(/\{YYYY\}/g, String(year))
    .replace(/\{(N+)\}/g, (_m, ns: string) => String(value).padStart(ns.length, '0'));
