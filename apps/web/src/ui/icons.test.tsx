import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { renderRoutes } from '../test/render';
import { IconPickerModal } from './icon-picker';
import { AppIcon, appIconKeys } from './icons';

const required =
  'users address-book package file-description file-invoice briefcase tools-kitchen map-pin building-bank percentage door calendar-event calendar home dashboard settings files world forms help bell upload logout switch plus edit trash download external-link search chart-bar truck clock mail phone tag star folder receipt cash'.split(
    ' ',
  );

function Picker() {
  const [opened, setOpened] = useState(true);
  const [value, setValue] = useState<string | null>('users');
  return (
    <>
      <p>Gewählt: {value}</p>
      <IconPickerModal opened={opened} onClose={() => setOpened(false)} onPick={setValue} value={value} />
    </>
  );
}

describe('icon set (spec 01 §2, §8)', { timeout: 20_000 }, () => {
  test('holds every business key the menus and record types use', () => {
    for (const key of required) expect(appIconKeys).toContain(key);
  });

  test('shows "Unbekanntes Icon" for an unknown key', async () => {
    renderRoutes([{ path: '/', element: <AppIcon name="does-not-exist" /> }], '/');
    expect(await screen.findByRole('img', { name: 'Unbekanntes Icon' })).toBeInTheDocument();
  });

  test('the picker is titled "Icon auswählen", searches by German label and returns the key', async () => {
    renderRoutes([{ path: '/', element: <Picker /> }], '/');
    expect(await screen.findByRole('dialog', { name: 'Icon auswählen' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Icon suchen' }), 'rechnung');
    expect(screen.getByRole('button', { name: 'Rechnung' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Personen' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Gewählt: file-invoice')).toBeInTheDocument();
  });

  test('the picker works by keyboard: arrow down into the grid, arrows to move, Enter to pick', async () => {
    renderRoutes([{ path: '/', element: <Picker /> }], '/');
    const search = await screen.findByRole('textbox', { name: 'Icon suchen' });
    await userEvent.click(search);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Personen' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Person' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Gewählt: user')).toBeInTheDocument();
  });
});
