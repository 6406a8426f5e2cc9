import type { PositionInput } from '@kontor/contract/logic/positions';
import { invoiceEinvoiceMapping } from '../../engine/base-types/einvoice-defaults';
import type { Buyer, EinvoiceRecord, Seller } from './einvoice-document';

/** The golden cases of issue 15: one record each, the seller and buyers they need. */

export const seller: Seller = {
  name: 'Muster Handwerk GmbH',
  street: 'Hauptstraße',
  housenumber: '5',
  zip: '10115',
  city: 'Berlin',
  country: 'Deutschland',
  email: 'rechnung@muster-handwerk.de',
  vatId: 'DE123456789',
  phone: '030 1234567',
  taxNumber: '27/123/45678',
  iban: 'DE02 1203 0000 0000 2020 51',
  bic: 'BYLADEM1001',
  bankHolder: 'Muster Handwerk GmbH',
};

const domesticBuyer: Buyer = {
  name: 'Stadtwerke Beispielstadt',
  street: 'Am Markt',
  housenumber: '1',
  zip: '80331',
  city: 'München',
  country: '',
  email: 'eingang@stadtwerke.example',
  vatId: '',
  customerNumber: 'K-1001',
};

const euBuyer: Buyer = {
  name: 'Bouwbedrijf Voorbeeld B.V.',
  street: 'Kerkstraat',
  housenumber: '12',
  zip: '1017 GC',
  city: 'Amsterdam',
  country: 'Niederlande',
  email: 'facturen@voorbeeld.example',
  vatId: 'NL123456789B01',
  customerNumber: 'K-2002',
};

const tax = (percent: number) => [{ name: `USt ${percent} %`, percent }];

const domesticPositions: PositionInput[] = [
  { title: 'Montage Heizungsanlage', quantity: 7.5, unit: 'std', price_single: 68.4, taxes: tax(19) },
  { title: 'Fachbuch Heizungstechnik', quantity: 3, unit: 'stk', price_single: 24.99, taxes: tax(7) },
  { title: 'Anfahrt', quantity: 1, unit: 'psch', price_single: 35, taxes: tax(19) },
  { title: 'Kupferrohr 15 mm', quantity: 12.25, unit: 'm', price_single: 4.37, taxes: tax(19) },
];

const base = {
  date: '2026-11-20',
  dueDate: '2026-12-04',
  subject: '',
  cancels: null,
} as const;

export const cases: Record<string, { record: EinvoiceRecord; buyer: Buyer }> = {
  domestic: {
    record: {
      ...base,
      number: 'RE-2026-0001',
      buyerReference: '04011000-12345-34',
      vatCase: 'domestic',
      subject: 'Heizungsmodernisierung Rathaus',
      positions: domesticPositions,
    },
    buyer: domesticBuyer,
  },
  reverseCharge: {
    record: {
      ...base,
      number: 'RE-2026-0002',
      buyerReference: '',
      vatCase: 'reverse_charge',
      positions: [
        { title: 'Dacharbeiten Bauvorhaben Kerkstraat', quantity: 40, unit: 'std', price_single: 55, taxes: [] },
      ],
    },
    buyer: { ...domesticBuyer, vatId: 'DE987654321' },
  },
  intraCommunity: {
    record: {
      ...base,
      number: 'RE-2026-0003',
      buyerReference: 'PO-4711',
      vatCase: 'intra_community',
      positions: [
        {
          title: 'Wärmepumpe WP-12',
          quantity: 2,
          unit: 'stk',
          price_single: 3890,
          taxes: [{ name: 'USt 0 %', percent: 0 }],
        },
        { title: 'Verpackung', quantity: 1, unit: 'psch', price_single: 45.5, taxes: [] },
      ],
    },
    buyer: euBuyer,
  },
  creditNote: {
    record: {
      ...base,
      number: 'RE-2026-0004',
      dueDate: '',
      buyerReference: '04011000-12345-34',
      vatCase: 'domestic',
      subject: 'Stornorechnung zu RE-2026-0001 vom 20.11.2026',
      // A cancellation stores the original's positions with negated prices.
      positions: domesticPositions.map((p) => ({ ...p, price_single: -Number(p.price_single) })),
      cancels: { number: 'RE-2026-0001', date: '2026-11-20' },
    },
    buyer: domesticBuyer,
  },
  smallBusiness: {
    record: {
      ...base,
      number: 'RE-2026-0005',
      buyerReference: '',
      vatCase: 'small_business',
      positions: [
        { title: 'Gartenpflege', quantity: 6, unit: 'std', price_single: 32.5, taxes: [] },
        { title: 'Grünschnitt-Entsorgung', quantity: 1.5, unit: 'm3', price_single: 28, taxes: [] },
      ],
    },
    buyer: domesticBuyer,
  },
};

export const smallBusinessSeller: Seller = { ...seller, vatId: '' };

export const mapping = invoiceEinvoiceMapping;
export const fieldLabels = { buyer: 'Kunde', buyerReference: 'Käuferreferenz / Leitweg-ID' };
