/**
 * Names of files and folders are data, never paths: the storage keys are ids, so a name only has
 * to read well and travel safely (Content-Disposition, ZIP later, the listing). What is refused:
 * blank names, more than 255 characters, path separators, `.` and `..`, control characters (NUL
 * among them), bidirectional overrides (an RTL override turns `gpj.exe` into a fake `exe.jpg`) and
 * unpaired surrogates.
 */
export const maxFileNameLength = 255;

export type FileNameProblem = 'blank' | 'tooLong' | 'separator' | 'dots' | 'control' | 'bidi';

// C0, DEL, C1 controls; and line/paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const controlChars = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const bidiChars = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Trims the name (spaces around a name are never meant); the caller stores what it returns. */
export const normaliseFileName = (name: string): string => name.normalize('NFC').trim();

export const fileNameProblem = (raw: string): FileNameProblem | null => {
  const name = normaliseFileName(raw);
  if (name === '') return 'blank';
  if (name.length > maxFileNameLength) return 'tooLong';
  if (controlChars.test(name) || loneSurrogate.test(name)) return 'control';
  if (bidiChars.test(name)) return 'bidi';
  if (name.includes('/') || name.includes('\\')) return 'separator';
  if (name === '.' || name === '..') return 'dots';
  return null;
};

/** `Rechnung.pdf` → base `Rechnung`, ext `.pdf`; a leading dot (`.profile`) is no extension. */
export const fileNameParts = (name: string): { base: string; ext: string } => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? { base: name.slice(0, dot), ext: name.slice(dot) } : { base: name, ext: '' };
};

/** `Rechnung.pdf` → `Rechnung (2).pdf`: a free name next to a taken one (uploads never overwrite). */
export const numberedFileName = (name: string, n: number): string => {
  const { base, ext } = fileNameParts(name);
  const suffix = ` (${n})`;
  return `${base.slice(0, maxFileNameLength - suffix.length - ext.length)}${suffix}${ext}`;
};

/** The kind of icon a listing shows for a content type. */
type FileKind = 'image' | 'pdf' | 'text' | 'spreadsheet' | 'document' | 'archive' | 'other';

export const fileKindOf = (contentType: string): FileKind => {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'text/csv' || type.includes('spreadsheet') || type.includes('excel')) return 'spreadsheet';
  if (type.startsWith('text/') || type.endsWith('/xml')) return 'text';
  if (type.includes('word') || type.includes('opendocument') || type.includes('presentation')) return 'document';
  if (type === 'application/zip' || type.includes('compressed') || type.includes('x-tar') || type.includes('gzip'))
    return 'archive';
  return 'other';
};

/** Raster images the browser may show inline (thumbnails, previews); SVG never (scripts). */
export const isPreviewableImage = (contentType: string): boolean =>
  /^image\/(png|jpeg|gif|webp)(;|$)/i.test(contentType.trim());
