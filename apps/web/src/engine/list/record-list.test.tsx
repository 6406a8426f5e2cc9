import type { Cell } from '@kontor/contract/api/record-types';
import type { SimpleTableData } from '@kontor/contract/api/records';
import { formatDate, formatDateTime, formatNumber } from '@kontor/contract/logic/number-format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { RecordListPage } from '../../features/records/record-list-page';
import { fakeFetch } from '../../test/fake-fetch';
import { allRights, failed, ok, renderInEnvironment } from '../testing/record-test-env';
import { type RecordFormat, recordFormat } from '../use-record-format';
import { visibleButtons } from './cell-buttons';
import { cellText } from './cell-format';
import { pageCount } from './list-pagination';

afterEach(() => vi.unstubAllGlobals());

const format: RecordFormat = recordFormat(
  {
    money: (cents) => `${formatNumber(cents / 100)} €`,
    date: (value) => formatDate(value, 'DD.MM.YYYY'),
    dateTime: (value) => formatDateTime(value, 'DD.MM.YYYY'),
    number: (value, decimals = 2) => formatNumber(value, decimals),
    bytes: () => '',
  },
  'DD.MM.YYYY',
);
const yesNo = { yes: 'Ja', no: 'Nein' };
const cell = (mapping: string, extra: Partial<Cell> = {}): Cell => ({ mapping, label: mapping, ...extra });

describe('list cell formats (spec 02 §3)', () => {
  test('currency divides integer cents by 100; money shows decimal euros', () => {
    expect(cellText(cell('net', { format: 'currency' }), { net: 123450 }, format, yesNo)).toBe('1.234,50 €');
    expect(cellText(cell('price', { format: 'money' }), { price: 19.9 }, format, yesNo)).toBe('19,90 €');
    expect(cellText(cell('net', { format: 'currency' }), { net: null }, format, yesNo)).toBe('');
  });

  test('numbers, options, dates, date-times and flags', () => {
    expect(cellText(cell('rate', { format: 'number' }), { rate: 19 }, format, yesNo)).toBe('19,00');
    const options = [{ value: 'std', label: 'Stunde' }];
    expect(cellText(cell('unit', { format: 'options', options }), { unit: 'std' }, format, yesNo)).toBe('Stunde');
    expect(cellText(cell('unit', { format: 'options', options }), { unit: 'kg' }, format, yesNo)).toBe('kg');
    expect(cellText(cell('date', { format: 'date' }), { date: '2026-11-10' }, format, yesNo)).toBe('10.11.2026');
    expect(cellText(cell('at', { format: 'datetime' }), { at: '2026-11-10T18:30' }, format, yesNo)).toBe(
      '10.11.2026 18:30',
    );
    expect(cellText(cell('active', { format: 'boolean' }), { active: true }, format, yesNo)).toBe('Ja');
    expect(cellText(cell('active', { format: 'boolean' }), { active: false }, format, yesNo)).toBe('Nein');
  });

  test('plain cells show text, read nested paths and skip objects', () => {
    expect(cellText(cell('address.city'), { address: { city: 'Köln' } }, format, yesNo)).toBe('Köln');
    expect(cellText(cell('tags'), { tags: ['a', 'b'] }, format, yesNo)).toBe('a, b');
    expect(cellText(cell('data'), { data: { x: 1 } }, format, yesNo)).toBe('');
  });
});

describe('page buttons', () => {
  const options = cell('___options___', {
    buttons: [
      { kind: 'edit' },
      { kind: 'page', page: 'details', label: 'Details', conditions: [['customer', 'not_empty']] },
      {
        kind: 'page',
        page: 'paid',
        label: 'Zahlung',
        conditions: [
          {
            $or: [
              ['stage', '==', 'sent'],
              ['stage', '==', 'paid'],
            ],
          },
        ],
      },
    ],
  });

  test('are offered only where their conditions hold', () => {
    const labels = (row: Record<string, unknown>) =>
      visibleButtons(options, row).map((b) => (b.kind === 'edit' ? 'edit' : b.label));
    expect(labels({ customer: 'c1', stage: 'draft' })).toEqual(['edit', 'Details']);
    expect(labels({ customer: '', stage: 'sent' })).toEqual(['edit', 'Zahlung']);
    expect(labels({ customer: 'c1', stage: 'paid' })).toEqual(['edit', 'Details', 'Zahlung']);
  });
});

