import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { EnvironmentContext } from '../../environment/environment-context';
import { testEnvironmentState } from '../../test/environment-fixture';
import { renderRoutes } from '../../test/render';
import { uploadStore } from '../../ui/upload-store';
import { TopBar } from './top-bar';

const renderTopBar = () =>
  renderRoutes(
    [
      {
        path: '/env/:env/*',
        element: (
          <EnvironmentContext.Provider value={testEnvironmentState()}>
            <TopBar navOpened={false} onToggleNav={() => {}} helpOpened={false} onToggleHelp={() => {}} />
          </EnvironmentContext.Provider>
        ),
      },
    ],
    '/env/musterbau',
  );

const upload = (id: string, status: 'uploading' | 'failed', filename: string) => ({
  id,
  status,
  filename,
  filesize: 2048,
  file_id: null,
  file: null,
  upload_percent: 40,
});

afterEach(() => uploadStore.clear());

describe('top bar (spec 01 §2)', { timeout: 20_000 }, () => {
  test('links the logo to the dashboard and offers help and notifications', async () => {
    renderTopBar();
    // Named by its visible wordmark (what a voice user says), the destination as its description.
    const logo = await screen.findByRole('link', { name: 'Kontor' });
    expect(logo).toHaveAttribute('href', '/env/musterbau');
    expect(logo).toHaveAccessibleDescription('Zum Dashboard');
    expect(screen.getByRole('button', { name: 'Hilfe' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Benachrichtigungen' }));
    expect(await screen.findByText('Es gibt keine neuen Benachrichtigungen.')).toBeInTheDocument();
  });

  test('closes the notifications with Escape while the focus stays on their button', async () => {
    renderTopBar();
    const bell = await screen.findByRole('button', { name: 'Benachrichtigungen' });
    await userEvent.click(bell);
    expect(await screen.findByText('Es gibt keine neuen Benachrichtigungen.')).toBeInTheDocument();
    expect(bell).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Es gibt keine neuen Benachrichtigungen.')).not.toBeInTheDocument());
  });

  test('shows the upload list only while uploads exist, with a count and each status', async () => {
    renderTopBar();
    await screen.findByRole('link', { name: 'Kontor' });
    expect(screen.queryByRole('button', { name: /Uploads/ })).not.toBeInTheDocument();

    act(() => {
      uploadStore.add(upload('aaaaaaaaaa', 'uploading', 'plan.pdf'));
      uploadStore.add(upload('bbbbbbbbbb', 'failed', 'foto.jpg'));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Uploads (2)' }));
    expect(await screen.findByText('plan.pdf')).toBeInTheDocument();
    expect(screen.getByText('Wird hochgeladen (40 %)')).toBeInTheDocument();
    expect(screen.getByText('foto.jpg')).toBeInTheDocument();
    expect(screen.getByText('Fehlgeschlagen')).toBeInTheDocument();
  });

  test('a failed upload that may heal offers to try again and names the lost connection', async () => {
    const retry = vi.fn();
    renderTopBar();
    await screen.findByRole('link', { name: 'Kontor' });
    act(() => uploadStore.add({ ...upload('cccccccccc', 'failed', 'angebot.pdf'), error: null, retry }));
    await userEvent.click(await screen.findByRole('button', { name: 'Uploads (1)' }));
    expect(
      await screen.findByText('Die Verbindung ist abgebrochen, bevor die Datei vollständig hochgeladen war.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Erneut versuchen: angebot.pdf'));
    expect(retry).toHaveBeenCalledOnce();
  });
});
