import type { Export, Numbering, Stage } from '@kontor/contract/api/record-types';
import { cancellationTemplate } from '../../pdf/templates/cancellation-template';
import { invoiceTemplate } from '../../pdf/templates/invoice-template';
import { offerTemplate } from '../../pdf/templates/offer-template';
import { type BaseType, card, cell, f, field, mainForm, mainList, positionsMap, required, totals } from './builders';
import { documentPage } from './document-page';
import { einvoiceFields, invoiceEinvoiceMapping } from './einvoice-defaults';

/** Offers and invoices share their shape: a customer, dates, positions with taxes, totals. */
const documentType = (p: {
  key: string;
  singular: string;
  plural: string;
  icon: string;
  numberLabel: string;
  dateLabel: string;
  dueField: { key: string; label: string };
  stages: Stage[];
  /** Documents that are frozen get their number from a range when frozen. */
  numbering?: Numbering;
  exports: Export[];
  /** Drafts get their number when frozen; only then is it required. */
  numberOnFreeze?: boolean;
  /** The number may be left empty: the range fills it on the first save. */
  numberOptional?: boolean;
  /** Documents that leave as e-invoices: their mapping and the fields it names. */
  einvoice?: boolean;
}): BaseType => ({
  key: p.key,
  parent: null,
  singular: p.singular,
  plural: p.plural,
  icon: p.icon,
  fields: [
    // A number drawn at the freeze is the server's alone: the draft shows where it will come,
    // and a number the client sends is ignored (§ 14 Abs. 4 Nr. 4 UStG: one unbroken sequence).
    field('number', 'string', p.numberLabel, {
      validation: { ...(p.numberOnFreeze || p.numberOptional ? {} : required), unique: true, maxLength: 30 },
      ...(p.numberOnFreeze ? { placeholder: 'Wird beim Festschreiben vergeben', computed: 'number' as const } : {}),
    }),
    field('customer', 'model', 'Kunde', { selector: { type: 'customer' }, validation: required }),
    field('customer_name', 'string', 'Kundenname', { labelOf: 'customer' }),
    field('date', 'date', p.dateLabel, { validation: required }),
    field(p.dueField.key, 'date', p.dueField.label),
    field('subject', 'string', 'Betreff', { validation: { maxLength: 200 } }),
    ...(p.einvoice ? einvoiceFields() : []),
    field('intro', 'text', 'Einleitungstext', { validation: { maxLength: 5000 } }),
    positionsMap(),
    ...totals(),
    field('closing', 'text', 'Schlusstext', { validation: { maxLength: 5000 } }),
    // A cancellation (Storno) names the document it cancels; filled only by the server.
    field('cancelled_number', 'string', 'Storniert Nummer', { validation: { maxLength: 30 } }),
    field('cancelled_date', 'date', 'Storniert Datum'),
  ],
  forms: [
    mainForm([
      card(p.singular, [
        f('number', 4),
        f('date', 4),
        f(p.dueField.key, 4),
        f('customer', 12),
        ...(p.einvoice ? [f('buyer_reference', 6), f('vat_case', 6)] : []),
        f('subject', 12),
      ]),
      card('Positionen', [f('intro', 12), f('positions', 12), f('closing', 12)]),
    ]),
  ],
  mainForm: 'main',
  lists: [
    mainList(
      [
        // Short headings and one amount: the list fits 1280 px without scrolling sideways (the
        // form and the detail page show number, date and net in full).
        cell('number', 'Nummer'),
        cell('date', 'Datum', { format: 'date', searchable: false }),
        cell('customer_name', 'Kunde'),
        cell('subject', 'Betreff'),
        cell('stage', 'Status', { format: 'stage', searchable: false, sortable: false }),
        cell('gross', 'Brutto', { format: 'currency', searchable: false }),
      ],
      { field: 'date', dir: 'desc' },
      [{ kind: 'page', page: 'details', label: 'Details' }],
    ),
  ],
  defaultList: 'main',
  stages: p.stages,
  // Issue 29 item 2: a Mitarbeiter may issue documents, but a cancellation (Storno) is left to
  // owners and administrators by default.
  ...(p.stages.some((s) => s.cancels)
    ? {
        access: {
          staff: {
            read: true,
            create: true,
            edit: true,
            delete: true,
            stages: p.stages.filter((s) => !s.cancels && !s.required).map((s) => s.key),
          },
        },
      }
    : {}),
  ...(p.numbering ? { numbering: p.numbering } : {}),
  ...(p.einvoice ? { einvoice: invoiceEinvoiceMapping } : {}),
  exports: p.exports,
  defaultExport: p.exports[0]?.key ?? null,
  pages: [documentPage(p.singular, p.numberLabel, p.dateLabel)],
  modelSelectorLabel: ['number', 'customer_name'],
});

