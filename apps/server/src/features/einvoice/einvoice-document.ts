import type { Invoice } from '@e-invoice-eu/core';
import type { EinvoiceMapping, VatCase } from '@kontor/contract/api/einvoice-mapping';
import type { MessageKey, MessageParams } from '@kontor/contract/i18n/catalogs';
import { type Cents, centsToDecimalString, sumCents } from '@kontor/contract/logic/money';
import { isItem, type PositionInput, positionAmounts, summarizePositions } from '@kontor/contract/logic/positions';
import { countryCode } from './country-codes';

/**
 * A frozen invoice as EN 16931 data in the library's internal format (UBL-shaped JSON, which
 * @e-invoice-eu/core turns into XRechnung UBL/CII and Factur-X). Every amount comes from the
 * contract's position logic, the same functions the screen and the PDF use, so the three agree to
 * the cent. Missing business terms are collected as catalog messages instead of producing a file.
 */

export type Party = Readonly<{
  name: string;
  street: string;
  housenumber: string;
  zip: string;
  city: string;
  country: string;
  email: string;
  vatId: string;
}>;

export type Seller = Party &
  Readonly<{ phone: string; taxNumber: string; iban: string; bic: string; bankHolder: string }>;

export type Buyer = Party & Readonly<{ customerNumber: string }>;

export type EinvoiceRecord = Readonly<{
  number: string;
  date: string;
  dueDate: string;
  buyerReference: string;
  vatCase: string;
  subject: string;
  positions: readonly PositionInput[];
  /** A cancellation (Storno) names the invoice it cancels: it leaves as a credit note (381). */
  cancels: Readonly<{ number: string; date: string }> | null;
}>;

export type Problem = Readonly<{ key: MessageKey; params?: MessageParams }>;

type BuildResult = { ok: true; invoice: Invoice } | { ok: false; problems: Problem[] };

/** XRechnung 3.0 (CIUS of EN 16931) and the PEPPOL billing process XRechnung names. */
const xrechnungCustomizationId = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const profileId = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/** A position without a unit is counted in pieces of one (Rec 20 "C62"). */
const defaultUnitCode = 'C62';

const blank = (value: string | null | undefined) => !value || value.trim() === '';

const caseLabel: Record<string, string> = {
  AE: 'Steuerschuldnerschaft des Leistungsempfängers',
  K: 'innergemeinschaftlicher Lieferung',
  E: 'Steuerbefreiung',
  Z: 'Nullsatz',
};

/** `19` → "19", `7.5` → "7.5": the rate as EN 16931 writes it. */
const percentText = (percent: number) => String(percent);

const money = (cents: Cents) => centsToDecimalString(cents);

type Line = {
  index: number;
  title: string;
  quantity: string;
  unitCode: string;
  priceCents: Cents;
  netCents: Cents;
  taxCents: Cents;
  category: VatCase['category'];
  percent: number;
};

const partyAddress = (party: Party) => ({
  ...(blank(party.street) ? {} : { 'cbc:StreetName': [party.street, party.housenumber].filter(Boolean).join(' ') }),
  'cbc:CityName': party.city,
  'cbc:PostalZone': party.zip,
  'cac:Country': { 'cbc:IdentificationCode': countryCode(party.country) ?? '' },
});

/** Missing seller terms (BR-DE-1…7, BR-CO-26); the VAT case adds the VAT id its rules ask for. */
const sellerProblems = (seller: Seller, vatCase: VatCase): Problem[] => {
  const problems: Problem[] = [];
  const need = (missing: boolean, key: MessageKey, params?: MessageParams) => {
    if (missing) problems.push(params ? { key, params } : { key });
  };
  need(blank(seller.name), 'einvoice.missing.sellerName');
  need(blank(seller.city), 'einvoice.missing.sellerCity');
  need(blank(seller.zip), 'einvoice.missing.sellerZip');
  need(!countryCode(seller.country), 'einvoice.missing.sellerCountry');
  need(blank(seller.phone), 'einvoice.missing.sellerPhone');
  need(blank(seller.email), 'einvoice.missing.sellerEmail');
  need(blank(seller.vatId) && blank(seller.taxNumber), 'einvoice.missing.sellerTaxId');
  need((vatCase.category === 'AE' || vatCase.category === 'K') && blank(seller.vatId), 'einvoice.missing.sellerVatId', {
    case: caseLabel[vatCase.category] ?? vatCase.category,
  });
  need(blank(seller.iban), 'einvoice.missing.iban');
  return problems;
};

