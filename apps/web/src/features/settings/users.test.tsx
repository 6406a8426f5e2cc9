import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { alertBar } from '../../ui/alert-bar';
import { InvitePage } from './invite-page';
import { failed, ok, renderSettings, stateAs } from './settings-test-env';
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
    { _id: 'u1', name: 'Erika Mustermann', email: 'erika@example.de', is_active: true, is_self: true, role: 'owner' },
    { _id: 'u2', name: 'Max Zander', email: 'max@example.de', is_active: false, is_self: false, role: 'admin' },
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
    // Invitations carry a role (issue 29 item 4): Mitarbeiter unless another is chosen.
    expect(fake.calls[0]?.body).toEqual({ _env: 'musterbau', email: 'gast@example.de', role: 'staff' });
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
      '/api/environments/users/audit': ok({ entries: [] }),
    });
    vi.stubGlobal('fetch', fake.fn);
    renderSettings(routes, '/env/musterbau/settings/users');
    const u = userEvent.setup();
    const row = (await screen.findByText('Max Zander')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Deaktiviert')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Aktivieren: Max Zander' })).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/api/simpletable/data')?.body).toMatchObject({
      _env: 'musterbau',
      model: 'EnvironmentUser',
      page: 1,
      pageSize: 25,
    });

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

