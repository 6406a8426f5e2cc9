import type { EinvoiceMapping } from '@kontor/contract/api/einvoice-mapping';
import { field } from './builders';

/**
 * The e-invoice mapping of the invoice base type (issue 15): the customer is the buyer, the VAT
 * case field picks the category, the position units carry their UN/ECE Rec 20 codes.
 */

const vatCaseOptions = [
  { value: 'domestic', label: 'Inland (steuerpflichtig)' },
  { value: 'reverse_charge', label: 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)' },
  { value: 'intra_community', label: 'Innergemeinschaftliche Lieferung (steuerfrei)' },
  { value: 'small_business', label: 'Kleinunternehmer (§ 19 UStG)' },
];

export const invoiceEinvoiceMapping: EinvoiceMapping = {
  buyerField: 'customer',
  buyerReferenceField: 'buyer_reference',
  dueDateField: 'due_date',
  vatCaseField: 'vat_case',
  cases: [
    { value: 'domestic', category: 'S' },
    {
      value: 'reverse_charge',
      category: 'AE',
      exemptionReason: 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)',
      exemptionCode: 'VATEX-EU-AE',
    },
    {
      value: 'intra_community',
      category: 'K',
      exemptionReason: 'Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1b UStG)',
      exemptionCode: 'VATEX-EU-IC',
    },
    {
      value: 'small_business',
      category: 'E',
      exemptionReason: 'Kein Ausweis von Umsatzsteuer, da Kleinunternehmer gemäß § 19 UStG',
    },
  ],
  units: [
    { value: 'stk', code: 'H87' },
    { value: 'std', code: 'HUR' },
    { value: 'tag', code: 'DAY' },
    { value: 'psch', code: 'LS' },
    { value: 'm', code: 'MTR' },
    { value: 'm2', code: 'MTK' },
    { value: 'm3', code: 'MTQ' },
    { value: 'kg', code: 'KGM' },
    { value: 'l', code: 'LTR' },
  ],
};

/** The invoice's own fields the mapping names: the buyer reference and the VAT case. */
export const einvoiceFields = () => [
  field('buyer_reference', 'string', 'Käuferreferenz / Leitweg-ID', { validation: { maxLength: 100 } }),
  field('vat_case', 'string', 'Steuerfall', { appearance: 'select', options: vatCaseOptions, default: 'domestic' }),
];
