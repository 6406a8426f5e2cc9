import type {
  Cell,
  CellButton,
  DataField,
  FormElement,
  List,
  RecordTypeInput,
} from '@kontor/contract/api/record-types';
import { optionsMapping } from '@kontor/contract/api/record-types';
import { addressLimits } from '@kontor/contract/logic/text-limits';

/** Small builders that keep the base type files readable. */
export const field = (
  key: string,
  type: DataField['type'],
  label: string,
  extra: Partial<DataField> = {},
): DataField => ({
  key,
  type,
  label,
  ...extra,
});

export const required = { required: true } as const;

export const f = (
  fieldKey: string,
  columns = 6,
  extra: Partial<Extract<FormElement, { type: 'field' }>> = {},
): FormElement => ({
  type: 'field',
  field: fieldKey,
  columns,
  ...extra,
});

export const card = (headerTitle: string, children: FormElement[]): FormElement => ({
  type: 'card',
  headerTitle,
  children,
});

export const cell = (mapping: string, label: string, extra: Partial<Cell> = {}): Cell => ({
  mapping,
  label,
  searchable: true,
  sortable: true,
  ...extra,
});

const editCell: Cell = { mapping: optionsMapping, label: '', buttons: [{ kind: 'edit' }] };

export const mainList = (cells: Cell[], defaultSort?: List['defaultSort'], moreButtons: CellButton[] = []): List => ({
  key: 'main',
  name: 'Standard',
  type: 'simpletable',
  cells: [
    ...cells,
    moreButtons.length > 0 ? { ...editCell, buttons: [...(editCell.buttons ?? []), ...moreButtons] } : editCell,
  ],
  ...(defaultSort ? { defaultSort } : {}),
});

export const mainForm = (fields: FormElement[]) => ({ key: 'main', name: 'Hauptformular', fields });

export type BaseType = RecordTypeInput & { parent: null };

export const units = [
  { value: 'stk', label: 'Stück' },
  { value: 'std', label: 'Stunde' },
  { value: 'tag', label: 'Tag' },
  { value: 'psch', label: 'Pauschal' },
  { value: 'm', label: 'Meter' },
  { value: 'm2', label: 'Quadratmeter' },
  { value: 'm3', label: 'Kubikmeter' },
  { value: 'kg', label: 'Kilogramm' },
  { value: 'l', label: 'Liter' },
];

/** The taxes of a position or an article: name, percent, evaluation number. */
const taxesMap = (key = 'taxes', label = 'Steuern'): DataField =>
  field(key, 'map', label, {
    subType: 'taxes-map',
    definition: [
      field('name', 'string', 'Bezeichnung', { validation: required }),
      field('percent', 'float', 'Prozent', { validation: { required: true, min: 0, max: 100 } }),
      field('number', 'string', 'Auswertungsnummer'),
    ],
  });

/** What a line is (contract/logic/positions.ts `positionKinds`): empty or 'item' is a position. */
const positionKindOptions = [
  { value: 'item', label: 'Position' },
  { value: 'title', label: 'Titel' },
  { value: 'text', label: 'Text' },
  { value: 'subtotal', label: 'Zwischensumme' },
];

/** Invoice-like lines; the server recomputes price_full and the tax sums on save. */
export const positionsMap = (): DataField =>
  field('positions', 'map', 'Positionen', {
    subType: 'positions-map',
    definition: [
      field('kind', 'string', 'Zeilenart', { appearance: 'select', options: positionKindOptions }),
      field('title', 'string', 'Bezeichnung', { validation: { required: true, maxLength: 500 } }),
      field('quantity', 'float', 'Menge'),
      field('unit', 'string', 'Einheit', { appearance: 'select', options: units }),
      field('price_single', 'float', 'Einzelpreis'),
      field('price_full', 'float', 'Gesamtpreis'),
      taxesMap(),
      field('taxes_sum_percent', 'float', 'Steuern (%)'),
      field('taxes_sum_price', 'float', 'Steuerbetrag'),
    ],
  });

/** Totals computed from the positions, stored in cents. */
export const totals = (): DataField[] => [
  field('net', 'integer', 'Netto', { currency: true, computed: 'positions.net' }),
  field('tax_total', 'integer', 'Steuern', { currency: true, computed: 'positions.taxes' }),
  field('gross', 'integer', 'Brutto', { currency: true, computed: 'positions.gross' }),
];

export const addressFields = (): DataField[] => [
  field('street', 'string', 'Straße', { validation: { maxLength: addressLimits.street } }),
  field('housenumber', 'string', 'Hausnummer', { validation: { maxLength: addressLimits.housenumber } }),
  field('zip', 'string', 'PLZ', { validation: { maxLength: addressLimits.zip } }),
  field('city', 'string', 'Ort', { validation: { maxLength: addressLimits.city } }),
  field('country', 'string', 'Land', { validation: { maxLength: addressLimits.country } }),
];
