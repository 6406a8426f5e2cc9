/**
 * CSV for German Excel: UTF-8 with a byte order mark (else Excel reads it as Windows-1252),
 * semicolons between cells (the comma is the decimal separator), CRLF line ends. A cell that
 * starts like a formula (= + - @, tab, carriage return) gets a leading apostrophe, so a
 * stranger's answer `=cmd|' /C calc'!A0` stays text instead of running (CSV injection).
 */
const bom = '\uFEFF';

export const neutralise = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

export const csvCell = (value: string): string => {
  const safe = neutralise(value);
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const toCsv = (header: readonly string[], rows: readonly (readonly string[])[]): string =>
  `${bom}${[header, ...rows].map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