describe('page count', () => {
  test('counts pages while the total is exact, and goes on past the 10,000 cap while there are more', () => {
    expect(pageCount({ total: 51, totalCapped: false, pageSize: 25, nextCursor: null }, 1)).toBe(3);
    expect(pageCount({ total: 0, totalCapped: false, pageSize: 25, nextCursor: null }, 1)).toBe(1);
    expect(pageCount({ total: 10_000, totalCapped: true, pageSize: 25, nextCursor: 'x' }, 400)).toBe(401);
  });
});

const table = (overrides: Partial<SimpleTableData> = {}): SimpleTableData => ({
  rows: [
    { _id: 'r1', stage: 'draft', number: 'RE-1', date: '2026-11-10', net: 42280, customer: 'c1' },
    { _id: 'r2', stage: 'sent', number: 'RE-2', date: '2026-11-15', net: 4990, customer: null },
  ],
  total: 2,
  totalCapped: false,
  cells: [
    cell('number', { label: 'Rechnungsnummer', sortable: true, searchable: true }),
    cell('date', { label: 'Rechnungsdatum', format: 'date', sortable: true }),
    cell('net', { label: 'Netto', format: 'currency', sortable: true }),
    cell('stage', { label: 'Status', format: 'stage' }),
    cell('___options___', {
      label: '',
      buttons: [
        { kind: 'edit' },
        { kind: 'page', page: 'details', label: 'Details', conditions: [['customer', 'not_empty']] },
      ],
    }),
  ],
  nextCursor: null,
  page: 1,
  pageSize: 25,
  list: { key: 'main', name: 'Standard' },
  sort: { field: 'date', dir: 'desc' },
  ...overrides,
});

/** The answer of type/details as the contract describes it (a whole record type and its count). */
const details = {
  key: 'invoices',
  parent: null,
  singular: 'Rechnung',
  plural: 'Rechnungen',
  fields: [],
  forms: [],
  mainForm: 'main',
  lists: [],
  defaultList: 'main',
  count: 2,
  rights: allRights,
  stages: [
    { key: 'draft', name: 'Entwurf' },
    { key: 'sent', name: 'Versendet' },
  ],
};

const routes = [
  { path: '/env/:env/dyn/:type', element: <RecordListPage /> },
  { path: '/env/:env/dyn/:type/:id/edit', element: <p>Formular</p> },
];

