import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { theme } from '../app/theme';
import { I18nProvider } from '../i18n/i18n';
import '../test/render';
import { useDialogs } from './confirm';

function Asker() {
  const dialogs = useDialogs();
  const [answer, setAnswer] = useState('–');
  return (
    <>
      <button type="button" onClick={async () => setAnswer(String(await dialogs.confirm({ title: 'Wirklich?' })))}>
        fragen
      </button>
      <button
        type="button"
        onClick={async () => setAnswer(String(await dialogs.prompt({ title: 'Neuer Ordner', label: 'Name' })))}
      >
        eingeben
      </button>
      <p>Antwort: {answer}</p>
    </>
  );
}

const renderAsker = () =>
  render(
    <MantineProvider theme={theme}>
      <I18nProvider language="de_sie">
        <ModalsProvider>
          <Asker />
        </ModalsProvider>
      </I18nProvider>
    </MantineProvider>,
  );

describe('dialogs', { timeout: 20_000 }, () => {
  test('confirm resolves true on OK and false on cancel', async () => {
    renderAsker();
    await userEvent.click(screen.getByRole('button', { name: 'fragen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Antwort: true')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'fragen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Abbrechen' }));
    expect(await screen.findByText('Antwort: false')).toBeInTheDocument();
  });

  test('prompt ignores blank input and resolves the trimmed text', async () => {
    renderAsker();
    await userEvent.click(screen.getByRole('button', { name: 'eingeben' }));
    const input = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.type(input, '   ');
    expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(screen.getByText('Antwort: –')).toBeInTheDocument();
    await userEvent.type(input, ' Pläne ');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Antwort: Pläne')).toBeInTheDocument();
  });
});
