import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
});