describe('the list screen (spec 02 §2.1)', { timeout: 30_000 }, () => {
  test('shows formatted cells, stage badges and page buttons where they apply', async () => {
    const fake = fakeFetch({ '/api/dynamic-records/type/details': ok(details), '/api/simpletable/data': ok(table()) });
    vi.stubGlobal('fetch', fake.fn);
    renderInEnvironment(routes, '/env/acme/dyn/invoices');
    const first = await screen.findByRole('row', { name: /RE-1/ });
    expect(within(first).getByText('10.11.2026')).toBeInTheDocument();
    expect(within(first).getByText(/422,80\s€/)).toBeInTheDocument();
    expect(within(first).getByText('Entwurf')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      '/env/acme/dyn/invoices/r1/page/details',
    );
    const second = screen.getByRole('row', { name: /RE-2/ });
    expect(within(second).queryByRole('link', { name: 'Details' })).not.toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute(
      'href',
      '/env/acme/dyn/invoices/r2/edit',
    );
    expect(screen.getByRole('link', { name: 'Rechnung anlegen' })).toHaveAttribute(
      'href',
      '/env/acme/dyn/invoices/new/edit',
    );
    expect(screen.getByText('1–2 von 2')).toBeInTheDocument();
  });

  test('sorts by a clicked column, toggling the direction, and keeps search and sort in the URL', async () => {
    const fake = fakeFetch({
      '/api/dynamic-records/type/details': ok(details),
      '/api/simpletable/data': (body) => ok(table({ sort: (body as { sort?: SimpleTableData['sort'] }).sort ?? null })),
    });
    vi.stubGlobal('fetch', fake.fn);
    const { router } = renderInEnvironment(routes, '/env/acme/dyn/invoices');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Rechnungsnummer' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=number%3Aasc'));
    await u.click(await screen.findByRole('button', { name: 'Rechnungsnummer' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=number%3Adesc'));
    await u.type(screen.getByRole('textbox', { name: 'Suchen' }), 'RE');
    await waitFor(() => expect(router.state.location.search).toContain('q=RE'));
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.path === '/api/simpletable/data').map((c) => c.body)).toContainEqual(
        expect.objectContaining({ sort: { field: 'number', dir: 'desc' }, search: 'RE' }),
      ),
    );
  });

  test('says "mehr als 10.000" for a capped total', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/dynamic-records/type/details': ok(details),
        '/api/simpletable/data': ok(table({ total: 10_000, totalCapped: true, nextCursor: 'c' })),
      }).fn,
    );
    renderInEnvironment(routes, '/env/acme/dyn/invoices');
    expect(await screen.findByText('1–2 von mehr als 10.000')).toBeInTheDocument();
  });

  test('opens a record on row click', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/dynamic-records/type/details': ok(details), '/api/simpletable/data': ok(table()) }).fn,
    );
    const { router } = renderInEnvironment(routes, '/env/acme/dyn/invoices');
    await userEvent.setup().click(await screen.findByText('RE-2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/env/acme/dyn/invoices/r2/edit'));
  });

  test('shows the empty state with the create button', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/dynamic-records/type/details': ok(details),
        '/api/simpletable/data': ok(table({ rows: [], total: 0 })),
      }).fn,
    );
    renderInEnvironment(routes, '/env/acme/dyn/invoices');
    expect(await screen.findByText('Noch keine Rechnungen vorhanden')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Rechnung anlegen' })).toHaveLength(2);
  });

  test('shows the server message for a missing list definition, and not found for an unknown type', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/dynamic-records/type/details': ok(details),
        '/api/simpletable/data': failed(404, 'Fehlende Listen-Definition für den Datentyp.'),
      }).fn,
    );
    renderInEnvironment(routes, '/env/acme/dyn/invoices');
    expect(await screen.findByText('Fehlende Listen-Definition für den Datentyp.')).toBeInTheDocument();
  });

  test('an unknown type is not found', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    renderInEnvironment(routes, '/env/acme/dyn/unicorns');
    expect(await screen.findByText('Seite nicht gefunden ...')).toBeInTheDocument();
  });

  test('disables create and edit unless the environment is active', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/dynamic-records/type/details': ok(details), '/api/simpletable/data': ok(table()) }).fn,
    );
    const { environmentState } = await import('../testing/record-test-env');
    renderInEnvironment(routes, '/env/acme/dyn/invoices', environmentState({ canEdit: false }));
    await screen.findByRole('row', { name: /RE-1/ });
    expect(screen.getByRole('link', { name: 'Rechnung anlegen' })).toHaveAttribute('data-disabled', 'true');
    for (const button of screen.getAllByRole('button', { name: 'Bearbeiten' })) expect(button).toBeDisabled();
  });

  test('offers no create or edit where the role has no such right on the type (issue 29 item 2)', async () => {
    const rights = { ...allRights, create: false, edit: false, delete: false, stages: [] };
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/dynamic-records/type/details': ok({ ...details, rights }),
        '/api/simpletable/data': ok(table()),
      }).fn,
    );
    renderInEnvironment(routes, '/env/acme/dyn/invoices');
    await screen.findByRole('row', { name: /RE-1/ });
    expect(screen.getByRole('link', { name: 'Rechnung anlegen' })).toHaveAttribute('data-disabled', 'true');
    for (const button of screen.getAllByRole('button', { name: 'Bearbeiten' })) expect(button).toBeDisabled();
  });
});
