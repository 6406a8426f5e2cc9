import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { summarizePositions } from '@kontor/contract/logic/positions';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { cases, fieldLabels, mapping, seller, smallBusinessSeller } from './einvoice.fixtures';
import { buildEinvoice, type Seller } from './einvoice-document';
import { EinvoiceDataError, loadEinvoiceLibrary, xrechnungXml, zugferdPdf } from './einvoice-files';
import { einvoiceXmlOfPdf, pdfAttachments, type ReadInvoice, readEinvoiceXml } from './einvoice-read';
import { checkEinvoiceRules } from './einvoice-rules';

/**
 * The golden cases of issue 15, each generated as XRechnung UBL, XRechnung CII and ZUGFeRD
 * (Factur-X EN 16931), compared with its golden file, read back and checked: every mandatory
 * business term, the XRechnung rules that apply, and the amounts against the contract logic.
 * `UPDATE_GOLDEN=1` rewrites the golden files after a deliberate change.
 */

const goldenDir = join(import.meta.dirname, 'golden');

const golden = (name: string, actual: string) => {
  const path = join(goldenDir, name);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) writeFileSync(path, actual);
  expect(actual).toBe(readFileSync(path, 'utf8'));
};

const sellerFor = (name: string): Seller => (name === 'smallBusiness' ? smallBusinessSeller : seller);

const built = (name: string) => {
  const c = cases[name];
  if (!c) throw new Error(name);
  const result = buildEinvoice({ record: c.record, seller: sellerFor(name), buyer: c.buyer, mapping, fieldLabels });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return { c, invoice: result.invoice };
};

/** What the screen and the PDF show for the record (a credit note's amounts turned positive). */
const expectSameAmounts = (read: ReadInvoice, name: string) => {
  const c = cases[name];
  if (!c) throw new Error(name);
  const sign = c.record.cancels ? -1 : 1;
  const summary = summarizePositions(c.record.positions);
  const tax = summary.taxes.reduce((a, t) => a + t.amountCents, 0);
  expect(read.totals.netCents).toBe(sign * summary.netCents);
  expect(read.totals.taxCents).toBe(sign * tax);
  expect(read.totals.grossCents).toBe(sign * summary.grossCents);
  expect(read.totals.payableCents).toBe(sign * summary.grossCents);
  expect(read.lines).toHaveLength(c.record.positions.length);
};

