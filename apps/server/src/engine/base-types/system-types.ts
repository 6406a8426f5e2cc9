import { addressLimits, bankDetailsLimits } from '@kontor/contract/logic/text-limits';
import { addressFields, type BaseType, card, cell, f, field, mainForm, mainList, required } from './builders';

/** Types every environment has as they are: settings and the bookings manager run on them. */
const system = { system: true, isCreatable: false } as const;

export const envAddresses: BaseType = {
  ...system,
  key: 'envAddresses',
  parent: null,
  singular: 'Adresse',
  plural: 'Adressen',
  icon: 'map-pin',
  fields: [
    field('name', 'string', 'Name', { validation: { ...required, maxLength: addressLimits.name } }),
    field('addition', 'string', 'Zusatz', { validation: { maxLength: addressLimits.addition } }),
    ...addressFields(),
  ],
  forms: [
    mainForm([
      card('Adresse', [
        f('name'),
        f('addition'),
        f('street', 8),
        f('housenumber', 4),
        f('zip', 4),
        f('city', 8),
        f('country', 12),
      ]),
    ]),
  ],
  mainForm: 'main',
  lists: [
    mainList(
      [
        cell('name', 'Name'),
        cell('street', 'Straße'),
        cell('housenumber', 'Hausnummer'),
        cell('zip', 'PLZ'),
        cell('city', 'Ort'),
      ],
      { field: 'name', dir: 'asc' },
    ),
  ],
  defaultList: 'main',
  modelSelectorLabel: ['name', 'street', 'city'],
};

export const envBankDetails: BaseType = {
  ...system,
  key: 'envBankDetails',
  parent: null,
  singular: 'Bankverbindung',
  plural: 'Bankverbindungen',
  icon: 'building-bank',
  fields: [
    field('name', 'string', 'Kontoinhaber', { validation: { ...required, maxLength: bankDetailsLimits.name } }),
    field('bank', 'string', 'Bank', { validation: { maxLength: bankDetailsLimits.bank } }),
    field('iban', 'string', 'IBAN', { validation: { ...required, iban: true } }),
    field('bic', 'string', 'BIC', { validation: { bic: true } }),
  ],
  forms: [mainForm([card('Bankverbindung', [f('name'), f('bank'), f('iban', 8), f('bic', 4)])])],
  mainForm: 'main',
  lists: [
    mainList([cell('name', 'Kontoinhaber'), cell('bank', 'Bank'), cell('iban', 'IBAN'), cell('bic', 'BIC')], {
      field: 'name',
      dir: 'asc',
    }),
  ],
  defaultList: 'main',
  modelSelectorLabel: ['name', 'iban'],
};

export const envTaxes: BaseType = {
  ...system,
  key: 'envTaxes',
  parent: null,
  singular: 'Steuersatz',
  plural: 'Steuersätze',
  icon: 'percentage',
  fields: [
    field('name', 'string', 'Bezeichnung', { validation: { ...required, maxLength: 100 } }),
    field('percentage', 'float', 'Prozentsatz', { validation: { required: true, min: 0, max: 100 } }),
    field('number', 'string', 'Auswertungsnummer', { validation: { maxLength: 20 } }),
  ],
  forms: [mainForm([card('Steuersatz', [f('name'), f('percentage', 3, { append: '%' }), f('number', 3)])])],
  mainForm: 'main',
  lists: [
    mainList(
      [
        cell('name', 'Bezeichnung'),
        cell('percentage', 'Prozentsatz', { format: 'number', searchable: false }),
        cell('number', 'Auswertungsnummer'),
      ],
      { field: 'name', dir: 'asc' },
    ),
  ],
  defaultList: 'main',
  modelSelectorLabel: ['name'],
};

export const bookingElement: BaseType = {
  ...system,
  key: 'bookingElement',
  parent: null,
  singular: 'Raum',
  plural: 'Räume',
  icon: 'door',
  fields: [
    field('name', 'string', 'Name', { validation: { ...required, maxLength: 120 } }),
    field('is_active', 'boolean', 'Aktiv', { default: true }),
    field('capacity', 'integer', 'Plätze', { validation: { min: 0 } }),
    field('description', 'text', 'Beschreibung', { validation: { maxLength: 2000 } }),
  ],
  forms: [mainForm([card('Raum', [f('name', 8), f('capacity', 4), f('is_active', 12), f('description', 12)])])],
  mainForm: 'main',
  lists: [
    mainList(
      [
        cell('name', 'Name'),
        cell('capacity', 'Plätze', { format: 'number', searchable: false }),
        cell('is_active', 'Aktiv', { format: 'boolean', searchable: false }),
      ],
      {
        field: 'name',
        dir: 'asc',
      },
    ),
  ],
  defaultList: 'main',
  modelSelectorLabel: ['name'],
};

export const booking: BaseType = {
  ...system,
  key: 'booking',
  parent: null,
  singular: 'Buchung',
  plural: 'Buchungen',
  icon: 'calendar-event',
  fields: [
    field('event', 'datetime', 'Termin', { validation: required }),
    field('name', 'string', 'Name', { validation: { ...required, maxLength: 200 } }),
    field('email', 'string', 'E-Mail', { validation: { email: true, maxLength: 254 } }),
    field('phone', 'string', 'Telefon', { validation: { maxLength: 40 } }),
    field('birthday', 'date', 'Geburtstag'),
    field('table', 'string', 'Tisch', { validation: { maxLength: 40 } }),
    field('booking_table', 'model', 'Raum', { selector: { type: 'bookingElement' } }),
    field('persons', 'map', 'Personen', {
      definition: [field('name', 'string', 'Name', { validation: { maxLength: 200 } })],
    }),
  ],
  forms: [
    mainForm([
      card('Buchung', [
        f('event'),
        f('booking_table'),
        f('table', 4),
        f('name', 8),
        f('email'),
        f('phone'),
        f('birthday', 4),
      ]),
      card('Personen', [f('persons', 12)]),
    ]),
  ],
  mainForm: 'main',
  lists: [
    mainList(
      [
        cell('event', 'Termin', { format: 'datetime', searchable: false }),
        cell('name', 'Name'),
        cell('email', 'E-Mail'),
        cell('table', 'Tisch'),
      ],
      {
        field: 'event',
        dir: 'asc',
      },
    ),
  ],
  defaultList: 'main',
  modelSelectorLabel: ['name', 'event'],
};
