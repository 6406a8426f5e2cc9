import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * The one place that talks to pdfmake. We use its `Printer` class rather than the package's
 * singleton: the singleton keeps fonts and access policies in process-wide state and reads fonts
 * from disk by path on every document, while a printer of our own holds the fonts in memory
 * (read once), may not touch the file system or the network (no-op URL resolver, local access
 * denied: a stray image path in a template cannot read a server file) and is reused by every
 * render. pdfmake is pinned to an exact version because `js/Printer.js` is not its public entry.
 */

/** A pdfkit document: a readable stream of PDF bytes once `end()` is called. */
export type PdfKitDocument = Readable & { end(): void };

type FontFiles = Readonly<{ normal: string; bold: string; italics: string; bolditalics: string }>;

type VirtualFs = Readonly<{
  existsSync: (file: string) => boolean;
  readFileSync: (file: string) => Buffer;
}>;

type UrlResolver = Readonly<{ resolve: (url: string) => Promise<void>; resolved: () => Promise<void> }>;

type PrinterInstance = {
  createPdfKitDocument: (definition: TDocumentDefinitions) => Promise<PdfKitDocument>;
};

type PrinterClass = new (
  fonts: Record<string, FontFiles>,
  vfs: VirtualFs,
  urlResolver: UrlResolver,
  localAccessPolicy: (file: string) => boolean,
) => PrinterInstance;

const require = createRequire(import.meta.url);

/** Roboto (Apache 2.0) as pdfmake ships it: Latin with umlauts, ß and €; Medium serves as bold. */
const roboto: FontFiles = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
};

export const fontFamily = 'Roboto';

const loadFonts = (): Map<string, Buffer> => {
  const dir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  return new Map(Object.values(roboto).map((file) => [file, fs.readFileSync(path.join(dir, file))]));
};

const sharing = Symbol.for('kontor.pdf.shareParsedFonts');

type Fontkit = Record<string, unknown> & {
  create: (data: Uint8Array, postscriptName?: string) => unknown;
  [sharing]?: (buffers: Iterable<Uint8Array>) => void;
};

/**
 * Parsing a font's tables (fontkit) is most of a small document's render time, and pdfkit parses
 * anew for every document. A parsed font is read-only to pdfkit (each document keeps its own
 * subset), so pdfkit gets a fontkit whose `create` remembers what it parsed from our font buffers
 * (other buffers pass through). fontkit's exports are getters, so the wrapper is put into the
 * module cache before pdfkit first requires fontkit; a later printer (a fresh module instance, as
 * in tests) registers its buffers with the wrapper already there. If pdfkit was loaded by someone
 * else first, fonts are simply parsed per document.
 */
const shareParsedFonts = (buffers: Iterable<Uint8Array>): void => {
  const fontkitPath = createRequire(require.resolve('pdfkit')).resolve('fontkit');
  const loaded = require(fontkitPath) as Fontkit;
  const share = loaded[sharing];
  if (share) {
    share(buffers);
    return;
  }
  const entry = require.cache[fontkitPath];
  if (!entry || require.cache[require.resolve('pdfkit')]) return;
  const shared = new WeakSet<Uint8Array>();
  const parsed = new WeakMap<Uint8Array, Map<string, unknown>>();
  const wrapper: Fontkit = {
    ...Object.fromEntries(Object.keys(loaded).map((key) => [key, loaded[key]])),
    create: (data, postscriptName) => {
      if (!shared.has(data)) return loaded.create(data, postscriptName);
      const fonts = parsed.get(data) ?? new Map<string, unknown>();
      parsed.set(data, fonts);
      const key = postscriptName ?? '';
      if (!fonts.has(key)) fonts.set(key, loaded.create(data, postscriptName));
      return fonts.get(key);
    },
    [sharing]: (more) => {
      for (const buffer of more) shared.add(buffer);
    },
  };
  wrapper[sharing]?.(buffers);
  entry.exports = wrapper;
};

let printer: PrinterInstance | null = null;

/** The shared printer, made on first use. Rendering is synchronous after the (no-op) URL step. */
const sharedPrinter = (): PrinterInstance => {
  if (printer) return printer;
  const fonts = loadFonts();
  shareParsedFonts(fonts.values());
  const vfs: VirtualFs = {
    existsSync: (file) => fonts.has(file),
    readFileSync: (file) => {
      const data = fonts.get(file);
      if (!data) throw new Error(`unknown font file ${file}`);
      return data;
    },
  };
  const noNetwork: UrlResolver = { resolve: async () => {}, resolved: async () => {} };
  const Printer = (require('pdfmake/js/Printer.js') as { default: PrinterClass }).default;
  printer = new Printer({ [fontFamily]: { ...roboto } }, vfs, noNetwork, () => false);
  return printer;
};

/** Lays out and draws a document; the bytes flow once `end()` is called on the result. */
export const printDocument = (definition: TDocumentDefinitions): Promise<PdfKitDocument> =>
  sharedPrinter().createPdfKitDocument(definition);

/** Ends the document and collects its bytes. */
export const collectBytes = (doc: PdfKitDocument): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
