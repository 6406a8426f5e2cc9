import { addressFields, type BaseType, card, cell, f, field, mainForm, mainList, required } from './builders';

export const customer: BaseType = {
  key: 'customer',
  parent: null,
  singular: 'Kunde',
  plural: 'Kunden',
  icon: 'users',
  fields: [
    field('customer_number', 'string', 'Kundennummer', { validation: { unique: true, maxLength: 30 } }),
    field('name', 'string', 'Name / Firma', { validation: { ...required, maxLength: 200 } }),
    field('kind', 'string', 'Art', {
      appearance: 'select',
      options: [
        { value: 'company', label: 'Firma' },
        { value: 'person', label: 'Privatperson' },
      ],
      default: 'company',
    }),
    ...addressFields(),
    field('email', 'string', 'E-Mail', { validation: { email: true, maxLength: 254 } }),
    field('phone', 'string', 'Telefon', { validation: { maxLength: 40 } }),
    field('website', 'string', 'Webseite', { validation: { url: true, maxLength: 200 } }),
    field('vat_id', 'string', 'USt-IdNr.', { validation: { maxLength: 20 } }),
    field('notes', 'text', 'Notizen', { validation: { maxLength: 5000 } }),
    field('attachments', 'files', 'Anhänge'),
  ],
  forms: [
    mainForm([
      card('Stammdaten', [f('customer_number', 4), f('kind', 4), f('vat_id', 4), f('name', 12)]),
      card('Anschrift', [f('street', 8), f('housenumber', 4), f('zip', 4), f('city', 8), f('country', 12)]),
      card('Kontakt', [f('email'), f('phone'), f('website', 12), f('notes', 12)]),
      card('Dokumente', [f('attachments', 12)]),
    ]),
  ],
  mainForm: 'main',
  lists: [
    mainList(
      [
        cell('customer_number', 'Kundennummer'),
        cell('name', 'Name / Firma'),
        cell('city', 'Ort'),
        cell('email', 'E-Mail'),
        cell('phone', 'Telefon', { sortable: false }),
      ],
      { field: 'name', dir: 'asc' },
    ),
  ],
  defaultList: 'main',
  modelSelectorLabel: ['customer_number', 'name', 'city'],
  // Issue 31: a customer saved without a number gets the next of its range. Five digits from
  // 10001 fit the debtor accounts (10000–69999) of the DATEV chart that tax advisers use.
  numbering: { field: 'customer_number', format: '{NNNNN}', assign: 'create', start: 10001 },
};
