import type { NumberRange } from '@kontor/contract/api/stages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { alertBar } from '../../ui/alert-bar';
import { NumberRangesPage } from './number-ranges-page';
import { failed, ok, renderSettings, stateAs } from './settings-test-env';

afterEach(() => {
  vi.unstubAllGlobals();
  alertBar.clear();
});

const routes = [{ path: '/env/:env/settings/number-ranges', element: <NumberRangesPage /> }];
const path = '/env/musterbau/settings/number-ranges';
const year = new Date().getFullYear();

const invoices: NumberRange = {
  type: 'invoices',
  name: 'Rechnungen',
  field: 'number',
  fieldLabel: 'Rechnungsnummer',
  assign: 'freeze',
  format: 'RE-{YYYY}-{NNNN}',
  defaultFormat: 'RE-{YYYY}-{NNNN}',
  auto: true,
  next: 5,
  minNext: 5,
  example: `RE-${year}-0005`,
};
const customers: NumberRange = {
  type: 'customers',
  name: 'Kunden',
  field: 'customer_number',
  fieldLabel: 'Kundennummer',
  assign: 'create',
  format: '{NNNNN}',
  defaultFormat: '{NNNNN}',
  auto: true,
  next: 10004,
  minNext: 10004,
  example: '10004',
};

describe('number ranges (issue 31)', { timeout: 90_000 }, () => {
  test('shows each range; the number a pattern gives follows the typing; saving sends the range', async () => {
    const fake = fakeFetch({
      '/api/settings/number-ranges': ok([invoices, customers]),
      '/api/settings/number-ranges/save': ok(
        { ...customers, format: 'KD-{NNNNN}', next: 20001, example: 'KD-20001' },
        'Der Nummernkreis wurde gespeichert.',
      ),
    });
    vi.stubGlobal('fetch', fake.fn);
    renderSettings(routes, path);
    const u = userEvent.setup({ delay: null });
    const invoiceCard = await screen.findByRole('region', { name: 'Rechnungen' });
    expect(within(invoiceCard).getByText(/wird beim Festschreiben vergeben/)).toBeInTheDocument();
    // Numbers drawn at the freeze cannot be switched off.
    expect(within(invoiceCard).queryByRole('switch')).toBeNull();
    expect(within(invoiceCard).getByText(`Nächste Nummer: RE-${year}-0005`)).toBeInTheDocument();

    const card = screen.getByRole('region', { name: 'Kunden' });
    const pattern = within(card).getByRole('textbox', { name: /Muster/ });
    await u.clear(pattern);
    await u.type(pattern, 'KD-{{NNNNN}');
    const next = within(card).getByRole('textbox', { name: /Nächste Nummer/ });
    await u.clear(next);
    await u.type(next, '20001');
    expect(within(card).getByText('Nächste Nummer: KD-20001')).toBeInTheDocument();
    await u.click(within(card).getByRole('button', { name: 'Nummernkreis „Kunden“ speichern' }));
    await waitFor(() => expect(alertBar.get().map((a) => a.message)).toContain('Der Nummernkreis wurde gespeichert.'));
    expect(fake.calls.find((c) => c.path.endsWith('/save'))?.body).toEqual({
      _env: 'musterbau',
      type: 'customers',
      format: 'KD-{NNNNN}',
      next: 20001,
      auto: true,
    });
  });

  test("shows the server's refusal under the next number", async () => {
    const message = 'Die nächste Nummer muss mindestens 10004 sein: Eine Nummer wird nie zweimal vergeben.';
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/settings/number-ranges': ok([customers]),
        '/api/settings/number-ranges/save': failed(400, 'invalid', message, { next: [message] }),
      }).fn,
    );
    renderSettings(routes, path);
    const u = userEvent.setup({ delay: null });
    const card = await screen.findByRole('region', { name: 'Kunden' });
    const next = within(card).getByRole('textbox', { name: /Nächste Nummer/ });
    await u.clear(next);
    await u.type(next, '5');
    await u.click(within(card).getByRole('button', { name: 'Nummernkreis „Kunden“ speichern' }));
    await waitFor(() => expect(next).toHaveAccessibleDescription(new RegExp(message)));
  });

  test('a member without the settings right reads the ranges but cannot save them', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/api/settings/number-ranges': ok([customers]) }).fn);
    renderSettings(routes, path, stateAs('staff'));
    const card = await screen.findByRole('region', { name: 'Kunden' });
    expect(within(card).getByRole('textbox', { name: /Muster/ })).toHaveAttribute('readonly');
    expect(within(card).getByRole('switch')).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Nummernkreis „Kunden“ speichern' })).toBeDisabled();
  });
});
