import { type BaseType, card, cell, f, field, mainForm, mainList, required } from './builders';

export const contact: BaseType = {
  key: 'contact',
  parent: null,
  singular: 'Ansprechpartner',
  plural: 'Ansprechpartner',
  icon: 'address-book',
  fields: [
    field('salutation', 'string', 'Anrede', {
      appearance: 'select',
      options: [
        { value: 'frau', label: 'Frau' },
        { value: 'herr', label: 'Herr' },
        { value: 'divers', label: 'Divers' },
      ],
    }),
    field('firstname', 'string', 'Vorname', { validation: { maxLength: 100 } }),
    field('lastname', 'string', 'Nachname', { validation: { ...required, maxLength: 100 } }),
    field('customer', 'model', 'Kunde', { selector: { type: 'customer' } }),
    field('role', 'string', 'Funktion', { validation: { maxLength: 100 } }),
    field('email', 'string', 'E-Mail', { validation: { email: true, maxLength: 254 } }),
    field('phone', 'string', 'Telefon', { validation: { maxLength: 40 } }),
    field('mobile', 'string', 'Mobil', { validation: { maxLength: 40 } }),
    field('notes', 'text', 'Notizen', { validation: { maxLength: 5000 } }),
  ],
  forms: [
    mainForm([
      card('Person', [f('salutation', 4), f('firstname', 4), f('lastname', 4), f('customer'), f('role')]),
      card('Kontakt', [f('email'), f('phone', 3), f('mobile', 3), f('notes', 12)]),
    ]),
  ],
  mainForm: 'main',
  lists: [
    mainList(
      [
        cell('lastname', 'Nachname'),
        cell('firstname', 'Vorname'),
        cell('role', 'Funktion'),
        cell('email', 'E-Mail'),
        cell('phone', 'Telefon', { sortable: false }),
      ],
      { field: 'lastname', dir: 'asc' },
    ),
  ],
  defaultList: 'main',
  modelSelectorLabel: ['firstname', 'lastname'],
};
