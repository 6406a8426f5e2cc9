import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { InflateBudget, TooLargeError, UnreadableError } from './inflate';
import { parseLimits } from './limits';
import { embeddedFileOfPdf } from './pdf-embedded-file';
import { gibibyteBehindTwoFilters, pdfWithAttachments, zerosDeflated } from './testing/bombs';

const xml = '<?xml version="1.0"?><Invoice><ID>RE-1</ID><Note>Grüße (mit Klammern) \\ und Backslash</Note></Invoice>';
const isInvoice = (name: string) => name === 'factur-x.xml';
const read = (pdf: Uint8Array, budget = new InflateBudget()) =>
  embeddedFileOfPdf(pdf, isInvoice, budget) && Buffer.from(embeddedFileOfPdf(pdf, isInvoice, budget) ?? []).toString();

describe('embeddedFileOfPdf', () => {
  test('finds the named file with object streams, with a classic table and under Kids of the name tree', async () => {
    const attachments = [
      { name: 'logo.png', stored: Buffer.from('kein Bild') },
      { name: 'factur-x.xml', stored: zlib.deflateSync(xml), filters: ['FlateDecode'] },
    ];
    expect(read(await pdfWithAttachments(attachments))).toBe(xml);
    expect(read(await pdfWithAttachments(attachments, { objectStreams: false }))).toBe(xml);
    expect(read(await pdfWithAttachments(attachments, { kids: true }))).toBe(xml);
  });

  test('undoes chained filters that stay within the budget, and counts every level', async () => {
    const twice = zlib.deflateSync(zlib.deflateSync(xml));
    const pdf = await pdfWithAttachments([
      { name: 'factur-x.xml', stored: twice, filters: ['FlateDecode', 'FlateDecode'] },
    ]);
    expect(read(pdf)).toBe(xml);
    const budget = new InflateBudget();
    embeddedFileOfPdf(pdf, isInvoice, budget);
    const inner = zlib.deflateSync(xml).length;
    // Each level's output is counted (plus what the object streams took).
    expect(parseLimits.inflatedBytes - budget.left).toBeGreaterThanOrEqual(inner + xml.length);
  });

  test('stops a 1 GiB bomb behind two filters at the budget, in a moment', async () => {
    const bomb = gibibyteBehindTwoFilters();
    expect(bomb.length).toBeLessThan(4096);
    const pdf = await pdfWithAttachments([
      { name: 'factur-x.xml', stored: bomb, filters: ['FlateDecode', 'FlateDecode'] },
    ]);
    const started = performance.now();
    expect(() => embeddedFileOfPdf(pdf, isInvoice, new InflateBudget())).toThrow(TooLargeError);
    // Inflating it all takes 12 s here; stopping at the budget takes milliseconds (a loaded machine allowed for).
    expect(performance.now() - started).toBeLessThan(3000);
  });

  test('every filter level counts against one budget, and the budget spans reads', async () => {
    const sixMib = 6 * 1024 * 1024;
    const data = zerosDeflated(6);
    // A classic cross-reference table: no object stream takes from the budget, so the sums are exact.
    const one = await pdfWithAttachments([{ name: 'factur-x.xml', stored: data, filters: ['FlateDecode'] }], {
      objectStreams: false,
    });
    const two = await pdfWithAttachments(
      [{ name: 'factur-x.xml', stored: zlib.deflateSync(data), filters: ['FlateDecode', 'FlateDecode'] }],
      { objectStreams: false },
    );
    expect(embeddedFileOfPdf(one, isInvoice, new InflateBudget(sixMib))?.length).toBe(sixMib);
    expect(embeddedFileOfPdf(two, isInvoice, new InflateBudget(sixMib + data.length))?.length).toBe(sixMib);
    expect(() => embeddedFileOfPdf(two, isInvoice, new InflateBudget(sixMib + data.length - 1))).toThrow(TooLargeError);
    const shared = new InflateBudget(sixMib + 1024 * 1024);
    expect(() => embeddedFileOfPdf(one, isInvoice, shared)).not.toThrow();
    expect(() => embeddedFileOfPdf(one, isInvoice, shared)).toThrow(TooLargeError);
  });

  test('reads nothing of the other attachments: a bomb beside the invoice is never inflated', async () => {
    const pdf = await pdfWithAttachments([
      { name: 'anhang.bin', stored: gibibyteBehindTwoFilters(), filters: ['FlateDecode', 'FlateDecode'] },
      { name: 'factur-x.xml', stored: zlib.deflateSync(xml), filters: ['FlateDecode'] },
    ]);
    const budget = new InflateBudget();
    expect(read(pdf, budget)).toBe(xml);
    expect(parseLimits.inflatedBytes - budget.left).toBeLessThan(64 * 1024);
  });

  test('refuses filters whose output it cannot cap, too many filters, and predictors', async () => {
    const lzw = await pdfWithAttachments([{ name: 'factur-x.xml', stored: Buffer.from('x'), filters: ['LZWDecode'] }]);
    expect(() => embeddedFileOfPdf(lzw, isInvoice, new InflateBudget())).toThrow(UnreadableError);
    let stacked: Buffer = Buffer.from(xml);
    for (let i = 0; i <= parseLimits.filterLevels; i++) stacked = zlib.deflateSync(stacked);
    const filters = Array.from({ length: parseLimits.filterLevels + 1 }, () => 'FlateDecode');
    const deep = await pdfWithAttachments([{ name: 'factur-x.xml', stored: stacked, filters }]);
    expect(() => embeddedFileOfPdf(deep, isInvoice, new InflateBudget())).toThrow(TooLargeError);
    const data = zlib.deflateSync(xml);
    const predicted = Buffer.concat([
      Buffer.from(
        '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Names << /EmbeddedFiles << /Names [(factur-x.xml) 2 0 R] >> >> >>',
      ),
      Buffer.from('\nendobj\n2 0 obj\n<< /EF << /F 3 0 R >> >>\nendobj\n3 0 obj\n'),
      Buffer.from(
        `<< /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >> /Length ${data.length} >>\nstream\n`,
      ),
      data,
      Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n'),
    ]);
    expect(() => embeddedFileOfPdf(predicted, isInvoice, new InflateBudget())).toThrow(UnreadableError);
  });

  test('a PDF without the named file gives undefined; bytes that are no PDF, or an encrypted one, are unreadable', async () => {
    const plain = await PDFDocument.create();
    plain.addPage();
    expect(embeddedFileOfPdf(await plain.save(), isInvoice, new InflateBudget())).toBeUndefined();
    const other = await pdfWithAttachments([{ name: 'rechnung.xml', stored: Buffer.from(xml) }]);
    expect(embeddedFileOfPdf(other, isInvoice, new InflateBudget())).toBeUndefined();
    expect(() => embeddedFileOfPdf(Buffer.from('%PDF-1.7\nnichts'), isInvoice, new InflateBudget())).toThrow(
      UnreadableError,
    );
    const encrypted = Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R /Encrypt 2 0 R >>\n%%EOF',
    );
    expect(() => embeddedFileOfPdf(encrypted, isInvoice, new InflateBudget())).toThrow(UnreadableError);
  });

  test('refuses nesting beyond the limit instead of recursing into it', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const pdf = Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog /X ${deep} >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n`);
    expect(() => embeddedFileOfPdf(pdf, isInvoice, new InflateBudget())).toThrow(TooLargeError);
  });

  test('reads a hand-written PDF: literal and hex strings, a later revision winning, /Length by reference', () => {
    const data = zlib.deflateSync(xml);
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Names << /EmbeddedFiles 2 0 R >> >>\nendobj\n'),
      Buffer.from('2 0 obj\n<< /Names [(alt.xml) 3 0 R] >>\nendobj\n'),
      // An incremental update names the invoice (a hex string with a byte order mark: UTF-16BE).
      Buffer.from('2 0 obj\n<< /Names [<FEFF006600610063007400750072002D0078002E0078006D006C> 3 0 R] >>\nendobj\n'),
      Buffer.from('3 0 obj\n<< /Type /Filespec /F (factur\\055x.xml) /EF << /F 4 0 R >> >>\nendobj\n'),
      Buffer.from('4 0 obj\n<< /Length 5 0 R /Filter /FlateDecode >>\nstream\n'),
      data,
      Buffer.from(`\nendstream\nendobj\n5 0 obj\n${data.length}\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`),
    ]);
    expect(read(pdf)).toBe(xml);
  });
});