export const offer = documentType({
  key: 'offer',
  singular: 'Angebot',
  plural: 'Angebote',
  icon: 'file-description',
  numberLabel: 'Angebotsnummer',
  dateLabel: 'Angebotsdatum',
  dueField: { key: 'valid_until', label: 'Gültig bis' },
  // Issue 31: an offer left without a number gets the next of its range when first saved.
  numbering: { field: 'number', format: 'AN-{YYYY}-{NNNN}', assign: 'create' },
  numberOptional: true,
  exports: [offerTemplate],
  stages: [
    { key: 'draft', name: 'Entwurf', required: true, color: '#495057', background: '#f1f3f5' },
    {
      key: 'sent',
      name: 'Versendet',
      actionName: 'Als versendet markieren',
      from: ['draft'],
      color: '#1864ab',
      background: '#e7f5ff',
    },
    {
      key: 'accepted',
      name: 'Angenommen',
      actionName: 'Als angenommen markieren',
      from: ['draft', 'sent', 'rejected'],
      color: '#2b8a3e',
      background: '#ebfbee',
    },
    {
      key: 'rejected',
      name: 'Abgelehnt',
      actionName: 'Als abgelehnt markieren',
      from: ['draft', 'sent', 'accepted'],
      color: '#c92a2a',
      background: '#fff5f5',
    },
  ],
});

export const invoice = documentType({
  key: 'invoice',
  singular: 'Rechnung',
  plural: 'Rechnungen',
  icon: 'file-invoice',
  numberLabel: 'Rechnungsnummer',
  dateLabel: 'Rechnungsdatum',
  dueField: { key: 'due_date', label: 'Fällig am' },
  numbering: { field: 'number', format: 'RE-{YYYY}-{NNNN}', assign: 'freeze' },
  exports: [invoiceTemplate, cancellationTemplate],
  numberOnFreeze: true,
  einvoice: true,
  stages: [
    { key: 'draft', name: 'Entwurf', required: true, color: '#495057', background: '#f1f3f5' },
    {
      key: 'sent',
      name: 'Festgeschrieben/versendet',
      actionName: 'Rechnung festschreiben',
      editDisabled: true,
      export: 'invoice',
      from: ['draft'],
      color: '#1864ab',
      background: '#e7f5ff',
    },
    {
      key: 'paid',
      name: 'Bezahlt',
      actionName: 'Als bezahlt markieren',
      editDisabled: true,
      from: ['sent'],
      color: '#2b8a3e',
      background: '#ebfbee',
    },
    {
      key: 'cancelled',
      name: 'Storniert',
      actionName: 'Stornieren',
      editDisabled: true,
      cancels: true,
      from: ['sent', 'paid'],
      color: '#c92a2a',
      background: '#fff5f5',
    },
    {
      key: 'cancellation',
      name: 'Stornorechnung',
      required: true,
      editDisabled: true,
      export: 'invoice_cancellation',
      color: '#862e9c',
      background: '#f8f0fc',
    },
  ],
});
