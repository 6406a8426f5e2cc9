import { eurosToCents } from '@kontor/contract/logic/money';
import { create } from 'xmlbuilder2';
import { InflateBudget, TooLargeError } from '../../parse-limits/inflate';
import { embeddedFileOfPdf } from '../../parse-limits/pdf-embedded-file';

/**
 * Reads an e-invoice back: XRechnung in UBL or CII syntax, or the `factur-x.xml` of a ZUGFeRD PDF.
 * The tests read every generated file with it (round trip), and an uploaded file becomes an
 * incoming invoice through it. Namespace prefixes are dropped, so any producer's prefixes work.
 */

export type ReadParty = {
  name: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  vatId: string;
  taxNumber: string;
  email: string;
  phone: string;
  contactName: string;
};

export type ReadLine = {
  id: string;
  name: string;
  quantity: number;
  unitCode: string;
  priceCents: number;
  netCents: number;
  category: string;
  percent: number;
};

export type ReadBreakdown = {
  category: string;
  percent: number;
  taxableCents: number;
  taxCents: number;
  exemptionReason: string;
  exemptionCode: string;
};

export type ReadInvoice = {
  syntax: 'ubl' | 'cii';
  customizationId: string;
  number: string;
  date: string;
  dueDate: string;
  typeCode: string;
  currency: string;
  buyerReference: string;
  precedingNumber: string;
  seller: ReadParty;
  buyer: ReadParty;
  paymentMeansCode: string;
  iban: string;
  lines: ReadLine[];
  breakdown: ReadBreakdown[];
  totals: { netCents: number; taxExclusiveCents: number; taxCents: number; grossCents: number; payableCents: number };
  deliveryDate: string;
  deliveryCountry: string;
};

type Node = Record<string, unknown>;

/** Keys without their namespace prefix ("cbc:ID" → "ID", "@schemeID" stays). */
const strip = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out: Node = {};
  for (const [key, child] of Object.entries(value as Node)) {
    if (key.startsWith('@xmlns')) continue;
    const local = key.startsWith('@') ? `@${key.slice(1).split(':').pop()}` : (key.split(':').pop() ?? key);
    out[local] = strip(child);
  }
  return out;
};

const all = (node: unknown, name: string): Node[] => {
  if (!node || typeof node !== 'object') return [];
  const child = (node as Node)[name];
  if (child === undefined) return [];
  return (Array.isArray(child) ? child : [child]).map((c) =>
    typeof c === 'object' && c !== null ? c : { '#': c },
  ) as Node[];
};

const at = (node: unknown, ...path: string[]): Node | undefined => {
  let current: unknown = node;
  for (const name of path) {
    current = all(current, name)[0];
    if (!current) return undefined;
  }
  return current as Node;
};

const text = (node: unknown, ...path: string[]): string => {
  const n = path.length ? at(node, ...path) : node;
  if (n === undefined || n === null) return '';
  if (typeof n !== 'object') return String(n).trim();
  const t = (n as Node)['#'];
  return typeof t === 'string' || typeof t === 'number' ? String(t).trim() : '';
};

const attr = (node: unknown, name: string): string => {
  const v = node && typeof node === 'object' ? (node as Node)[`@${name}`] : undefined;
  return typeof v === 'string' ? v : '';
};

const cents = (value: string): number => {
  if (value === '') return 0;
  try {
    return eurosToCents(value);
  } catch {
    return Number.NaN;
  }
};

const num = (value: string): number => (value === '' ? 0 : Number(value));

/** CII dates are `20261120` (format 102); the product keeps `2026-11-20`. */
const ciiDate = (value: string): string =>
  /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;

const emptyParty = (): ReadParty => ({
  name: '',
  street: '',
  zip: '',
  city: '',
  country: '',
  vatId: '',
  taxNumber: '',
  email: '',
  phone: '',
  contactName: '',
});

