import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reads rendered PDFs back the way a person or a banking app would, for tests: the text of each
 * page (pdf.js, as a viewer extracts it) and the QR codes on a page (rasterised with pdf.js on
 * @napi-rs/canvas, decoded with jsQR). Nothing here trusts what the renderer meant to draw.
 */

/** One piece of text with its position in points from the page's top-left corner. */
export type TextItem = Readonly<{ text: string; x: number; y: number }>;

export type PdfPage = Readonly<{ items: readonly TextItem[]; text: string }>;

const open = (bytes: Uint8Array): Promise<PDFDocumentProxy> =>
  getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;

/** No-break spaces (between amount and "€") read as plain spaces, so tests can write "1,00 €". */
const plain = (text: string): string => text.replace(/\u00a0/g, ' ');

export const readPdf = async (bytes: Uint8Array): Promise<PdfPage[]> => {
  const pdf = await open(bytes);
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const height = page.getViewport({ scale: 1 }).height;
      const content = await page.getTextContent();
      const items = content.items.flatMap((item) =>
        'str' in item && item.str.trim() !== ''
          ? [{ text: plain(item.str), x: item.transform[4] ?? 0, y: height - (item.transform[5] ?? 0) }]
          : [],
      );
      pages.push({ items, text: items.map((item) => item.text).join(' ') });
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
};

/** The document's info dictionary (Title, CreationDate "D:20240515073000Z", …) as pdf.js reads it. */
export const readInfo = async (bytes: Uint8Array): Promise<Record<string, unknown>> => {
  const pdf = await open(bytes);
  try {
    const { info } = await pdf.getMetadata();
    return { ...(info as Record<string, unknown>) };
  } finally {
    await pdf.destroy();
  }
};

/** The text of the item right after the first item reading `label` (the value cell of a row). */
export const valueAfter = (page: PdfPage, label: string): string | undefined => {
  const index = page.items.findIndex((item) => item.text === label);
  return index < 0 ? undefined : page.items[index + 1]?.text;
};

/** The page rasterised at `scale` (1 = 72 dpi) and the text of the QR code found on it, or null. */
export const decodeQrOnPage = async (bytes: Uint8Array, pageNumber: number, scale = 3): Promise<string | null> => {
  const pdf = await open(bytes);
  try {
    const page = await pdf.getPage(pageNumber);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // pdf.js expects DOM canvas types; @napi-rs/canvas implements the same 2D API.
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height, {
      inversionAttempts: 'dontInvert',
    });
    return code ? Buffer.from(code.binaryData).toString('utf8') : null;
  } finally {
    await pdf.destroy();
  }
};
