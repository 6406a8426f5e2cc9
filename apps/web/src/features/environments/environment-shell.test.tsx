import { environmentDetails, heartbeat } from '@kontor/contract/api/environments';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { testDetails } from '../../test/environment-fixture';
import { fakeFetch } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { DashboardPage } from './dashboard-page';
import { EnvironmentShell } from './environment-shell';

const loaded = '2025-01-01T10:00:00.000Z';
const later = '2025-01-01T10:05:00.000Z';

const renderShell = (answers: Parameters<typeof fakeFetch>[0]) => {
  const fake = fakeFetch(answers);
  vi.stubGlobal('fetch', fake.fn);
  renderRoutes(
    [
      {
        path: '/env/:env',
        element: <EnvironmentShell />,
        children: [{ index: true, element: <p>Inhalt der Seite</p> }],
      },
    ],
    '/env/musterbau',
  );
  return fake.calls;
};

const beats = (calls: { path: string }[]) => calls.filter((c) => c.path === heartbeat.path).length;

beforeEach(() => {
  // Only the heartbeat's interval is driven by hand; everything else runs in real time.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('environment shell: keyboard (issue 31 item 8)', { timeout: 20_000 }, () => {
  const answers = {
    [environmentDetails.path]: { body: { status: 'success', data: testDetails() } },
    [heartbeat.path]: { body: { status: 'success', data: { envStatus: 'active', envLastConfigUpdate: loaded } } },
  };

  test('the first Tab reaches a link that skips to the content', async () => {
    renderShell(answers);
    await screen.findByText('Inhalt der Seite');
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Zum Inhalt springen' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')).toContainElement(screen.getByText('Inhalt der Seite'));
  });

  test('Escape closes the help panel', async () => {
    renderShell(answers);
    await screen.findByText('Inhalt der Seite');
    await userEvent.click(screen.getByRole('button', { name: 'Hilfe' }));
    expect(await screen.findByRole('heading', { name: 'Hilfe' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('heading', { name: 'Hilfe' })).not.toBeInTheDocument();
  });
});

describe('environment shell: load (spec 01 §4)', { timeout: 20_000 }, () => {
  test('shows the content of an active environment and beats once at start', async () => {
    const calls = renderShell({
      [environmentDetails.path]: { body: { status: 'success', data: testDetails() } },
      [heartbeat.path]: { body: { status: 'success', data: { envStatus: 'active', envLastConfigUpdate: loaded } } },
    });
    expect(await screen.findByText('Inhalt der Seite')).toBeInTheDocument();
    await vi.waitFor(() => expect(beats(calls)).toBe(1));
    expect(calls.find((c) => c.path === heartbeat.path)?.body).toMatchObject({
      _env: 'musterbau',
      init_date: expect.any(String),
    });
  });

  test('shows the initialisation error with retry when details fail', async () => {
    renderShell({ [environmentDetails.path]: { status: 403, body: { status: 'error', message: 'Kein Zugriff.' } } });
    expect(await screen.findByText('Es ist ein Fehler aufgetreten')).toBeInTheDocument();
    expect(screen.getByText('Kein Zugriff.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Firmenumgebung wechseln' })).toHaveAttribute('href', '/account');
  });

  test('treats an inactive environment user as an initialisation error', async () => {
    renderShell({
      [environmentDetails.path]: {
        body: {
          status: 'success',
          data: {
            ...testDetails(),
            environmentUser: { ...testDetails().environmentUser, is_active: false, created_at: loaded },
          },
        },
      },
    });
    expect(await screen.findByText('Es ist ein Fehler aufgetreten')).toBeInTheDocument();
    expect(screen.queryByText('Inhalt der Seite')).not.toBeInTheDocument();
  });

  test('shows the blocked page instead of any content', async () => {
    renderShell({
      [environmentDetails.path]: { body: { status: 'success', data: testDetails({ status: 'blocked' }) } },
      [heartbeat.path]: { body: { status: 'success', data: { envStatus: 'blocked', envLastConfigUpdate: loaded } } },
    });
    expect(await screen.findByRole('heading', { name: 'Firmenumgebung gesperrt' })).toBeInTheDocument();
    expect(screen.queryByText('Inhalt der Seite')).not.toBeInTheDocument();
  });
});

