import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes sniffContentType wants: enough for Office files' `[Content_Types].xml`. */
export const sniffBytes = 64 * 1024;

export const octetStream = 'application/octet-stream';

/**
 * The content type of a file from its first bytes, never from what the uploader claimed. Binary
 * formats by their magic numbers (the `file-type` package: PDF, PNG, JPEG, GIF, WebP, ZIP and the
 * Office formats inside it, and hundreds more); then the text formats it leaves out: SVG as
 * `text/xml` (so it is never treated as an image that may run script), other XML, CSV and plain text
 * with their charset. Anything else is `application/octet-stream`.
 */
export const sniffContentType = async (firstBytes: Uint8Array): Promise<string> => {
  const bytes = firstBytes.subarray(0, sniffBytes);
  if (bytes.length === 0) return octetStream;
  // Gzip by its magic bytes alone: file-type would inflate up to 16 MiB of it looking for a tar
  // archive inside (a 20 KB file made it inflate 15 MiB), beyond the parse limits of issue 28
  // item 1, and calls it application/gzip either way. A ZIP is left to file-type: it inflates one
  // entry ([Content_Types].xml or mimetype) of at most 1 MiB, from at most these 64 KiB.
  if (bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08) return 'application/gzip';
  const binary = await fileTypeFromBuffer(bytes).catch(() => undefined);
  // file-type calls some XML dialects by name; an SVG must never come back as an image type.
  if (binary && binary.mime !== 'application/xml' && !binary.mime.includes('svg')) return binary.mime;
  return sniffText(bytes) ?? binary?.mime ?? octetStream;
};

const sniffText = (bytes: Uint8Array): string | undefined => {
  const charset = textCharset(bytes);
  if (!charset) return undefined;
  const text = new TextDecoder(charset).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const head = text.trimStart().slice(0, 1024).toLowerCase();
  // Comments, a doctype or an XML declaration may stand before the root element.
  const root = head.replace(/^(<\?xml[^>]*>|<!--[\s\S]*?-->|<!doctype[^>]*>|\s)+/, '');
  if (root.startsWith('<svg')) return 'text/xml';
  if (head.startsWith('<?xml')) return `application/xml; charset=${charset}`;
  return `${looksLikeCsv(text) ? 'text/csv' : 'text/plain'}; charset=${charset}`;
};

/**
 * `utf-8` for valid UTF-8 (a sequence cut off at the sample's end allowed), `windows-1252` for
 * other 8-bit text (German spreadsheet exports often are), undefined when there are control bytes.
 */
const textCharset = (bytes: Uint8Array): 'utf-8' | 'windows-1252' | undefined => {
  for (const b of bytes) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return undefined;
    if (b === 0x7f) return undefined;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(trimIncompleteUtf8(bytes));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
};

const trimIncompleteUtf8 = (bytes: Uint8Array): Uint8Array => {
  // Walk back over at most three continuation bytes to the last sequence's lead byte.
  for (let i = bytes.length - 1, seen = 0; i >= 0 && seen < 4; i--, seen++) {
    const b = bytes[i] ?? 0;
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return bytes.length - i < need ? bytes.subarray(0, i) : bytes;
  }
  return bytes;
};

/** At least two lines with the same, non-zero number of `;`, `,` or tab separators. */
const looksLikeCsv = (text: string): boolean => {
  const lines = text.split(/\r?\n/).slice(0, 6);
  // The sample's last line may be cut off mid-way: judge it only when there is little else.
  if (lines.length > 2) lines.pop();
  const full = lines.filter((l) => l.length > 0);
  if (full.length < 2) return false;
  return [';', ',', '\t'].some((sep) => {
    const counts = full.map((l) => l.split(sep).length - 1);
    return (counts[0] ?? 0) > 0 && counts.every((c) => c === counts[0]);
  });
};
