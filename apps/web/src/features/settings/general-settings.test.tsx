import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { testEnvironmentState } from '../../test/environment-fixture';
import { fakeFetch } from '../../test/fake-fetch';
import { alertBar } from '../../ui/alert-bar';
import { EnvironmentSettingsLayout } from './environment-settings-layout';
import { GeneralSettingsPage } from './general-settings-page';
import { failed, ok, renderSettings, stateAs } from './settings-test-env';

afterEach(() => {
  vi.unstubAllGlobals();
  alertBar.clear();
});

const routes = [{ path: '/env/:env/settings', element: <GeneralSettingsPage /> }];

describe('general settings (spec 02 §2.2, §7 settings/save/main)', { timeout: 30_000 }, () => {
  test('sends every field, shows the spec success text and reloads the environment', async () => {
    const fake = fakeFetch({
      '/api/environments/settings/save/main': ok(undefined, 'Die Firmenumgebung wurde erfolgreich bearbeitet.'),
    });
    vi.stubGlobal('fetch', fake.fn);
    const reload = vi.fn(async () => {});
    renderSettings(routes, '/env/musterbau/settings', { ...testEnvironmentState({ phone: '030 123456' }), reload });
    const u = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /Name der Firma/ });
    expect(name).toHaveValue('Musterbau GmbH');
    await u.clear(name);
    await u.type(name, 'Musterbau AG');
    await u.type(screen.getByRole('textbox', { name: 'Steuernummer' }), '12/345/67890');
    await u.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(alertBar.get().map((a) => a.message)).toContain('Die Firmenumgebung wurde erfolgreich bearbeitet.'),
    );
    expect(reload).toHaveBeenCalled();
    expect(fake.calls.find((c) => c.path.endsWith('/save/main'))?.body).toEqual({
      _env: 'musterbau',
      name: 'Musterbau AG',
      website: '',
      email: '',
      phone: '030 123456',
      fax: '',
      tax_number: '12/345/67890',
      tax_ustid: '',
      logo: null,
      default_address_invoice: null,
      default_address_shipping: null,
      default_bank_details: null,
      default_tax: null,
    });
  });

  test('shows the server messages under their fields', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/environments/settings/save/main': failed(400, 'invalid', 'Bitte prüfen Sie die markierten Felder.', {
          tax_ustid: ['Es muss eine gültige USt-IdNr. angegeben werden (DE und 9 Ziffern, z. B. DE123456789).'],
        }),
      }).fn,
    );
    renderSettings(routes, '/env/musterbau/settings');
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: 'USt-IdNr.' }), 'AT1');
    await u.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/gültige USt-IdNr\./)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'USt-IdNr.' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Bitte prüfen Sie die markierten Felder.')).toBeInTheDocument();
  });

  test('the module switches save at once', async () => {
    const fake = fakeFetch({
      '/api/environments/settings/save/modules': ok(undefined, 'Die Module wurden gespeichert.'),
    });
    vi.stubGlobal('fetch', fake.fn);
    renderSettings(routes, '/env/musterbau/settings');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('switch', { name: /Buchungen/ }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.path.endsWith('/save/modules'))?.body).toEqual({
        _env: 'musterbau',
        functions: { website: false, bookings: true, queryForms: false, filemanager: false },
      }),
    );
  });
});

describe('settings as a role without the settings permission (issue 29 item 4)', { timeout: 30_000 }, () => {
  const inLayout = [
    {
      path: '/env/:env/settings',
      element: <EnvironmentSettingsLayout />,
      children: [{ index: true, element: <GeneralSettingsPage /> }],
    },
  ];

  test('a Mitarbeiter sees the settings with one note why, and cannot save or switch anything', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    renderSettings(inLayout, '/env/musterbau/settings', stateAs('staff'));
    expect(await screen.findByRole('textbox', { name: /Name der Firma/ })).toHaveValue('Musterbau GmbH');
    const notes = screen.getAllByRole('note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toHaveTextContent('Ihre Rolle „Mitarbeiter“ darf Einstellungen ansehen, aber nicht ändern.');
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    for (const toggle of screen.queryAllByRole('switch')) expect(toggle).toBeDisabled();
  });

  test('an administrator gets no note and may save', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    renderSettings(inLayout, '/env/musterbau/settings', stateAs('admin'));
    expect(await screen.findByRole('button', { name: 'Speichern' })).toBeEnabled();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
