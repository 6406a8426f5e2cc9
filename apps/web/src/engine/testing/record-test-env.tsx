import type { Environment } from '@kontor/contract/api/environments';
import type { DataField, FormElement } from '@kontor/contract/api/record-types';
import type { RecordFormData } from '@kontor/contract/api/records';
import type { FieldErrors } from '@kontor/contract/call';
import type { ErrorCode } from '@kontor/contract/errors';
import { type ReactNode, useState } from 'react';
import type { RouteObject } from 'react-router';
import type { EnvironmentState } from '../../environment/environment-context';
import { testEnvironment } from '../../test/environment-fixture';
import { renderWithEnvironment } from '../../test/render-in-environment';
// The test environment has what the app's entry registers into the engine.
import '../../features/records/records.engine';
import { RecordForm } from '../form/record-form';
import type { FormValues } from '../form/types';

/** Test support for the record engine: an environment, its providers, and a form harness. */

// jsdom has no FontFaceSet; Mantine's autosizing textarea listens on it.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}
// Nor scrollIntoView, which the combobox calls for the highlighted option.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

const taxes = [
  { _id: 't19', name: 'USt. 19 %', percentage: 19, number: '8400' },
  { _id: 't7', name: 'USt. 7 %', percentage: 7, number: '8300' },
];

const environment: Environment = testEnvironment({
  _id: 'e1',
  url_slug: 'acme',
  taxes,
  default_tax: 't19',
  last_config_update: '2026-01-01T00:00:00.000Z',
});

/** An owner's rights on a type: everything (issue 29 item 2). */
export const allRights = { read: true, create: true, edit: true, delete: true, stages: null };

export const environmentState = (overrides: Partial<EnvironmentState> = {}): EnvironmentState => ({
  envKey: 'acme',
  environment,
  recordTypes: [
    { key: 'invoices', parent: 'invoice', singular: 'Rechnung', plural: 'Rechnungen', icon: null, rights: allRights },
    { key: 'customers', parent: 'customer', singular: 'Kunde', plural: 'Kunden', icon: null, rights: allRights },
  ],
  filemanagerDir: null,
  canEdit: true,
  role: 'owner',
  permissions: new Set(['read', 'records', 'settings', 'members', 'owner']),
  taxes,
  reload: async () => {},
  ...overrides,
});

/** Routes inside an environment, with the modal provider the confirm dialogs need. */
export const renderInEnvironment = (routes: RouteObject[], path: string, state = environmentState()) =>
  renderWithEnvironment(routes, path, state);

/** A controlled form engine with its own state, as the editor holds it. */
function FormHarness({
  elements,
  fields,
  initial = {},
  errors: initialErrors = {},
  readOnly = false,
  onValues,
}: {
  elements: FormElement[];
  fields: Record<string, DataField>;
  initial?: FormValues;
  errors?: FieldErrors;
  readOnly?: boolean;
  onValues?: (values: FormValues) => void;
}): ReactNode {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  return (
    <RecordForm
      elements={elements}
      fields={fields}
      values={values}
      onValuesChange={(update) =>
        setValues((previous) => {
          const next = update(previous);
          onValues?.(next);
          return next;
        })
      }
      errors={errors}
      onErrorsChange={setErrors}
      readOnly={readOnly}
    />
  );
}

/** Renders a form definition at '/' inside the test environment. */
export const renderForm = (props: Parameters<typeof FormHarness>[0], state = environmentState()) =>
  renderInEnvironment([{ path: '/', element: <FormHarness {...props} /> }], '/', state);

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

const units = [
  { value: 'stk', label: 'Stück' },
  { value: 'std', label: 'Stunde' },
];

export const positionsField = field('positions', 'map', 'Positionen', {
  subType: 'positions-map',
  definition: [
    field('title', 'string', 'Bezeichnung', { validation: { required: true } }),
    field('quantity', 'float', 'Menge'),
    field('unit', 'string', 'Einheit', { appearance: 'select', options: units }),
    field('price_single', 'float', 'Einzelpreis'),
    field('price_full', 'float', 'Gesamtpreis'),
    field('taxes', 'map', 'Steuern', {
      subType: 'taxes-map',
      definition: [
        field('name', 'string', 'Bezeichnung'),
        field('percent', 'float', 'Prozent'),
        field('number', 'string', 'Auswertungsnummer'),
      ],
    }),
    field('taxes_sum_percent', 'float', 'Steuern (%)'),
    field('taxes_sum_price', 'float', 'Steuerbetrag'),
  ],
});

const tax19 = [{ name: 'USt. 19 %', percent: 19, number: '8400' }];

/** An invoice as dynamic-records/form answers it. */
export const invoiceForm = (overrides: Partial<RecordFormData> = {}): RecordFormData => ({
  type: 'invoices',
  singular: 'Rechnung',
  form: [
    {
      type: 'card',
      headerTitle: 'Rechnung',
      children: [
        { type: 'field', field: 'number', columns: 4 },
        { type: 'field', field: 'customer', columns: 8 },
      ],
    },
    { type: 'card', headerTitle: 'Positionen', children: [{ type: 'field', field: 'positions', columns: 12 }] },
  ],
  fields: {
    number: field('number', 'string', 'Rechnungsnummer', { validation: { required: true } }),
    customer: field('customer', 'model', 'Kunde', { selector: { type: 'customer' } }),
    customer_name: field('customer_name', 'string', 'Kundenname', { labelOf: 'customer' }),
    positions: positionsField,
    net: field('net', 'integer', 'Netto', { currency: true, computed: 'positions.net' }),
  },
  values: {
    _id: 'r1',
    number: 'RE-1',
    customer: null,
    positions: [
      { _id: 'p1', title: 'Arbeitsstunde', quantity: 6, unit: 'std', price_single: 58, taxes: tax19 },
      { _id: 'p2', title: 'Anfahrt', quantity: 1, unit: 'stk', price_single: 35, taxes: tax19 },
    ],
    net: 38300,
  },
  version: 3,
  stage: { key: 'draft', name: 'Entwurf', required: true },
  readOnly: false,
  stageActions: [{ key: 'sent', name: 'Versendet', actionName: 'Rechnung festschreiben' }],
  hasPreview: false,
  pages: [],
  rights: allRights,
  ...overrides,
});

export const ok = (data?: unknown, message?: string) => ({ body: { status: 'success', data, message } });
export const failed = (status: number, message?: string, errors?: FieldErrors, code?: ErrorCode) => ({
  status,
  body: { status: 'error', code, message, errors },
});
