import { addressLimits, bankDetailsLimits } from '@kontor/contract/logic/text-limits';
import { addressFields, type BaseType, card, cell, f, field, mainForm, mainList, required } from './builders';

/** Types every environment has as they are: settings and the bookings manager run on them. */
const system = { system: true, isCreatable: false } as const;

/**
 * The company's addresses, bank details, tax rates and rooms are settings (issue 29 item 2):
 * below Administrator they are read, never changed.
 */
const settingsData = {
  ...system,
  access: {
    staff: { read: true, create: false, edit: false, delete: false, stages: [] },
    readonly: { read: true, create: false, edit: false, delete: false, stages: [] },
    advisor: { read: true, create: false, edit: false, delete: false, stages: [] },
  },
};

export const envAddresses: BaseType = {
  ...settingsData,
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
  ...settingsData,
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
  ...settingsData,
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

/** Weekdays of a room's opening hours, Monday first (ISO 8601: 1 = Monday … 7 = Sunday). */
const weekdayOptions = [
  { value: '1', label: 'Montag' },
  { value: '2', label: 'Dienstag' },
  { value: '3', label: 'Mittwoch' },
  { value: '4', label: 'Donnerstag' },
  { value: '5', label: 'Freitag' },
  { value: '6', label: 'Samstag' },
  { value: '7', label: 'Sonntag' },
];

/** A booking's states: only a confirmed booking holds its room (the exclusion constraint of 0017). */
const bookingStatusOptions = [
  { value: 'requested', label: 'Angefragt' },
  { value: 'confirmed', label: 'Bestätigt' },
  { value: 'cancelled', label: 'Storniert' },
];

export const bookingElement: BaseType = {
  ...settingsData,
  key: 'bookingElement',
  parent: null,
  singular: 'Raum',
  plural: 'Räume',
  icon: 'door',
  fields: [
    field('name', 'string', 'Name', { validation: { ...required, maxLength: 120 } }),
    field('is_active', 'boolean', 'Aktiv', { default: true }),
    field('capacity', 'integer', 'Plätze', { validation: { min: 0, max: 100_000 } }),
    field('description', 'text', 'Beschreibung', { validation: { maxLength: 2000 } }),
    // No entry: open around the clock. Several entries of a weekday: several opening intervals.
    field('opening_hours', 'map', 'Öffnungszeiten', {
      validation: { max: 50 },
      definition: [
        field('weekday', 'string', 'Wochentag', {
          appearance: 'select',
          options: weekdayOptions,
          validation: required,
        }),
        field('from', 'string', 'Von (HH:MM)', { validation: { ...required, maxLength: 5 } }),
        field('to', 'string', 'Bis (HH:MM)', { validation: { ...required, maxLength: 5 } }),
      ],
    }),
  ],
  forms: [
    mainForm([
      card('Raum', [f('name', 8), f('capacity', 4), f('is_active', 12), f('description', 12)]),
      card('Öffnungszeiten', [f('opening_hours', 12)]),
    ]),
  ],
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
    // The occasion ("Geburtstagsfeier"); the time lives in start and end (docs/decisions.md).
    field('event', 'string', 'Anlass', { validation: { maxLength: 200 } }),
    field('start', 'datetime', 'Beginn', { validation: required }),
    field('end', 'datetime', 'Ende', { validation: required }),
    field('status', 'string', 'Status', {
      appearance: 'select',
      options: bookingStatusOptions,
      default: 'requested',
      validation: required,
    }),
    field('name', 'string', 'Name', { validation: { ...required, maxLength: 200 } }),
    field('email', 'string', 'E-Mail', { validation: { email: true, maxLength: 254 } }),
    field('phone', 'string', 'Telefon', { validation: { maxLength: 40 } }),
    field('birthday', 'date', 'Geburtstag'),
    field('table', 'string', 'Tisch', { validation: { maxLength: 40 } }),
    field('booking_table', 'model', 'Raum', { selector: { type: 'bookingElement' }, validation: required }),
    field('booking_table_name', 'string', 'Raumname', { labelOf: 'booking_table' }),
    field('rooms', 'models', 'Weitere Räume', { selector: { type: 'bookingElement' } }),
    field('guests', 'integer', 'Anzahl Personen', { validation: { min: 1, max: 100_000 } }),
    field('persons', 'map', 'Personen', {
      definition: [field('name', 'string', 'Name', { validation: { maxLength: 200 } })],
    }),
  ],
  forms: [
    mainForm([
      card('Buchung', [
        f('start', 4),
        f('end', 4),
        f('status', 4),
        f('booking_table', 6),
        f('rooms', 6),
        f('event', 8),
        f('guests', 4),
        f('name', 8),
        f('table', 4),
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
        cell('start', 'Beginn', { format: 'datetime', searchable: false }),
        cell('name', 'Name'),
        cell('booking_table_name', 'Raum'),
        cell('status', 'Status', { format: 'options', options: bookingStatusOptions, searchable: false }),
        cell('email', 'E-Mail'),
      ],
      {
        field: 'start',
        dir: 'asc',
      },
    ),
  ],
  defaultList: 'main',
  modelSelectorLabel: ['name', 'start'],
};
