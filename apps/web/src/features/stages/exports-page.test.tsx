import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { allRights, failed, ok, renderInEnvironment } from '../../engine/testing/record-test-env';
import { fakeFetch } from '../../test/fake-fetch';
import { alertBar } from '../../ui/alert-bar';
import { ExportEditorPage } from './export-editor-page';
import { ExportsPage } from './exports-page';

afterEach(() => {
  vi.unstubAllGlobals();
  alertBar.clear();
});

const type = {
  key: 'invoices',
  parent: 'invoice',
  singular: 'Rechnung',
  plural: 'Rechnungen',
  fields: [],
  forms: [],
  mainForm: 'main',
  lists: [],
  defaultList: 'main',
  stages: [],
  exports: [
    { key: 'invoice', name: 'Rechnung', isParent: true, page: {}, blocks: [] },
    { key: 'kurz', name: 'Rechnung kurz', page: {}, blocks: [] },
  ],
  defaultExport: 'invoice',
  pages: [],
  settings: [],
  settingValues: {},
  queryForms: [],
  isCreatable: true,
  disableEdit: false,
  system: false,
  count: 0,
  rights: allRights,
};

const routes = [
  { path: '/env/:env/settings/dynamic-records/:type/edit/exports', element: <ExportsPage /> },
  { path: '/env/:env/settings/dynamic-records/:type/edit/exports/:exportKey', element: <ExportEditorPage /> },
];

describe('a data structure’s exports (spec 02 §5, §7, §9)', { timeout: 30_000 }, () => {
  test('copy suggests the key from the name, sends type, from, name and key', async () => {
    const fake = fakeFetch({
      '/api/dynamic-records/type/details': ok(type),
      '/api/settings/dynamic-records/exports/copy': ok({ key: 'mahnung_stufe_1' }, 'Der Export wurde kopiert.'),
    });
    vi.stubGlobal('fetch', fake.fn);
    renderInEnvironment(routes, '/env/acme/settings/dynamic-records/invoices/edit/exports');
    const rows = await screen.findAllByRole('row');
    const parent = rows.find((r) => within(r).queryByText('Geerbt'));
    expect(within(parent as HTMLElement).getByRole('button', { name: 'Entfernen' })).toBeDisabled();
    const u = userEvent.setup();
    await u.click(within(parent as HTMLElement).getByRole('button', { name: 'Kopieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export kopieren' });
    await u.click(within(dialog).getByRole('button', { name: 'Kopieren' }));
    expect(within(dialog).getByText('Es muss ein Name angegeben werden')).toBeInTheDocument();
    await u.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Mahnung Stufe 1!');
    expect(within(dialog).getByRole('textbox', { name: /Kennung/ })).toHaveValue('mahnung_stufe_1');
    await u.click(within(dialog).getByRole('button', { name: 'Kopieren' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Export kopieren' })).toBeNull());
    expect(fake.calls.find((c) => c.path.endsWith('/exports/copy'))?.body).toEqual({
      _env: 'acme',
      type: 'invoices',
      from: 'invoice',
      name: 'Mahnung Stufe 1!',
      key: 'mahnung_stufe_1',
    });
  });

  test('a refused copy shows the server message in the modal', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/dynamic-records/type/details': ok(type),
        '/api/settings/dynamic-records/exports/copy': failed(400, 'Es gibt bereits einen Export mit dieser Kennung.', {
          key: ['Es gibt bereits einen Export mit dieser Kennung.'],
        }),
      }).fn,
    );
    renderInEnvironment(routes, '/env/acme/settings/dynamic-records/invoices/edit/exports');
    const u = userEvent.setup();
    await u.click((await screen.findAllByRole('button', { name: 'Kopieren' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Export kopieren' });
    await u.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Kurz');
    await u.click(within(dialog).getByRole('button', { name: 'Kopieren' }));
    expect(await within(dialog).findAllByText('Es gibt bereits einen Export mit dieser Kennung.')).toHaveLength(2);
  });

  test('the export editor shows only its loading state', async () => {
    renderInEnvironment(routes, '/env/acme/settings/dynamic-records/invoices/edit/exports/invoice');
    expect(await screen.findByText('Export-Editor wird geladen …')).toBeInTheDocument();
  });
});
