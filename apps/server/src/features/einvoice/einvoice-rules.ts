import type { ReadInvoice } from './einvoice-read';

/**
 * The rules of EN 16931 and the XRechnung CIUS (BR-DE-…) that a read-back invoice is checked
 * against: every mandatory business term, the sums (BR-CO-…), and the VAT category rules that
 * apply to the data. Not the official Schematron (no registry package ships it for Node); each
 * rule here names its official id, so a finding can be looked up.
 */

type RuleFinding = Readonly<{ rule: string; term: string; kind: 'missing' | 'sum' | 'value' }>;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

const xrechnungPrefix = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

export const checkEinvoiceRules = (inv: ReadInvoice, opts: { xrechnung: boolean }): RuleFinding[] => {
  const out: RuleFinding[] = [];
  const need = (present: unknown, rule: string, term: string) => {
    if (
      present === '' ||
      present === undefined ||
      present === null ||
      (typeof present === 'number' && Number.isNaN(present))
    ) {
      out.push({ rule, term, kind: 'missing' });
    }
  };
  const equal = (a: number, b: number, rule: string, term: string) => {
    if (a !== b) out.push({ rule, term, kind: 'sum' });
  };
  // EN 16931 mandatory terms
  need(inv.customizationId, 'BR-01', 'BT-24');
  need(inv.number, 'BR-02', 'BT-1');
  need(inv.date, 'BR-03', 'BT-2');
  need(inv.typeCode, 'BR-04', 'BT-3');
  need(inv.currency, 'BR-05', 'BT-5');
  need(inv.seller.name, 'BR-06', 'BT-27');
  need(inv.buyer.name, 'BR-07', 'BT-44');
  need(inv.seller.country, 'BR-09', 'BT-40');
  need(inv.buyer.country, 'BR-11', 'BT-55');
  if (inv.lines.length === 0) out.push({ rule: 'BR-16', term: 'BG-25', kind: 'missing' });
  inv.lines.forEach((line) => {
    need(line.id, 'BR-21', 'BT-126');
    need(line.quantity || '', 'BR-22', 'BT-129');
    need(line.unitCode, 'BR-23', 'BT-130');
    need(line.netCents, 'BR-24', 'BT-131');
    need(line.name, 'BR-25', 'BT-153');
    if (line.priceCents < 0) out.push({ rule: 'BR-27', term: 'BT-146', kind: 'value' });
    need(line.category, 'BR-CO-04', 'BT-151');
  });
  if (!inv.seller.vatId && !inv.seller.taxNumber) out.push({ rule: 'BR-CO-26', term: 'BT-31', kind: 'missing' });
  // Sums
  const lineNet = sum(inv.lines.map((l) => l.netCents));
  equal(inv.totals.netCents, lineNet, 'BR-CO-10', 'BT-106');
  equal(inv.totals.taxExclusiveCents, inv.totals.netCents, 'BR-CO-13', 'BT-109');
  equal(inv.totals.taxCents, sum(inv.breakdown.map((b) => b.taxCents)), 'BR-CO-14', 'BT-110');
  equal(inv.totals.grossCents, inv.totals.taxExclusiveCents + inv.totals.taxCents, 'BR-CO-15', 'BT-112');
  equal(inv.totals.payableCents, inv.totals.grossCents, 'BR-CO-16', 'BT-115');
  for (const b of inv.breakdown) {
    const lines = inv.lines.filter((l) => l.category === b.category && l.percent === b.percent);
    equal(b.taxableCents, sum(lines.map((l) => l.netCents)), `BR-${b.category}-08`, 'BT-116');
    if (b.category !== 'S' && b.category !== 'Z' && !b.exemptionReason && !b.exemptionCode) {
      out.push({ rule: `BR-${b.category}-10`, term: 'BT-120', kind: 'missing' });
    }
    if (b.category !== 'S' && b.taxCents !== 0)
      out.push({ rule: `BR-${b.category}-09`, term: 'BT-117', kind: 'value' });
    // BR-CO-17 as the official Schematron reads it: the rounded product within one cent.
    if (b.category === 'S' && Math.abs(b.taxCents - Math.round((b.taxableCents * b.percent) / 100)) > 1) {
      out.push({ rule: 'BR-CO-17', term: 'BT-117', kind: 'sum' });
    }
  }
  for (const line of inv.lines) {
    if (!inv.breakdown.some((b) => b.category === line.category && b.percent === line.percent)) {
      out.push({ rule: 'BR-CO-18', term: 'BG-23', kind: 'missing' });
    }
  }
  const categories = new Set(inv.lines.map((l) => l.category));
  if (categories.has('AE') && (!inv.seller.vatId || !inv.buyer.vatId))
    out.push({ rule: 'BR-AE-02', term: 'BT-48', kind: 'missing' });
  if (categories.has('K')) {
    if (!inv.seller.vatId || !inv.buyer.vatId) out.push({ rule: 'BR-IC-02', term: 'BT-48', kind: 'missing' });
    need(inv.deliveryDate, 'BR-IC-11', 'BT-72');
    need(inv.deliveryCountry, 'BR-IC-12', 'BT-80');
  }
  if (inv.totals.payableCents > 0 && !inv.dueDate && inv.typeCode === '380') {
    out.push({ rule: 'BR-CO-25', term: 'BT-9', kind: 'missing' });
  }
  if (!opts.xrechnung) return out;
  // XRechnung CIUS (BR-DE-…)
  need(inv.paymentMeansCode, 'BR-DE-1', 'BG-16');
  need(inv.seller.contactName || inv.seller.phone || inv.seller.email, 'BR-DE-2', 'BG-6');
  need(inv.seller.city, 'BR-DE-3', 'BT-37');
  need(inv.seller.zip, 'BR-DE-4', 'BT-38');
  need(inv.seller.contactName, 'BR-DE-5', 'BT-41');
  need(inv.seller.phone, 'BR-DE-6', 'BT-42');
  need(inv.seller.email, 'BR-DE-7', 'BT-43');
  need(inv.buyer.city, 'BR-DE-8', 'BT-52');
  need(inv.buyer.zip, 'BR-DE-9', 'BT-53');
  inv.breakdown.forEach((b) => {
    need(Number.isFinite(b.percent) ? b.percent : '', 'BR-DE-14', 'BT-119');
  });
  need(inv.buyerReference, 'BR-DE-15', 'BT-10');
  if (!['326', '380', '384', '389', '381', '875', '876', '877'].includes(inv.typeCode)) {
    out.push({ rule: 'BR-DE-17', term: 'BT-3', kind: 'value' });
  }
  if (inv.paymentMeansCode === '58') need(inv.iban, 'BR-DE-19', 'BT-84');
  if (!inv.customizationId.startsWith(xrechnungPrefix)) out.push({ rule: 'BR-DE-21', term: 'BT-24', kind: 'value' });
  return out;
};
