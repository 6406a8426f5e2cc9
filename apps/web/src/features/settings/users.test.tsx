import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { alertBar } from '../../ui/alert-bar';
import { InvitePage } from './invite-page';
import { failed, ok, renderSettings } from './settings-test-env';
import { UsersPage } from './users-page';

afterEach(() => {
  vi.unstubAllGlobals();
  alertBar.clear();
});

const routes = [
  { path: '/env/:env/settings/users', element: <UsersPage /> },
  { path: '/env/:env/settings/users/invite', element: <InvitePage /> },
  { path: '/account', element: <p>Firmenumgebung auswählen</p> },
];

const page = (rows: Record<string, unknown>[], cells: { mapping: string; label: string }[]) => ({
  rows,
  total: rows.length,
  totalCapped: false,
  cells,
  nextCursor: null,
  page: 1,
  pageSize: 25,
  list: { key: 'x', name: 'x' },
  sort: null,
});

const members = page(
  [
    { _id: 'u1', name: 'Erika Mustermann', email: 'erika@example.de', is_active: true, is_self: true },
    { _id: 'u2', name: 'Max Zander', email: 'max@example.de', is_active: false, is_self: false },
  ],
  [
    { mapping: 'name', label: 'Name' },
    { mapping: 'email', label: 'E-Mail' },
    { mapping: 'is_active', label: 'Aktiv' },
  ],
);

describe('settings → users (spec 02 §2.2, §5)', { timeout: 30_000 }, () => {
  test('the invite button stays disabled while the e-mail is blank; success names the address', async () => {
    const fake = fakeFetch({
      '/api/environments/users-invite': ok(
        undefined,
        'Es wurde eine Einladung per E-Mail an gast@example.de gesendet.',
      ),
    });
    vi.stubGlobal('fetch', fake.fn);
    renderSettings(routes, '/env/musterbau/settings/users/invite');
    const u = userEvent.setup();
    const input = await screen.findByLabelText(/E-Mail-Adresse/);
    expect(input).toHaveAttribute('type', 'email');
    const send = screen.getByRole('button', { name: 'Einladung senden' });
    expect(send).toBeDisabled();
    await u.type(input, '   ');
    expect(send).toBeDisabled();
    await u.clear(input);
    await u.type(input, 'gast@example.de');
    await u.click(send);
    await waitFor(() =>
      expect(alertBar.get().map((a) => a.message)).toContain(
        'Es wurde eine Einladung per E-Mail an gast@example.de gesendet.',
      ),
    );
    expect(fake.calls[0]?.body).toEqual({ _env: 'musterbau', email: 'gast@example.de' });
    expect(input).toHaveValue('');
  });

  test('a refused address shows the server message under the field', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/environments/users-invite': failed(
          409,
          'conflict',
          'Dieser Benutzer ist bereits Mitglied der Firmenumgebung.',
          {
            email: ['Dieser Benutzer ist bereits Mitglied der Firmenumgebung.'],
          },
        ),
      }).fn,
    );
    renderSettings(routes, '/env/musterbau/settings/users/invite');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/E-Mail-Adresse/), 'erika@example.de');
    await u.click(screen.getByRole('button', { name: 'Einladung senden' }));
    expect(await screen.findByText('Dieser Benutzer ist bereits Mitglied der Firmenumgebung.')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-Mail-Adresse/)).toHaveAttribute('aria-invalid', 'true');
  });

  test('lists members through simpletable/data and deactivates after asking', async () => {
    const fake = fakeFetch({
      '/api/simpletable/data': ok(members),
      '/api/environments/users/set-active': ok(undefined, 'Der Benutzer wurde deaktiviert.'),
    });
    vi.stubGlobal('fetch', fake.fn);
    renderSettings(routes, '/env/musterbau/settings/users');
    const u = userEvent.setup();
    const row = (await screen.findByText('Max Zander')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Deaktiviert')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Aktivieren: Max Zander' })).toBeInTheDocument();
    expect(fake.calls[0]?.body).toMatchObject({ _env: 'musterbau', model: 'EnvironmentUser', page: 1, pageSize: 25 });

    const self = screen.getByText('Erika Mustermann').closest('tr') as HTMLElement;
    expect(within(self).getByText('Sie')).toBeInTheDocument();
    await u.click(within(self).getByRole('button', { name: 'Deaktivieren: Erika Mustermann' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Wollen Sie sich wirklich selbst deaktivieren?');
    await u.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.path === '/api/environments/users/set-active')?.body).toEqual({
        _env: 'musterbau',
        user: 'u1',
        is_active: false,
      }),
    );
    // Deactivated themselves: no access any more, so back to the environment choice.
    expect(await screen.findByText('Firmenumgebung auswählen')).toBeInTheDocument();
  });

  test('the invitations tab asks for the pending ones and removes one after asking', async () => {
    const invitations = page(
      [
        {
          _id: 'i1',
          email: 'gast@example.de',
          created_at: '2026-11-20T10:00:00.000Z',
          expires_at: '2026-12-04T10:00:00.000Z',
          expired: false,
        },
      ],
      [
        { mapping: 'email', label: 'E-Mail' },
        { mapping: 'created_at', label: 'Eingeladen am' },
        { mapping: 'expires_at', label: 'Gültig bis' },
      ],
    );
    const fake = fakeFetch({
      '/api/simpletable/data': ok(invitations),
      '/api/environments/users-invite/remove': ok(undefined, 'Die Einladung wurde entfernt.'),
    });
    vi.stubGlobal('fetch', fake.fn);
    renderSettings(routes, '/env/musterbau/settings/users?tab=invitations');
    const u = userEvent.setup();
    expect(await screen.findByText('gast@example.de')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ausstehende Einladungen' })).toHaveAttribute('aria-selected', 'true');
    expect(fake.calls[0]?.body).toMatchObject({ model: 'EnvironmentUserInvitation', filter: { status: 'pending' } });
    await u.click(screen.getByRole('button', { name: 'Entfernen: gast@example.de' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Soll die Einladung an gast@example.de wirklich entfernt werden?');
    await u.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(alertBar.get().map((a) => a.message)).toContain('Die Einladung wurde entfernt.'));
    expect(fake.calls.find((c) => c.path === '/api/environments/users-invite/remove')?.body).toEqual({
      _env: 'musterbau',
      id: 'i1',
    });
  });
});
