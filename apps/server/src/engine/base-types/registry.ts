import { type RecordType, recordTypeSchema } from '@kontor/contract/api/record-types';
import { article } from './article';
import type { BaseType } from './builders';
import { contact } from './contact';
import { customer } from './customer';
import { incomingInvoice } from './incoming-invoice';
import { invoice, offer } from './sales-documents';
import { booking, bookingElement, envAddresses, envBankDetails, envTaxes } from './system-types';

/** Every base type the product ships, parsed once so defaults are filled and mistakes fail at start. */
const sources: BaseType[] = [
  customer,
  contact,
  article,
  offer,
  invoice,
  incomingInvoice,
  envAddresses,
  envBankDetails,
  envTaxes,
  bookingElement,
  booking,
];

export const baseTypes: ReadonlyMap<string, RecordType> = new Map(
  sources.map((source) => {
    const parsed = recordTypeSchema.parse(source);
    return [parsed.key, parsed];
  }),
);

/** The key an environment's child type gets for a base type when a preset creates it. */
export const presetChildKeys: Readonly<Record<string, string>> = {
  customer: 'customers',
  contact: 'contacts',
  article: 'articles',
  offer: 'offers',
  invoice: 'invoices',
  incoming_invoice: 'incoming_invoices',
};