const buyerProblems = (buyer: Buyer | null, vatCase: VatCase, fields: { buyer: string }): Problem[] => {
  if (!buyer) return [{ key: 'einvoice.missing.buyer', params: { field: fields.buyer } }];
  const problems: Problem[] = [];
  if (blank(buyer.name)) problems.push({ key: 'einvoice.missing.buyerName' });
  if (blank(buyer.city)) problems.push({ key: 'einvoice.missing.buyerCity' });
  if (blank(buyer.zip)) problems.push({ key: 'einvoice.missing.buyerZip' });
  if (!countryCode(buyer.country)) problems.push({ key: 'einvoice.missing.buyerCountry' });
  if (blank(buyer.email)) problems.push({ key: 'einvoice.missing.buyerEmail' });
  if ((vatCase.category === 'AE' || vatCase.category === 'K') && blank(buyer.vatId)) {
    problems.push({
      key: 'einvoice.missing.buyerVatId',
      params: { case: caseLabel[vatCase.category] ?? vatCase.category },
    });
  }
  return problems;
};

/**
 * The lines with their amounts (sign turned for a credit note) and VAT category: a line's one tax
 * rate decides S or Z in the default case; the other cases allow only 0 %.
 */
const linesOf = (
  record: EinvoiceRecord,
  mapping: EinvoiceMapping,
  vatCase: VatCase,
  sign: 1 | -1,
): { lines: Line[]; problems: Problem[] } => {
  const problems: Problem[] = [];
  const lines: Line[] = [];
  record.positions.forEach((position, i) => {
    // Title, text and subtotal lines carry no price or VAT: they are no invoice lines (BG-25),
    // and the totals leave them out as well (contract/logic/positions.ts).
    if (!isItem(position)) return;
    const line = String(i + 1);
    const amounts = positionAmounts(position);
    const title = (position.title ?? '').trim();
    if (!title) problems.push({ key: 'einvoice.missing.lineTitle', params: { line } });
    if (amounts.priceSingleCents === null) problems.push({ key: 'einvoice.missing.linePrice', params: { line } });
    if (position.quantity === null || position.quantity === undefined || position.quantity === '') {
      problems.push({ key: 'einvoice.missing.lineQuantity', params: { line } });
    }
    const unit = position.unit ?? '';
    const unitCode = unit ? mapping.units.find((u) => u.value === unit)?.code : defaultUnitCode;
    if (!unitCode) problems.push({ key: 'einvoice.missing.lineUnit', params: { line, unit } });
    if (amounts.taxes.length > 1) problems.push({ key: 'einvoice.missing.lineOneTax', params: { line } });
    const percent = amounts.taxes[0]?.percent ?? 0;
    if (vatCase.category !== 'S' && percent !== 0) {
      problems.push({
        key: 'einvoice.missing.lineZeroTax',
        params: { line, case: caseLabel[vatCase.category] ?? vatCase.category },
      });
    }
    const category = vatCase.category === 'S' && percent === 0 ? 'Z' : vatCase.category;
    // BR-27: a price is never negative; a discount line counts a negative quantity instead.
    const price = sign * (amounts.priceSingleCents ?? 0);
    const quantity = Number(position.quantity ?? 0) * (price < 0 ? -1 : 1);
    lines.push({
      // BT-126: the line ids count the invoice lines only.
      index: lines.length + 1,
      title,
      quantity: String(quantity),
      unitCode: unitCode ?? defaultUnitCode,
      priceCents: Math.abs(price),
      netCents: sign * (amounts.priceFullCents ?? 0),
      taxCents: sign * (amounts.taxesSumCents ?? 0),
      category,
      percent,
    });
  });
  if (lines.length === 0) problems.push({ key: 'einvoice.missing.positions' });
  return { lines, problems };
};