describe('environment shell: heartbeat (spec 01 §7)', { timeout: 20_000 }, () => {
  test('warns once the configuration is newer and reloads on "Aktualisieren"', async () => {
    const beat = { envStatus: 'active', envLastConfigUpdate: loaded };
    let details = testDetails({ last_config_update: loaded });
    const calls = renderShell({
      [environmentDetails.path]: () => ({ body: { status: 'success', data: details } }),
      [heartbeat.path]: () => ({ body: { status: 'success', data: beat } }),
    });
    await screen.findByText('Inhalt der Seite');
    await vi.waitFor(() => expect(beats(calls)).toBe(1));
    expect(screen.queryByRole('button', { name: 'Aktualisieren' })).not.toBeInTheDocument();

    beat.envLastConfigUpdate = later;
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await vi.waitFor(() => expect(beats(calls)).toBe(2));
    expect(
      await screen.findByText(
        /Die Konfiguration der Firmenumgebung wurde aktualisiert\. Bitte laden Sie die Anwendung neu/,
      ),
    ).toBeInTheDocument();

    details = testDetails({ last_config_update: later, name: 'Musterbau AG' });
    const detailCalls = calls.filter((c) => c.path === environmentDetails.path).length;
    await userEvent.click(screen.getByRole('button', { name: 'Aktualisieren' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === environmentDetails.path).length).toBe(detailCalls + 1),
    );
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Aktualisieren' })).not.toBeInTheDocument());

    // The same version does not warn again.
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await vi.waitFor(() => expect(beats(calls)).toBe(3));
    expect(screen.queryByRole('button', { name: 'Aktualisieren' })).not.toBeInTheDocument();
  });

  test('switches to the blocked page when the heartbeat reports blocked', async () => {
    const beat = { envStatus: 'active', envLastConfigUpdate: loaded };
    const calls = renderShell({
      [environmentDetails.path]: { body: { status: 'success', data: testDetails() } },
      [heartbeat.path]: () => ({ body: { status: 'success', data: beat } }),
    });
    await screen.findByText('Inhalt der Seite');
    await vi.waitFor(() => expect(beats(calls)).toBe(1));

    beat.envStatus = 'blocked';
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByRole('heading', { name: 'Firmenumgebung gesperrt' })).toBeInTheDocument();
    expect(screen.queryByText('Inhalt der Seite')).not.toBeInTheDocument();
  });

  test('stops beating when the environment is left', async () => {
    const calls = renderShell({
      [environmentDetails.path]: { body: { status: 'success', data: testDetails() } },
      [heartbeat.path]: { body: { status: 'success', data: { envStatus: 'active', envLastConfigUpdate: loaded } } },
    });
    await screen.findByText('Inhalt der Seite');
    await vi.waitFor(() => expect(beats(calls)).toBe(1));
    cleanup();
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    expect(beats(calls)).toBe(1);
  });
});

describe('dashboard polling (spec 02 §2.3)', { timeout: 20_000 }, () => {
  test('refreshes the details 1.5 s after entering the dashboard, then now and then, and stops on leaving', async () => {
    const fake = fakeFetch({
      [environmentDetails.path]: { body: { status: 'success', data: testDetails() } },
      [heartbeat.path]: { body: { status: 'success', data: { envStatus: 'active', envLastConfigUpdate: loaded } } },
    });
    vi.stubGlobal('fetch', fake.fn);
    const { router } = renderRoutes(
      [
        {
          path: '/env/:env',
          element: <EnvironmentShell />,
          children: [
            { index: true, element: <DashboardPage /> },
            { path: 'other', element: <p>Andere Seite</p> },
          ],
        },
      ],
      '/env/musterbau',
    );
    const details = () => fake.calls.filter((c) => c.path === environmentDetails.path).length;
    expect(await screen.findByText('Dashboards können in den Einstellungen konfiguriert werden.')).toBeInTheDocument();
    expect(details()).toBe(1);
    // The start delay is a real timeout (only intervals are faked here).
    await act(() => new Promise((resolve) => setTimeout(resolve, 1700)));
    expect(details()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(details()).toBe(3);

    await act(() => router.navigate('/env/musterbau/other'));
    await screen.findByText('Andere Seite');
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(details()).toBe(3);
  });
});