const ublParty = (party: Node | undefined): ReadParty => {
  if (!party) return emptyParty();
  const schemes = all(party, 'PartyTaxScheme');
  const address = at(party, 'PostalAddress');
  return {
    name: text(party, 'PartyLegalEntity', 'RegistrationName') || text(party, 'PartyName', 'Name'),
    street: text(address, 'StreetName'),
    zip: text(address, 'PostalZone'),
    city: text(address, 'CityName'),
    country: text(address, 'Country', 'IdentificationCode'),
    vatId: text(
      schemes.find((s) => text(s, 'TaxScheme', 'ID') === 'VAT'),
      'CompanyID',
    ),
    taxNumber: text(
      schemes.find((s) => text(s, 'TaxScheme', 'ID') !== 'VAT'),
      'CompanyID',
    ),
    email: text(party, 'EndpointID') || text(party, 'Contact', 'ElectronicMail'),
    phone: text(party, 'Contact', 'Telephone'),
    contactName: text(party, 'Contact', 'Name'),
  };
};

const readUbl = (root: Node, creditNote: boolean): ReadInvoice => {
  const lineName = creditNote ? 'CreditNoteLine' : 'InvoiceLine';
  const quantityName = creditNote ? 'CreditedQuantity' : 'InvoicedQuantity';
  const totals = at(root, 'LegalMonetaryTotal');
  const taxTotal = all(root, 'TaxTotal').find((t) => all(t, 'TaxSubtotal').length > 0) ?? all(root, 'TaxTotal')[0];
  const means = at(root, 'PaymentMeans');
  return {
    syntax: 'ubl',
    customizationId: text(root, 'CustomizationID'),
    number: text(root, 'ID'),
    date: text(root, 'IssueDate'),
    dueDate: text(root, 'DueDate') || text(root, 'PaymentMeans', 'PaymentDueDate'),
    typeCode: text(root, creditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'),
    currency: text(root, 'DocumentCurrencyCode'),
    buyerReference: text(root, 'BuyerReference'),
    precedingNumber: text(root, 'BillingReference', 'InvoiceDocumentReference', 'ID'),
    seller: ublParty(at(root, 'AccountingSupplierParty', 'Party')),
    buyer: ublParty(at(root, 'AccountingCustomerParty', 'Party')),
    paymentMeansCode: text(means, 'PaymentMeansCode'),
    iban: text(means, 'PayeeFinancialAccount', 'ID'),
    lines: all(root, lineName).map((line) => {
      const quantity = at(line, quantityName);
      return {
        id: text(line, 'ID'),
        name: text(line, 'Item', 'Name'),
        quantity: num(text(quantity)),
        unitCode: attr(quantity, 'unitCode'),
        priceCents: cents(text(line, 'Price', 'PriceAmount')),
        netCents: cents(text(line, 'LineExtensionAmount')),
        category: text(line, 'Item', 'ClassifiedTaxCategory', 'ID'),
        percent: num(text(line, 'Item', 'ClassifiedTaxCategory', 'Percent')),
      };
    }),
    breakdown: all(taxTotal, 'TaxSubtotal').map((sub) => ({
      category: text(sub, 'TaxCategory', 'ID'),
      percent: num(text(sub, 'TaxCategory', 'Percent')),
      taxableCents: cents(text(sub, 'TaxableAmount')),
      taxCents: cents(text(sub, 'TaxAmount')),
      exemptionReason: text(sub, 'TaxCategory', 'TaxExemptionReason'),
      exemptionCode: text(sub, 'TaxCategory', 'TaxExemptionReasonCode'),
    })),
    totals: {
      netCents: cents(text(totals, 'LineExtensionAmount')),
      taxExclusiveCents: cents(text(totals, 'TaxExclusiveAmount')),
      taxCents: cents(text(taxTotal, 'TaxAmount')),
      grossCents: cents(text(totals, 'TaxInclusiveAmount')),
      payableCents: cents(text(totals, 'PayableAmount')),
    },
    deliveryDate: text(root, 'Delivery', 'ActualDeliveryDate'),
    deliveryCountry: text(root, 'Delivery', 'DeliveryLocation', 'Address', 'Country', 'IdentificationCode'),
  };
};

const ciiParty = (party: Node | undefined): ReadParty => {
  if (!party) return emptyParty();
  const regs = all(party, 'SpecifiedTaxRegistration').map((r) => at(r, 'ID'));
  const address = at(party, 'PostalTradeAddress');
  return {
    name: text(party, 'Name'),
    street: text(address, 'LineOne'),
    zip: text(address, 'PostcodeCode'),
    city: text(address, 'CityName'),
    country: text(address, 'CountryID'),
    vatId: text(regs.find((r) => attr(r, 'schemeID') === 'VA')),
    taxNumber: text(regs.find((r) => attr(r, 'schemeID') === 'FC')),
    email:
      text(party, 'URIUniversalCommunication', 'URIID') ||
      text(party, 'DefinedTradeContact', 'EmailURIUniversalCommunication', 'URIID'),
    phone: text(party, 'DefinedTradeContact', 'TelephoneUniversalCommunication', 'CompleteNumber'),
    contactName: text(party, 'DefinedTradeContact', 'PersonName'),
  };
};

const readCii = (root: Node): ReadInvoice => {
  const tx = at(root, 'SupplyChainTradeTransaction');
  const agreement = at(tx, 'ApplicableHeaderTradeAgreement');
  const settlement = at(tx, 'ApplicableHeaderTradeSettlement');
  const sums = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const means = at(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  const taxTotal = all(sums, 'TaxTotalAmount')[0];
  return {
    syntax: 'cii',
    customizationId: text(root, 'ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
    number: text(root, 'ExchangedDocument', 'ID'),
    date: ciiDate(text(root, 'ExchangedDocument', 'IssueDateTime', 'DateTimeString')),
    dueDate: ciiDate(text(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime', 'DateTimeString')),
    typeCode: text(root, 'ExchangedDocument', 'TypeCode'),
    currency: text(settlement, 'InvoiceCurrencyCode'),
    buyerReference: text(agreement, 'BuyerReference'),
    precedingNumber: text(settlement, 'InvoiceReferencedDocument', 'IssuerAssignedID'),
    seller: ciiParty(at(agreement, 'SellerTradeParty')),
    buyer: ciiParty(at(agreement, 'BuyerTradeParty')),
    paymentMeansCode: text(means, 'TypeCode'),
    iban: text(means, 'PayeePartyCreditorFinancialAccount', 'IBANID'),
    lines: all(tx, 'IncludedSupplyChainTradeLineItem').map((line) => {
      const quantity = at(line, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
      const tax = at(line, 'SpecifiedLineTradeSettlement', 'ApplicableTradeTax');
      return {
        id: text(line, 'AssociatedDocumentLineDocument', 'LineID'),
        name: text(line, 'SpecifiedTradeProduct', 'Name'),
        quantity: num(text(quantity)),
        unitCode: attr(quantity, 'unitCode'),
        priceCents: cents(text(line, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount')),
        netCents: cents(
          text(
            line,
            'SpecifiedLineTradeSettlement',
            'SpecifiedTradeSettlementLineMonetarySummation',
            'LineTotalAmount',
          ),
        ),
        category: text(tax, 'CategoryCode'),
        percent: num(text(tax, 'RateApplicablePercent')),
      };
    }),
    breakdown: all(settlement, 'ApplicableTradeTax').map((tax) => ({
      category: text(tax, 'CategoryCode'),
      percent: num(text(tax, 'RateApplicablePercent')),
      taxableCents: cents(text(tax, 'BasisAmount')),
      taxCents: cents(text(tax, 'CalculatedAmount')),
      exemptionReason: text(tax, 'ExemptionReason'),
      exemptionCode: text(tax, 'ExemptionReasonCode'),
    })),
    totals: {
      netCents: cents(text(sums, 'LineTotalAmount')),
      taxExclusiveCents: cents(text(sums, 'TaxBasisTotalAmount')),
      taxCents: cents(text(taxTotal)),
      grossCents: cents(text(sums, 'GrandTotalAmount')),
      payableCents: cents(text(sums, 'DuePayableAmount')),
    },
    deliveryDate: ciiDate(
      text(
        tx,
        'ApplicableHeaderTradeDelivery',
        'ActualDeliverySupplyChainEvent',
        'OccurrenceDateTime',
        'DateTimeString',
      ),
    ),
    deliveryCountry: text(tx, 'ApplicableHeaderTradeDelivery', 'ShipToTradeParty', 'PostalTradeAddress', 'CountryID'),
  };
};

export class EinvoiceReadError extends Error {}

/** The invoice in an XML text (UBL Invoice, UBL CreditNote or CII); throws EinvoiceReadError otherwise. */
export const readEinvoiceXml = (xml: string): ReadInvoice => {
  let doc: Node;
  try {
    doc = strip(create(xml).end({ format: 'object' })) as Node;
  } catch {
    throw new EinvoiceReadError('not xml');
  }
  const invoice = at(doc, 'Invoice');
  if (invoice) return readUbl(invoice, false);
  const creditNote = at(doc, 'CreditNote');
  if (creditNote) return readUbl(creditNote, true);
  const cii = at(doc, 'CrossIndustryInvoice');
  if (cii) return readCii(cii);
  throw new EinvoiceReadError('not an e-invoice');
};

type PdfAttachment = { name: string; bytes: Uint8Array; relationship: string; subtype: string };

/**
 * The embedded files of a PDF (its EmbeddedFiles name tree, one level of Kids). For tests of our
 * own PDFs only: pdf-lib decodes every file without a limit; uploads go through einvoiceXmlOfPdf.
 */
export const pdfAttachments = async (bytes: Uint8Array): Promise<PdfAttachment[]> => {
  // pdf-lib loads on the first PDF read, not with the server: it is a sixth of its start.
  const { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } =
    await import('pdf-lib');
  const stringOf = (value: unknown): string =>
    value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : '';
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const names = pdf.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  if (!tree) return [];
  const leaves = [
    tree,
    ...(tree.lookupMaybe(PDFName.of('Kids'), PDFArray)?.asArray() ?? []).map((k) => pdf.context.lookup(k, PDFDict)),
  ];
  const out: PdfAttachment[] = [];
  for (const leaf of leaves) {
    const list = leaf.lookupMaybe(PDFName.of('Names'), PDFArray);
    if (!list) continue;
    for (let i = 0; i + 1 < list.size(); i += 2) {
      const spec = list.lookup(i + 1, PDFDict);
      const ef = spec.lookupMaybe(PDFName.of('EF'), PDFDict);
      const file = ef ? pdf.context.lookup(ef.get(PDFName.of('F'))) : undefined;
      if (!(file instanceof PDFRawStream)) continue;
      out.push({
        name:
          stringOf(list.lookup(i)) || stringOf(spec.lookup(PDFName.of('UF'))) || stringOf(spec.lookup(PDFName.of('F'))),
        bytes: decodePDFRawStream(file).decode(),
        relationship: spec.lookupMaybe(PDFName.of('AFRelationship'), PDFName)?.decodeText() ?? '',
        subtype: file.dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText() ?? '',
      });
    }
  }
  return out;
};

/** The names under which a ZUGFeRD / Factur-X PDF carries its XML (`factur-x.xml`, or the older two). */
const einvoiceAttachmentName = /^(factur-x|zugferd-invoice|xrechnung)\.xml$/i;

/**
 * The XML a ZUGFeRD / Factur-X PDF carries. Only that attachment is decoded, under `budget`
 * (issue 28 item 1): TooLargeError when it would inflate beyond it, EinvoiceReadError otherwise.
 */
export const einvoiceXmlOfPdf = (bytes: Uint8Array, budget = new InflateBudget()): string => {
  let file: Uint8Array | undefined;
  try {
    file = embeddedFileOfPdf(bytes, (name) => einvoiceAttachmentName.test(name), budget);
  } catch (error) {
    if (error instanceof TooLargeError) throw error;
    throw new EinvoiceReadError('not a pdf');
  }
  if (!file) throw new EinvoiceReadError('no invoice attached');
  return new TextDecoder().decode(file);
};