/** BG-23: one breakdown per category and rate; its tax is the sum of the lines' rounded taxes. */
const breakdownOf = (lines: Line[], vatCase: VatCase) => {
  const groups = new Map<string, { category: Line['category']; percent: number; net: Cents[]; tax: Cents[] }>();
  for (const line of lines) {
    const key = `${line.category}\u0000${line.percent}`;
    const group = groups.get(key) ?? { category: line.category, percent: line.percent, net: [], tax: [] };
    group.net.push(line.netCents);
    group.tax.push(line.taxCents);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({
    'cbc:TaxableAmount': money(sumCents(g.net)),
    'cbc:TaxableAmount@currencyID': 'EUR' as const,
    'cbc:TaxAmount': money(sumCents(g.tax)),
    'cbc:TaxAmount@currencyID': 'EUR' as const,
    'cac:TaxCategory': {
      'cbc:ID': g.category,
      'cbc:Percent': percentText(g.percent),
      ...(g.category !== 'S' && g.category !== 'Z'
        ? {
            ...(vatCase.exemptionCode ? { 'cbc:TaxExemptionReasonCode': vatCase.exemptionCode } : {}),
            'cbc:TaxExemptionReason': vatCase.exemptionReason || caseLabel[g.category] || g.category,
          }
        : {}),
      'cac:TaxScheme': { 'cbc:ID': 'VAT' },
    },
  }));
};

