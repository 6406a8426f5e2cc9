import { type BaseType, card, cell, f, field, mainForm, mainList, required, units } from './builders';

export const article: BaseType = {
  key: 'article',
  parent: null,
  singular: 'Artikel',
  plural: 'Artikel',
  icon: 'package',
  fields: [
    field('article_number', 'string', 'Artikelnummer', { validation: { unique: true, maxLength: 30 } }),
    field('title', 'string', 'Bezeichnung', { validation: { ...required, maxLength: 200 } }),
    field('description', 'text', 'Beschreibung', { validation: { maxLength: 5000 } }),
    field('unit', 'string', 'Einheit', { appearance: 'select', options: units, default: 'stk' }),
    field('price', 'float', 'Einzelpreis (netto)', { validation: { min: 0 } }),
    field('tax', 'model', 'Steuersatz', { selector: { type: 'envTaxes' } }),
    field('active', 'boolean', 'Aktiv', { default: true }),
  ],
  forms: [
    mainForm([
      card('Artikel', [f('article_number', 4), f('title', 8), f('description', 12)]),
      card('Preis', [f('unit', 4), f('price', 4, { append: '€' }), f('tax', 4), f('active', 12)]),
    ]),
  ],
  mainForm: 'main',
  lists: [
    mainList(
      [
        cell('article_number', 'Artikelnummer'),
        cell('title', 'Bezeichnung'),
        cell('unit', 'Einheit', { format: 'options', options: units, searchable: false }),
        cell('price', 'Einzelpreis', { format: 'money', searchable: false }),
      ],
      { field: 'title', dir: 'asc' },
    ),
  ],
  defaultList: 'main',
  modelSelectorLabel: ['article_number', 'title'],
  // Issue 31: an article saved without a number gets the next of its range.
  numbering: { field: 'article_number', format: 'A-{NNNN}', assign: 'create' },
};
