import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { gibibyteBehindTwoFilters, manyElements, pdfWithAttachments } from '../../parse-limits/testing/bombs';
import { cases, fieldLabels, mapping, seller } from './einvoice.fixtures';
import { buildEinvoice } from './einvoice-document';
import { xrechnungXml } from './einvoice-files';
import { readEinvoiceUpload } from './einvoice-upload';

/** What the import's worker answers for an upload (issue 28 item 1); the worker itself is tested through the route. */

const domesticXml = async (syntax: 'ubl' | 'cii') => {
  const c = cases.domestic;
  if (!c) throw new Error('domestic');
  const result = buildEinvoice({ record: c.record, seller, buyer: c.buyer, mapping, fieldLabels });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return xrechnungXml(result.invoice, syntax);
};

describe('readEinvoiceUpload', { timeout: 30_000 }, () => {
  test('reads an XRechnung, and the factur-x.xml of a PDF (also zugferd-invoice.xml, any case)', async () => {
    const xml = await domesticXml('cii');
    expect(readEinvoiceUpload(Buffer.from(xml))).toMatchObject({ invoice: { syntax: 'cii' } });
    for (const name of ['factur-x.xml', 'ZUGFeRD-invoice.xml']) {
      const pdf = await pdfWithAttachments([{ name, stored: zlib.deflateSync(xml), filters: ['FlateDecode'] }]);
      expect(readEinvoiceUpload(pdf)).toMatchObject({ invoice: { syntax: 'cii' } });
    }
  });

  test('refuses bombs and monsters as too complex, before building anything', async () => {
    const bomb = await pdfWithAttachments([
      { name: 'factur-x.xml', stored: gibibyteBehindTwoFilters(), filters: ['FlateDecode', 'FlateDecode'] },
    ]);
    expect(readEinvoiceUpload(bomb)).toEqual({ refused: 'einvoice.importTooComplex' });
    expect(readEinvoiceUpload(Buffer.from(manyElements(1_000_000)))).toEqual({ refused: 'einvoice.importTooComplex' });
    const deep = `<Invoice>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</Invoice>`;
    expect(readEinvoiceUpload(Buffer.from(deep))).toEqual({ refused: 'einvoice.importTooComplex' });
  });

  test('keeps the earlier refusals: DTD, no attachment, unreadable PDF, not XML, not an e-invoice', async () => {
    expect(readEinvoiceUpload(Buffer.from('<!DOCTYPE x [<!ENTITY a "b">]><Invoice/>'))).toEqual({
      refused: 'einvoice.importDoctype',
    });
    const plain = await PDFDocument.create();
    plain.addPage();
    expect(readEinvoiceUpload(await plain.save())).toEqual({ refused: 'einvoice.importNoAttachment' });
    expect(readEinvoiceUpload(Buffer.from('%PDF-1.7 kaputt'))).toEqual({ refused: 'einvoice.importBadPdf' });
    const lzw = await pdfWithAttachments([{ name: 'factur-x.xml', stored: Buffer.from('x'), filters: ['LZWDecode'] }]);
    expect(readEinvoiceUpload(lzw)).toEqual({ refused: 'einvoice.importBadPdf' });
    expect(readEinvoiceUpload(Buffer.from('Hallo'))).toEqual({ refused: 'einvoice.importNotXml' });
    expect(readEinvoiceUpload(Buffer.from('<Invoice><ID>1</I'))).toEqual({ refused: 'einvoice.importNotXml' });
    expect(readEinvoiceUpload(Buffer.from('<Order/>'))).toEqual({ refused: 'einvoice.importNotEinvoice' });
  });
});