/** Members with roles, as simpletable/data answers them since issue 29. */
const withRoles = page(
  [
    {
      _id: 'u1',
      name: 'Erika Mustermann',
      email: 'erika@example.de',
      is_active: true,
      is_self: true,
      role: 'admin',
      role_label: 'Administrator',
    },
    {
      _id: 'u2',
      name: 'Olga Owner',
      email: 'olga@example.de',
      is_active: true,
      is_self: false,
      role: 'owner',
      role_label: 'Inhaber',
    },
    {
      _id: 'u3',
      name: 'Max Zander',
      email: 'max@example.de',
      is_active: true,
      is_self: false,
      role: 'staff',
      role_label: 'Mitarbeiter',
    },
  ],
  [
    { mapping: 'name', label: 'Name' },
    { mapping: 'role_label', label: 'Rolle' },
    { mapping: 'is_active', label: 'Aktiv' },
  ],
);
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('roles in the users settings (issue 29 items 4 and 5)', { timeout: 30_000 }, () => {
  test('an administrator changes roles within the rules; oneself and owners stay locked with the reason', async () => {
    const fake = fakeFetch({
      '/api/simpletable/data': ok(withRoles),
      '/api/environments/users/set-role': ok(undefined, 'Die Rolle wurde geändert.'),
      '/api/environments/users/audit': ok({ entries: [] }),
    });
    vi.stubGlobal('fetch', fake.fn);
    renderSettings(routes, '/env/musterbau/settings/users', stateAs('admin'));
    const u = userEvent.setup();

    const max = within(await rowOf('Max Zander')).getByRole('combobox', { name: 'Rolle von Max Zander' });
    expect(max).toBeEnabled();
    expect(max).toHaveValue('staff');
    expect(optionsOf(max)).toEqual(['Administrator', 'Mitarbeiter', 'Nur lesen', 'Steuerberater']);

    const olga = await rowOf('Olga Owner');
    const olgaRole = within(olga).getByRole('combobox', { name: 'Rolle von Olga Owner' });
    expect(olgaRole).toBeDisabled();
    expect(olgaRole).toHaveAttribute(
      'title',
      'Sie können den Zugang von jemandem mit mehr Rechten als Ihren nicht ändern.',
    );
    expect(within(olga).getByRole('button', { name: 'Deaktivieren: Olga Owner' })).toBeDisabled();

    const self = within(await rowOf('Erika Mustermann')).getByRole('combobox', { name: 'Rolle von Erika Mustermann' });
    expect(self).toBeDisabled();
    expect(self).toHaveAttribute('title', 'Ihre eigene Rolle können Sie hier nicht ändern.');

    await u.selectOptions(max, 'readonly');
    await waitFor(() =>
      expect(fake.calls.find((c) => c.path === '/api/environments/users/set-role')?.body).toEqual({
        _env: 'musterbau',
        user: 'u3',
        role: 'readonly',
      }),
    );
    await waitFor(() => expect(alertBar.get().map((a) => a.message)).toContain('Die Rolle wurde geändert.'));
  });

  test('a refused role change shows the server reason', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/simpletable/data': ok(withRoles),
        '/api/environments/users/set-role': failed(
          409,
          'conflict',
          'Eine Firmenumgebung braucht mindestens einen aktiven Inhaber.',
        ),
        '/api/environments/users/audit': ok({ entries: [] }),
      }).fn,
    );
    renderSettings(routes, '/env/musterbau/settings/users', stateAs('owner'));
    const u = userEvent.setup();
    const olgaRole = within(await rowOf('Olga Owner')).getByRole('combobox', { name: 'Rolle von Olga Owner' });
    expect(optionsOf(olgaRole)).toContain('Inhaber');
    await u.selectOptions(olgaRole, 'admin');
    await waitFor(() =>
      expect(alertBar.get().map((a) => a.message)).toContain(
        'Eine Firmenumgebung braucht mindestens einen aktiven Inhaber.',
      ),
    );
  });

  test('a Mitarbeiter reads the list: no invite button, no selects or buttons, no history, and a note why', async () => {
    const fake = fakeFetch({ '/api/simpletable/data': ok(withRoles) });
    vi.stubGlobal('fetch', fake.fn);
    renderSettings(routes, '/env/musterbau/settings/users', stateAs('staff'));
    const max = await rowOf('Max Zander');
    expect(within(max).getByText('Mitarbeiter')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Rolle von/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Deaktivieren/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Benutzer einladen' })).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Nur Inhaber und Administratoren verwalten Benutzer.');
    expect(screen.queryByText('Verlauf')).not.toBeInTheDocument();
    expect(fake.calls.map((c) => c.path)).not.toContain('/api/environments/users/audit');
  });

  test('the history lists who changed what and when; without entries it says so', async () => {
    const entries = [
      {
        seq: 7,
        at: '2026-11-20T10:00:00.000Z',
        action: 'member.role',
        actor: 'Anna Muster',
        text: 'Anna Muster hat die Rolle von Ben Beispiel auf „Mitarbeiter“ geändert.',
      },
    ];
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/simpletable/data': ok(withRoles), '/api/environments/users/audit': ok({ entries }) }).fn,
    );
    const view = renderSettings(routes, '/env/musterbau/settings/users', stateAs('owner'));
    const history = await screen.findByRole('region', { name: 'Verlauf' });
    const sentence = 'Anna Muster hat die Rolle von Ben Beispiel auf „Mitarbeiter“ geändert.';
    const item = (await within(history).findByText(sentence)).closest('li') as HTMLElement;
    expect(item).toHaveTextContent('20.11.2026');
    view.unmount();

    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/simpletable/data': ok(withRoles), '/api/environments/users/audit': ok({ entries: [] }) }).fn,
    );
    renderSettings(routes, '/env/musterbau/settings/users', stateAs('owner'));
    expect(await screen.findByText('Noch keine Änderungen.')).toBeInTheDocument();
  });

  test('the invite form offers only the roles the inviter may give, Mitarbeiter first chosen', async () => {
    const fake = fakeFetch({ '/api/environments/users-invite': ok(undefined, 'Gesendet.') });
    vi.stubGlobal('fetch', fake.fn);
    renderSettings(routes, '/env/musterbau/settings/users/invite', stateAs('admin'));
    const u = userEvent.setup();
    const role = await screen.findByRole('combobox', { name: /Rolle/ });
    expect(role).toHaveValue('staff');
    expect(optionsOf(role)).toEqual(['Administrator', 'Mitarbeiter', 'Nur lesen', 'Steuerberater']);
    await u.selectOptions(role, 'advisor');
    await u.type(screen.getByLabelText(/E-Mail-Adresse/), 'stb@example.de');
    await u.click(screen.getByRole('button', { name: 'Einladung senden' }));
    await waitFor(() =>
      expect(fake.calls[0]?.body).toEqual({ _env: 'musterbau', email: 'stb@example.de', role: 'advisor' }),
    );
  });
});
