import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { AlertBar, alertBar } from './alert-bar';

afterEach(() => {
  alertBar.clear();
  vi.useRealTimers();
});

describe('alert bar', { timeout: 20_000 }, () => {
  test('shows pushed alerts until dismissed', async () => {
    renderRoutes([{ path: '/', element: <AlertBar /> }], '/');
    act(() => {
      alertBar.push({ kind: 'danger', message: 'Speichern fehlgeschlagen' });
      alertBar.push({ kind: 'info', message: 'Hinweis' });
    });
    expect(await screen.findByText('Speichern fehlgeschlagen')).toBeInTheDocument();
    expect(screen.getByText('Hinweis')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Hinweis schließen' })[0] as HTMLElement);
    expect(screen.queryByText('Speichern fehlgeschlagen')).not.toBeInTheDocument();
    expect(screen.getByText('Hinweis')).toBeInTheDocument();
  });

  test('replaces an alert pushed again under the same id', () => {
    alertBar.push({ id: 'x', kind: 'warning', message: 'eins' });
    alertBar.push({ id: 'x', kind: 'warning', message: 'zwei' });
    expect(alertBar.get().map((a) => a.message)).toEqual(['zwei']);
  });

  test('lets success messages fade by themselves, others stay', () => {
    vi.useFakeTimers();
    alertBar.push({ kind: 'success', message: 'Gespeichert' });
    alertBar.push({ kind: 'warning', message: 'Achtung' });
    vi.advanceTimersByTime(10_000);
    expect(alertBar.get().map((a) => a.message)).toEqual(['Achtung']);
  });

  test('a success message stays on its page; a warning follows the user (issue 31 item 9)', async () => {
    const Page = ({ to }: { to: string }) => (
      <>
        <AlertBar />
        <Link to={to}>weiter</Link>
      </>
    );
    renderRoutes(
      [
        { path: '/a', element: <Page to="/b" /> },
        { path: '/b', element: <Page to="/c" /> },
        { path: '/c', element: <Page to="/a" /> },
      ],
      '/a',
    );
    await screen.findByRole('link', { name: 'weiter' });
    act(() => {
      alertBar.push({ kind: 'success', message: 'Gespeichert' });
      alertBar.push({ kind: 'warning', message: 'Achtung' });
      // Made for the page the save leads to, like a new record's edit page.
      alertBar.push({ kind: 'success', message: 'Angelegt', page: '/b' });
    });
    expect(screen.getByText('Gespeichert')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'weiter' }));
    expect(await screen.findByText('Angelegt')).toBeInTheDocument();
    expect(screen.queryByText('Gespeichert')).not.toBeInTheDocument();
    expect(screen.getByText('Achtung')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'weiter' }));
    await screen.findByText('Achtung');
    expect(screen.queryByText('Angelegt')).not.toBeInTheDocument();
  });
});
