import { InflateBudget, TooLargeError } from '../../parse-limits/inflate';
import { xmlWithinLimits } from '../../parse-limits/xml-shape';
import { EinvoiceReadError, einvoiceXmlOfPdf, type ReadInvoice, readEinvoiceXml } from './einvoice-read';

/**
 * An uploaded file read as an e-invoice, in the import's worker (einvoice.worker.ts): everything
 * here may meet a hostile file, so it runs off the request thread under the parse limits, and
 * answers a refusal instead of throwing (issue 28 item 1).
 */

export type UploadRefusal =
  | 'einvoice.importBadPdf'
  | 'einvoice.importNoAttachment'
  | 'einvoice.importNotXml'
  | 'einvoice.importDoctype'
  | 'einvoice.importNotEinvoice'
  | 'einvoice.importTooComplex';

export type UploadOutcome = { invoice: ReadInvoice } | { refused: UploadRefusal };

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

/**
 * The invoice in the bytes. A DTD is refused before parsing: an e-invoice never needs one, and
 * refusing it rules out entity expansion ("billion laughs") and external entities whatever the
 * parser would do with them. Too many or too deeply nested elements are refused before a tree is
 * built, a PDF's attachment is inflated under the inflate budget.
 */
export const readEinvoiceUpload = (bytes: Uint8Array): UploadOutcome => {
  let xml: string;
  if (isPdf(bytes)) {
    try {
      xml = einvoiceXmlOfPdf(bytes, new InflateBudget());
    } catch (error) {
      if (error instanceof TooLargeError) return { refused: 'einvoice.importTooComplex' };
      if (error instanceof EinvoiceReadError && error.message === 'no invoice attached') {
        return { refused: 'einvoice.importNoAttachment' };
      }
      return { refused: 'einvoice.importBadPdf' };
    }
  } else {
    xml = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  }
  xml = xml.replace(/^\uFEFF/, '');
  if (!xml.trimStart().startsWith('<')) return { refused: 'einvoice.importNotXml' };
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { refused: 'einvoice.importDoctype' };
  if (!xmlWithinLimits(xml)) return { refused: 'einvoice.importTooComplex' };
  try {
    return { invoice: readEinvoiceXml(xml) };
  } catch (error) {
    if (error instanceof EinvoiceReadError && error.message === 'not an e-invoice') {
      return { refused: 'einvoice.importNotEinvoice' };
    }
    return { refused: 'einvoice.importNotXml' };
  }
};