/** The e-invoice data of a record, or the business terms it still misses. */
export const buildEinvoice = (p: {
  record: EinvoiceRecord;
  seller: Seller;
  buyer: Buyer | null;
  mapping: EinvoiceMapping;
  fieldLabels: { buyer: string; buyerReference: string };
}): BuildResult => {
  const { record, seller, buyer, mapping } = p;
  const caseValue = record.vatCase || mapping.cases[0]?.value || '';
  const vatCase = mapping.cases.find((c) => c.value === caseValue);
  if (!vatCase) return { ok: false, problems: [{ key: 'einvoice.missing.vatCase', params: { value: caseValue } }] };
  const creditNote = record.cancels !== null;
  const sign = creditNote ? -1 : 1;
  const { lines, problems: lineProblems } = linesOf(record, mapping, vatCase, sign);
  const buyerReference = record.buyerReference.trim() || buyer?.customerNumber.trim() || '';
  const problems = [
    ...sellerProblems(seller, vatCase),
    ...buyerProblems(buyer, vatCase, { buyer: p.fieldLabels.buyer }),
    ...(buyerReference
      ? []
      : [{ key: 'einvoice.missing.buyerReference' as const, params: { field: p.fieldLabels.buyerReference } }]),
    ...lineProblems,
  ];
  if (problems.length > 0 || !buyer) return { ok: false, problems };

  // The totals the screen and the PDF show; the lines above split the same cents by category.
  const summary = summarizePositions(record.positions);
  const net = sign * summary.netCents;
  const tax = sign * sumCents(summary.taxes.map((t) => t.amountCents));
  const gross = sign * summary.grossCents;
  const taxNumber = seller.taxNumber.trim();
  const vatId = seller.vatId.trim();
  const invoice: Invoice = {
    'ubl:Invoice': {
      'cbc:CustomizationID': xrechnungCustomizationId,
      'cbc:ProfileID': profileId,
      'cbc:ID': record.number,
      'cbc:IssueDate': record.date,
      ...(creditNote || blank(record.dueDate) ? {} : { 'cbc:DueDate': record.dueDate }),
      'cbc:InvoiceTypeCode': creditNote ? '381' : '380',
      ...(blank(record.subject) ? {} : { 'cbc:Note': [record.subject.trim()] }),
      'cbc:DocumentCurrencyCode': 'EUR',
      'cbc:BuyerReference': buyerReference,
      ...(record.cancels
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': record.cancels.number,
                  ...(blank(record.cancels.date) ? {} : { 'cbc:IssueDate': record.cancels.date }),
                },
              },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': seller.email.trim(),
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': partyAddress(seller),
          'cac:PartyTaxScheme': [
            ...(vatId ? [{ 'cbc:CompanyID': vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] : []),
            ...(taxNumber ? [{ 'cbc:CompanyID': taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }] : []),
          ] as [],
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': seller.name.trim() },
          'cac:Contact': {
            'cbc:Name': seller.name.trim(),
            'cbc:Telephone': seller.phone.trim(),
            'cbc:ElectronicMail': seller.email.trim(),
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': buyer.email.trim(),
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': partyAddress(buyer),
          ...(blank(buyer.vatId)
            ? {}
            : { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vatId.trim(), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } }),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.name.trim() },
        },
      },
      // BT-72, the date of supply (§ 14 (4) 6. UStG): the invoice date, as the product keeps no
      // other. Always present: CII's XSD requires ApplicableHeaderTradeDelivery, which the library
      // writes only from it. BR-IC-11/12: an intra-community supply also names where it went.
      'cac:Delivery': {
        'cbc:ActualDeliveryDate': record.date,
        ...(vatCase.category === 'K'
          ? {
              'cac:DeliveryLocation': {
                'cac:Address': { 'cac:Country': { 'cbc:IdentificationCode': countryCode(buyer.country) ?? '' } },
              },
            }
          : {}),
      },
      'cac:PaymentMeans': [
        {
          'cbc:PaymentMeansCode': '58',
          'cbc:PaymentID': record.number,
          'cac:PayeeFinancialAccount': {
            'cbc:ID': seller.iban.replace(/\s+/g, '').toUpperCase(),
            ...(blank(seller.bankHolder) ? {} : { 'cbc:Name': seller.bankHolder.trim() }),
            ...(blank(seller.bic) ? {} : { 'cac:FinancialInstitutionBranch': { 'cbc:ID': seller.bic.trim() } }),
          },
        },
      ],
      ...(creditNote ? { 'cac:PaymentTerms': { 'cbc:Note': 'Der Betrag wird erstattet.' } } : {}),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': money(tax),
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxSubtotal': breakdownOf(lines, vatCase),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': money(net),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cbc:TaxExclusiveAmount': money(net),
        'cbc:TaxExclusiveAmount@currencyID': 'EUR',
        'cbc:TaxInclusiveAmount': money(gross),
        'cbc:TaxInclusiveAmount@currencyID': 'EUR',
        'cbc:PayableAmount': money(gross),
        'cbc:PayableAmount@currencyID': 'EUR',
      },
      'cac:InvoiceLine': lines.map((line) => ({
        'cbc:ID': String(line.index),
        'cbc:InvoicedQuantity': line.quantity,
        'cbc:InvoicedQuantity@unitCode': line.unitCode,
        'cbc:LineExtensionAmount': money(line.netCents),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cac:Item': {
          'cbc:Name': line.title,
          'cac:ClassifiedTaxCategory': {
            'cbc:ID': line.category,
            'cbc:Percent': percentText(line.percent),
            'cac:TaxScheme': { 'cbc:ID': 'VAT' },
          },
        },
        'cac:Price': { 'cbc:PriceAmount': money(line.priceCents), 'cbc:PriceAmount@currencyID': 'EUR' },
      })) as unknown as Invoice['ubl:Invoice']['cac:InvoiceLine'],
    },
  } as Invoice;
  return { ok: true, invoice };
};
