import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { theme } from '../app/theme';
import { I18nProvider } from '../i18n/i18n';
import '../test/render';
import { FormModal, ModalForm } from './form-modal';

const renderModal = (props: { onSubmit: () => void; onCancel: () => void; onClose: () => void; locked?: boolean }) =>
  render(
    <MantineProvider theme={theme}>
      <I18nProvider language="de_sie">
        <FormModal opened onClose={props.onClose} title="Neue Liste">
          <ModalForm
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              props.onSubmit();
            }}
            onCancel={props.onCancel}
            submitLabel="Übernehmen"
            submitProps={{ disabled: props.locked }}
          >
            <TextInput label="Name der Liste" required />
          </ModalForm>
        </FormModal>
      </I18nProvider>
    </MantineProvider>,
  );

describe('the form in a dialog', { timeout: 20_000 }, () => {
  test('a named close button, cancel and submit; the browser does not block an empty required field', async () => {
    const calls = { onSubmit: vi.fn(), onCancel: vi.fn(), onClose: vi.fn() };
    renderModal(calls);
    const dialog = await screen.findByRole('dialog', { name: 'Neue Liste' });
    expect(dialog).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(calls.onSubmit).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(calls.onCancel).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(calls.onClose).toHaveBeenCalledOnce();
  });

  test('the submit button takes its state from the caller', async () => {
    const calls = { onSubmit: vi.fn(), onCancel: vi.fn(), onClose: vi.fn() };
    renderModal({ ...calls, locked: true });
    expect(await screen.findByRole('button', { name: 'Übernehmen' })).toBeDisabled();
  });
});
