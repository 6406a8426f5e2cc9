import { type BaseType, card, cell, f, field, mainForm, mainList, positionsMap, required, totals } from './builders';

/**
 * Incoming invoices (issue 15 item 5): a supplier's invoice, typed in or read from an uploaded
 * XRechnung / ZUGFeRD file into a draft. The supplier is an address-book record (a customer
 * record: name, address, USt-IdNr.), so the product keeps one list of business partners. The
 * amounts stated in the file and the rules it breaks stay on the record beside the positions, so
 * a difference to the recomputed totals is visible while checking the draft.
 */
export const incomingInvoice: BaseType = {
  key: 'incoming_invoice',
  parent: null,
  singular: 'Eingangsrechnung',
  plural: 'Eingangsrechnungen',
  icon: 'receipt',
  fields: [
    field('number', 'string', 'Rechnungsnummer des Lieferanten', { validation: { ...required, maxLength: 100 } }),
    field('supplier', 'model', 'Lieferant', { selector: { type: 'customer' }, validation: required }),
    field('supplier_name', 'string', 'Lieferantenname', { labelOf: 'supplier' }),
    field('date', 'date', 'Rechnungsdatum', { validation: required }),
    field('due_date', 'date', 'Fällig am'),
    field('buyer_reference', 'string', 'Käuferreferenz / Leitweg-ID', { validation: { maxLength: 100 } }),
    field('iban', 'string', 'IBAN des Lieferanten', { validation: { maxLength: 40 } }),
    positionsMap(),
    ...totals(),
    field('stated_net', 'float', 'Netto laut E-Rechnung'),
    field('stated_tax', 'float', 'Steuern laut E-Rechnung'),
    field('stated_gross', 'float', 'Brutto laut E-Rechnung'),
    field('einvoice_findings', 'text', 'Prüfergebnis der E-Rechnung', { validation: { maxLength: 20000 } }),
    field('einvoice_file', 'file', 'E-Rechnung (Originaldatei)'),
    field('notes', 'text', 'Notizen', { validation: { maxLength: 5000 } }),
  ],
  forms: [
    mainForm([
      card('Eingangsrechnung', [
        f('number', 4),
        f('date', 4),
        f('due_date', 4),
        f('supplier', 12),
        f('buyer_reference', 6),
        f('iban', 6),
      ]),
      card('Positionen', [f('positions', 12)]),
      card('E-Rechnung', [
        f('stated_net', 4, { append: '€' }),
        f('stated_tax', 4, { append: '€' }),
        f('stated_gross', 4, { append: '€' }),
        f('einvoice_findings', 12),
        f('einvoice_file', 12),
        f('notes', 12),
      ]),
    ]),
  ],
  mainForm: 'main',
  lists: [
    mainList(
      [
        cell('number', 'Nummer'),
        cell('date', 'Datum', { format: 'date', searchable: false }),
        cell('supplier_name', 'Lieferant'),
        cell('stage', 'Status', { format: 'stage', searchable: false, sortable: false }),
        cell('gross', 'Brutto', { format: 'currency', searchable: false }),
      ],
      { field: 'date', dir: 'desc' },
    ),
  ],
  defaultList: 'main',
  stages: [
    { key: 'draft', name: 'Entwurf', required: true, color: '#495057', background: '#f1f3f5' },
    {
      key: 'approved',
      name: 'Geprüft',
      actionName: 'Als geprüft markieren',
      from: ['draft'],
      color: '#1864ab',
      background: '#e7f5ff',
    },
    {
      key: 'paid',
      name: 'Bezahlt',
      actionName: 'Als bezahlt markieren',
      editDisabled: true,
      from: ['approved'],
      color: '#2b8a3e',
      background: '#ebfbee',
    },
  ],
  modelSelectorLabel: ['number', 'supplier_name'],
};
