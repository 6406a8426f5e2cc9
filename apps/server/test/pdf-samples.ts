import { deflateSync } from 'node:zlib';
import type { ExportTemplate } from '@kontor/contract/api/export-templates';
import type { PositionInput } from '@kontor/contract/logic/positions';
import type { PdfDocumentInput } from '../src/pdf/pdf-input';
import { positionRows, positionSummary } from '../src/pdf/pdf-positions';
import { invoiceTemplate } from '../src/pdf/templates/invoice-template';

/**
 * Sample documents for the PDF tests, the benchmark and the visual check: a German company, a
 * customer, and positions in the record wire shape, turned into rows and summary through
 * pdf-positions.ts exactly as a caller would.
 */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Uint8Array): Buffer => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};

/** A small RGB PNG drawn by `pixel(x, y)`: a logo without a binary fixture in the repository. */
export const png = (width: number, height: number, pixel: (x: number, y: number) => [number, number, number]) => {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * (width * 3 + 1) + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', new Uint8Array()),
    ]),
  );
};

/** A blue square with a white bar and a grey word mark block: stands in for a company logo. */
export const sampleLogo = (): Uint8Array =>
  png(360, 120, (x, y) => {
    if (x < 120) return x > 24 && x < 96 && y > 52 && y < 68 ? [255, 255, 255] : [28, 78, 156];
    return x > 140 && x < 340 && y > 44 && y < 76 ? [120, 130, 140] : [255, 255, 255];
  });

const articles = [
  ['Beratung Büroorganisation', 'Std.', '95.00'],
  ['Schreibtisch „Ergo“ höhenverstellbar, Eiche natur', 'Stk.', '649.90'],
  ['Fachbuch Steuerrecht (ermäßigter Satz)', 'Stk.', '39.80'],
  ['Montage und Einweisung vor Ort', 'Std.', '72.50'],
  ['Bürostuhl Komfort', 'Stk.', '289.00'],
  ['Zeitschriften-Abo Jahresbezug', 'Stk.', '118.00'],
] as const;

const vat19 = { name: 'USt.', percent: 19 };
const vat7 = { name: 'USt.', percent: 7 };

/** `count` positions cycling through the articles, with 19 % and 7 % (books) and odd quantities. */
export const samplePositions = (count: number): PositionInput[] =>
  Array.from({ length: count }, (_, i) => {
    const [title, unit, price] = articles[i % articles.length] ?? articles[0];
    const reduced = i % articles.length === 2 || i % articles.length === 5;
    return {
      title,
      unit,
      quantity: i % 4 === 1 ? '1.5' : String((i % 3) + 1),
      price_single: price,
      taxes: [reduced ? vat7 : vat19],
    };
  });

export type SampleOptions = Readonly<{
  positions?: readonly PositionInput[];
  template?: ExportTemplate;
  record?: Readonly<Record<string, unknown>>;
  logo?: boolean;
}>;

/** A complete invoice input; `positions` default to three lines with 19 % and 7 %. */
export const sampleInput = (options: SampleOptions = {}): PdfDocumentInput => {
  const positions = options.positions ?? samplePositions(3);
  return {
    template: options.template ?? invoiceTemplate,
    meta: { title: 'Rechnung RE-2024-0042', createdAt: '2024-05-15T09:30:00+02:00' },
    company: {
      name: 'Müller & Söhne Büroausstattung GmbH',
      street: 'Königsallee',
      housenumber: '12a',
      zip: '40212',
      city: 'Düsseldorf',
      phone: '0211 123456-0',
      email: 'info@mueller-soehne.de',
      website: 'www.mueller-soehne.de',
      taxNumber: '103/5702/1234',
      vatId: 'DE123456789',
      logo: options.logo === false ? null : sampleLogo(),
    },
    recipient: { lines: ['Schäfer Gärten GbR', 'z. Hd. Frau Jürgens', 'Weißdornweg 7', '50667 Köln'] },
    record: {
      number: 'RE-2024-0042',
      date: '2024-05-15',
      due_date: '2024-05-29',
      delivery_date: '2024-05-10',
      customer_number: 10023,
      subject: 'Ihre Bestellung vom 02.05.2024',
      intro: 'Sehr geehrte Frau Jürgens,\n\nvielen Dank für Ihren Auftrag. Wir berechnen Ihnen folgende Leistungen:',
      closing: 'Mit freundlichen Grüßen\nMüller & Söhne Büroausstattung GmbH',
      ...options.record,
    },
    positions: positionRows(positions),
    summary: positionSummary(positions),
    bank: {
      holder: 'Müller & Söhne Büroausstattung GmbH',
      bankName: 'Commerzbank Düsseldorf',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    },
    formats: { dateFormat: 'DD.MM.YYYY', currency: 'euro' },
  };
};