const onePagePdf = async () => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText('Rechnung', { x: 50, y: 780, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return pdf.save();
};

// The library is imported on first use; its import is not part of any case's time.
beforeAll(() => loadEinvoiceLibrary(), 60_000);

describe('e-invoice golden cases', () => {
  for (const name of Object.keys(cases)) {
    it(`${name}: XRechnung UBL matches its golden file, reads back complete and to the cent`, async () => {
      const { invoice } = built(name);
      const xml = await xrechnungXml(invoice, 'ubl');
      golden(`${name}.ubl.xml`, xml);
      const read = readEinvoiceXml(xml);
      expect(checkEinvoiceRules(read, { xrechnung: true })).toEqual([]);
      expectSameAmounts(read, name);
    });

    it(`${name}: XRechnung CII matches its golden file, reads back complete and to the cent`, async () => {
      const { invoice } = built(name);
      const xml = await xrechnungXml(invoice, 'cii');
      golden(`${name}.cii.xml`, xml);
      const read = readEinvoiceXml(xml);
      expect(read.syntax).toBe('cii');
      expect(checkEinvoiceRules(read, { xrechnung: true })).toEqual([]);
      expectSameAmounts(read, name);
    });
  }

  it('domestic 19 %/7 %: one breakdown per rate with the per-line rounded taxes', async () => {
    const read = readEinvoiceXml(await xrechnungXml(built('domestic').invoice));
    expect(read.breakdown.map((b) => [b.category, b.percent]).sort()).toEqual([
      ['S', 19],
      ['S', 7],
    ]);
    expect(read.buyerReference).toBe('04011000-12345-34');
    expect(read.lines.map((l) => l.unitCode)).toEqual(['HUR', 'H87', 'LS', 'MTR']);
  });

  it('title, text and subtotal lines are no invoice lines and change no amount (issue 31 item 3)', async () => {
    const domestic = cases.domestic;
    if (!domestic) throw new Error('domestic');
    const [first, ...rest] = domestic.record.positions;
    const record = {
      ...domestic.record,
      positions: [
        { kind: 'title', title: 'Küche' },
        ...(first ? [first] : []),
        { kind: 'text', title: 'Material nach Aufmaß', quantity: 3, price_single: 99 },
        { kind: 'subtotal', title: 'Zwischensumme Küche' },
        ...rest,
      ],
    };
    const result = buildEinvoice({ record, seller, buyer: domestic.buyer, mapping, fieldLabels });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const read = readEinvoiceXml(await xrechnungXml(result.invoice, 'ubl'));
    const plain = readEinvoiceXml(await xrechnungXml(built('domestic').invoice, 'ubl'));
    expect(checkEinvoiceRules(read, { xrechnung: true })).toEqual([]);
    expect(read.lines).toEqual(plain.lines);
    expect(read.totals).toEqual(plain.totals);
    expect(read.breakdown).toEqual(plain.breakdown);
  });

  it('reverse charge: category AE with its exemption, both VAT ids, no tax', async () => {
    const read = readEinvoiceXml(await xrechnungXml(built('reverseCharge').invoice));
    expect(read.breakdown).toEqual([
      expect.objectContaining({ category: 'AE', percent: 0, taxCents: 0, exemptionCode: 'VATEX-EU-AE' }),
    ]);
    expect(read.seller.vatId).toBe('DE123456789');
    expect(read.buyer.vatId).toBe('DE987654321');
    // No buyer reference on the invoice: the customer number stands in (BT-10).
    expect(read.buyerReference).toBe('K-1001');
  });

  it('intra-community: category K, delivery date and country, buyer country NL', async () => {
    const read = readEinvoiceXml(await xrechnungXml(built('intraCommunity').invoice));
    expect(read.lines.every((l) => l.category === 'K')).toBe(true);
    expect(read.deliveryDate).toBe('2026-11-20');
    expect(read.deliveryCountry).toBe('NL');
    expect(read.buyer.country).toBe('NL');
  });

  it('credit note (Storno): type 381, positive amounts, the cancelled invoice referenced', async () => {
    const ubl = await xrechnungXml(built('creditNote').invoice, 'ubl');
    expect(ubl).toContain('<CreditNote');
    const read = readEinvoiceXml(ubl);
    expect(read.typeCode).toBe('381');
    expect(read.precedingNumber).toBe('RE-2026-0001');
    expect(read.totals.payableCents).toBeGreaterThan(0);
    expect(read.lines.every((l) => l.priceCents > 0 && l.quantity > 0)).toBe(true);
  });

  it('small business (§ 19 UStG): category E with the § 19 reason, tax number instead of a VAT id', async () => {
    const read = readEinvoiceXml(await xrechnungXml(built('smallBusiness').invoice));
    expect(read.breakdown).toEqual([
      expect.objectContaining({
        category: 'E',
        percent: 0,
        taxCents: 0,
        exemptionReason: expect.stringContaining('§ 19 UStG'),
      }),
    ]);
    expect(read.seller.vatId).toBe('');
    expect(read.seller.taxNumber).toBe('27/123/45678');
  });

  it('ZUGFeRD: the given PDF with factur-x.xml attached (Alternative), PDF/A-3 and Factur-X XMP metadata', async () => {
    const pdf = await onePagePdf();
    const out = await zugferdPdf(built('domestic').invoice, pdf, 'RE-2026-0001.pdf');
    const files = await pdfAttachments(out);
    const xmlFile = files.find((f) => f.name === 'factur-x.xml');
    expect(xmlFile?.relationship).toBe('Alternative');
    expect(xmlFile?.subtype).toBe('text/xml');
    const doc = await PDFDocument.load(out);
    expect(doc.getPageCount()).toBe(1);
    const raw = Buffer.from(out).toString('latin1');
    expect(raw).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(raw).toMatch(/fx:DocumentFileName>factur-x\.xml</);
    expect(raw).toMatch(/fx:ConformanceLevel>EN 16931</);
    expect(raw).toMatch(/fx:DocumentType>INVOICE</);
    const read = readEinvoiceXml(await einvoiceXmlOfPdf(out));
    expect(read.syntax).toBe('cii');
    expect(checkEinvoiceRules(read, { xrechnung: false })).toEqual([]);
    expectSameAmounts(read, 'domestic');
  });

  it('data the library schema refuses makes no file', async () => {
    const { invoice } = built('domestic');
    const broken = structuredClone(invoice);
    delete (broken['ubl:Invoice'] as Record<string, unknown>)['cbc:IssueDate'];
    await expect(xrechnungXml(broken)).rejects.toThrow(EinvoiceDataError);
  });

  it('missing business terms are reported by name, and no data is made', () => {
    const c = cases.domestic;
    if (!c) throw new Error('domestic');
    const result = buildEinvoice({
      record: {
        ...c.record,
        buyerReference: '',
        positions: [{ title: '', quantity: 1, unit: 'fass', price_single: 5 }],
      },
      seller: { ...seller, phone: '', iban: '', vatId: '', taxNumber: '' },
      buyer: { ...c.buyer, email: '', customerNumber: '', country: 'Atlantis' },
      mapping,
      fieldLabels,
    });
    expect(result.ok).toBe(false);
    const keys = result.ok ? [] : result.problems.map((p) => p.key);
    expect(keys).toEqual([
      'einvoice.missing.sellerPhone',
      'einvoice.missing.sellerTaxId',
      'einvoice.missing.iban',
      'einvoice.missing.buyerCountry',
      'einvoice.missing.buyerEmail',
      'einvoice.missing.buyerReference',
      'einvoice.missing.lineTitle',
      'einvoice.missing.lineUnit',
    ]);
  });

  it('a rate above 0 % in a reverse-charge invoice and a missing buyer are refused', () => {
    const c = cases.reverseCharge;
    if (!c) throw new Error('reverseCharge');
    const taxed = buildEinvoice({
      record: {
        ...c.record,
        positions: [{ title: 'x', quantity: 1, price_single: 10, taxes: [{ name: 'USt', percent: 19 }] }],
      },
      seller,
      buyer: c.buyer,
      mapping,
      fieldLabels,
    });
    expect(taxed.ok ? [] : taxed.problems.map((p) => p.key)).toEqual(['einvoice.missing.lineZeroTax']);
    const noBuyer = buildEinvoice({ record: c.record, seller, buyer: null, mapping, fieldLabels });
    expect(noBuyer.ok ? [] : noBuyer.problems).toContainEqual({
      key: 'einvoice.missing.buyer',
      params: { field: 'Kunde' },
    });
  });
});
