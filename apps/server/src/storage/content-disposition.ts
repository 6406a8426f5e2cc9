/**
 * Types a browser may show inline: they cannot run script in our origin. Everything else (HTML,
 * SVG, XML, text, Office files) is always an attachment, whatever the caller asks for.
 */
const inlineSafe = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf']);

export const mayShowInline = (contentType: string): boolean =>
  inlineSafe.has(contentType.split(';')[0]?.trim().toLowerCase() ?? '');

const umlauts: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** The name for old clients that ignore `filename*`: ASCII only, no quotes, slashes or controls. */
const asciiFallback = (name: string): string => {
  const ascii = name
    .replace(/[äöüÄÖÜß]/g, (c) => umlauts[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._()+,-]/g, '_')
    .trim();
  return ascii.replace(/^\.+/, '') || 'download';
};

/** RFC 8187: percent-encode everything but attr-char (encodeURIComponent leaves `'()*` bare). */
const encodeRfc8187 = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="Rechnung_2024.pdf"; filename*=UTF-8''Rechnung%20M%C3%BCller.pdf` — the
 * UTF-8 name for every current browser, an ASCII one for the rest. Path parts and control
 * characters of the stored name are dropped first, so the header cannot be split or point elsewhere.
 */
export const contentDisposition = (filename: string, inline = false): string => {
  const clean =
    Array.from(filename)
      .filter((c) => c >= ' ' && c !== '\u007f')
      .join('')
      .split(/[/\\]/)
      .pop()
      ?.trim()
      .slice(0, 255) || 'download';
  return `${inline ? 'inline' : 'attachment'}; filename="${asciiFallback(clean)}"; filename*=UTF-8''${encodeRfc8187(clean)}`;
};
