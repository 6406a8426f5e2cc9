import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ok, renderInEnvironment } from '../../engine/testing/record-test-env';
import { fakeFetch } from '../../test/fake-fetch';
import { alertBar } from '../../ui/alert-bar';
import { EinvoiceTab } from './einvoice-tab';
import { StructureEditorPage } from './structure-editor-page';

afterEach(() => {
  vi.unstubAllGlobals();
  alertBar.clear();
});

const mapping = {
  buyerField: 'customer',
  buyerReferenceField: 'buyer_reference',
  dueDateField: 'due_date',
  vatCaseField: 'vat_case',
  cases: [
    { value: 'domestic', category: 'S' },
    { value: 'reverse_charge', category: 'AE', exemptionReason: '§ 13b UStG', exemptionCode: 'VATEX-EU-AE' },
  ],
  units: [
    { value: 'stk', code: 'H87' },
    { value: 'std', code: 'HUR' },
  ],
};

const structure = {
  key: 'invoices',
  parent: 'invoice',
  singular: 'Rechnung',
  plural: 'Rechnungen',
  version: 3,
  fields: [
    { key: 'customer', type: 'model', label: 'Kunde', selector: { type: 'customer' }, origin: 'invoice' },
    { key: 'buyer_reference', type: 'string', label: 'Käuferreferenz / Leitweg-ID', origin: 'invoice' },
    { key: 'due_date', type: 'date', label: 'Fällig am', origin: 'invoice' },
    {
      key: 'vat_case',
      type: 'string',
      label: 'Steuerfall',
      appearance: 'select',
      options: [
        { value: 'domestic', label: 'Inland' },
        { value: 'reverse_charge', label: '§ 13b UStG' },
      ],
      origin: 'invoice',
    },
    {
      key: 'positions',
      type: 'map',
      subType: 'positions-map',
      label: 'Positionen',
      origin: 'invoice',
      definition: [
        {
          key: 'unit',
          type: 'string',
          label: 'Einheit',
          options: [
            { value: 'stk', label: 'Stück' },
            { value: 'std', label: 'Stunde' },
            { value: 'kg', label: 'Kilogramm' },
          ],
        },
      ],
    },
  ],
  forms: [],
  mainForm: 'main',
  lists: [],
  defaultList: 'main',
  stages: [],
  exports: [],
  defaultExport: null,
  pages: [],
  settings: [],
  settingValues: {},
  queryForms: [],
  isCreatable: true,
  disableEdit: false,
  system: false,
  einvoice: mapping,
};

const routes = [
  {
    path: '/env/:env/settings/dynamic-records/:type/edit',
    element: <StructureEditorPage />,
    children: [{ path: 'einvoice', element: <EinvoiceTab /> }],
  },
];

describe('the e-invoice mapping tab (issue 15)', { timeout: 30_000 }, () => {
  test('shows the mapping, edits a category, a reason and a unit code, and saves them with the structure', async () => {
    const fake = fakeFetch({
      '/api/settings/dynamic-records/details': ok({ type: structure, stats: { count: 0, fieldValues: {} } }),
      '/api/settings/dynamic-records/types': ok({ types: [], parents: [] }),
      '/api/settings/dynamic-records/save': ok({ key: 'invoices', version: 4 }, 'Gespeichert.'),
    });
    vi.stubGlobal('fetch', fake.fn);
    renderInEnvironment(routes, '/env/acme/settings/dynamic-records/invoices/edit/einvoice');
    expect(await screen.findByRole('tab', { name: 'E-Rechnung', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Käufer (Feld)', { selector: 'input' })).toHaveValue('Kunde (customer)');
    expect(screen.getByLabelText('Käuferreferenz / Leitweg-ID (Feld)', { selector: 'input' })).toHaveValue(
      'Käuferreferenz / Leitweg-ID (buyer_reference)',
    );
    expect(screen.getByRole('textbox', { name: 'Befreiungsgrund: Inland' })).toBeDisabled();
    const u = userEvent.setup();
    const reason = screen.getByRole('textbox', { name: 'Befreiungsgrund: § 13b UStG' });
    await u.clear(reason);
    await u.type(reason, 'Reverse Charge');
    await u.type(screen.getByRole('textbox', { name: 'Kilogramm' }), 'kgm');
    await u.clear(screen.getByRole('textbox', { name: 'Stück' }));
    await u.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(fake.calls.some((c) => c.path === '/api/settings/dynamic-records/save')).toBe(true));
    const body = fake.calls.find((c) => c.path === '/api/settings/dynamic-records/save')?.body as {
      einvoice: typeof mapping;
    };
    expect(body.einvoice.cases[1]).toEqual({
      value: 'reverse_charge',
      category: 'AE',
      exemptionReason: 'Reverse Charge',
      exemptionCode: 'VATEX-EU-AE',
    });
    // Codes are upper case; a cleared code drops the unit (it then leaves as C62).
    expect(body.einvoice.units).toEqual([
      { value: 'std', code: 'HUR' },
      { value: 'kg', code: 'KGM' },
    ]);
    expect(body.einvoice.buyerField).toBe('customer');
  });
});
