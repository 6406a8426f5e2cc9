import type { Stage } from '@kontor/contract/api/record-types';
import { type BaseType, card, cell, f, field, mainForm, mainList, positionsMap, required, totals } from './builders';

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
}): BaseType => ({
  key: p.key,
  parent: null,
  singular: p.singular,
  plural: p.plural,
  icon: p.icon,
  fields: [
    field('number', 'string', p.numberLabel, { validation: { ...required, unique: true, maxLength: 30 } }),
    field('customer', 'model', 'Kunde', { selector: { type: 'customer' }, validation: required }),
    field('customer_name', 'string', 'Kundenname', { labelOf: 'customer' }),
    field('date', 'date', p.dateLabel, { validation: required }),
    field(p.dueField.key, 'date', p.dueField.label),
    field('subject', 'string', 'Betreff', { validation: { maxLength: 200 } }),
    field('intro', 'text', 'Einleitungstext', { validation: { maxLength: 5000 } }),
    positionsMap(),
    ...totals(),
    field('closing', 'text', 'Schlusstext', { validation: { maxLength: 5000 } }),
  ],
  forms: [
    mainForm([
      card(p.singular, [f('number', 4), f('date', 4), f(p.dueField.key, 4), f('customer', 12), f('subject', 12)]),
      card('Positionen', [f('intro', 12), f('positions', 12), f('closing', 12)]),
    ]),
  ],
  mainForm: 'main',
  lists: [
    mainList(
      [
        cell('number', p.numberLabel),
        cell('date', p.dateLabel, { format: 'date', searchable: false }),
        cell('customer_name', 'Kunde'),
        cell('subject', 'Betreff'),
        cell('net', 'Netto', { format: 'currency', searchable: false }),
        cell('gross', 'Brutto', { format: 'currency', searchable: false }),
        cell('stage', 'Status', { format: 'stage', searchable: false, sortable: false }),
      ],
      { field: 'date', dir: 'desc' },
    ),
  ],
  defaultList: 'main',
  stages: p.stages,
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
  stages: [
    { key: 'draft', name: 'Entwurf', required: true, color: '#495057', background: '#f1f3f5' },
    { key: 'sent', name: 'Versendet', actionName: 'Als versendet markieren', color: '#1864ab', background: '#e7f5ff' },
    {
      key: 'accepted',
      name: 'Angenommen',
      actionName: 'Als angenommen markieren',
      color: '#2b8a3e',
      background: '#ebfbee',
    },
    {
      key: 'rejected',
      name: 'Abgelehnt',
      actionName: 'Als abgelehnt markieren',
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
  stages: [
    { key: 'draft', name: 'Entwurf', required: true, color: '#495057', background: '#f1f3f5' },
    {
      key: 'sent',
      name: 'Versendet',
      actionName: 'Rechnung festschreiben',
      editDisabled: true,
      color: '#1864ab',
      background: '#e7f5ff',
    },
    {
      key: 'paid',
      name: 'Bezahlt',
      actionName: 'Als bezahlt markieren',
      editDisabled: true,
      color: '#2b8a3e',
      background: '#ebfbee',
    },
    {
      key: 'cancelled',
      name: 'Storniert',
      actionName: 'Stornieren',
      editDisabled: true,
      color: '#c92a2a',
      background: '#fff5f5',
    },
  ],
});
