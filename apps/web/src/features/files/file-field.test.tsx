import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { field, renderForm } from '../../engine/testing/record-test-env';
import { fakeFetch } from '../../test/fake-fetch';
// The app's entry registers the file manager's renderers; so does this test.
import './files.engine';

const a = '0190a1b2-0000-7000-8000-00000000000a';
const gone = '0190a1b2-0000-7000-8000-0000000000ff';
const main = '0190a1b2-0000-7000-8000-000000000001';

const ok = (data: unknown) => ({ body: { status: 'success', data } });

const api = () =>
  fakeFetch({
    '/api/filemanager/preview-urls': ok({
      files: {
        [a]: {
          url: 'http://kontor.test/files/x?token=t',
          filename: 'Vertrag.pdf',
          type: 'application/pdf',
          size: 2048,
        },
      },
    }),
    '/api/filemanager/directory': ok({
      directory: { _id: main, name: 'Hauptverzeichnis', parent: null, system: false },
      path: [{ _id: main, name: 'Hauptverzeichnis' }],
      children: [
        {
          type: 'file',
          _id: a,
          name: 'Vertrag.pdf',
          size: 2048,
          mime: 'application/pdf',
          system: false,
          updated_at: '2026-11-24T08:00:00.000Z',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 200,
    }),
  });

afterEach(() => vi.unstubAllGlobals());

const attachments = field('attachments', 'files', 'Anhänge');

describe('files field with the file manager', () => {
  test('shows chosen files with name and size, a deleted one as removed', async () => {
    vi.stubGlobal('fetch', api().fn);
    renderForm({
      elements: [{ type: 'field', field: 'attachments' }],
      fields: { attachments },
      initial: { attachments: [a, gone] },
    });
    expect(await screen.findByRole('link', { name: 'Vertrag.pdf' })).toHaveAttribute(
      'href',
      'http://kontor.test/files/x?token=t',
    );
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    expect(screen.getByText('Datei wurde entfernt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '„Datei wurde entfernt“ entfernen' })).toBeInTheDocument();
  });

  test('the selector chooses a file; choosing it again asks first', async () => {
    vi.stubGlobal('fetch', api().fn);
    const onValues = vi.fn();
    renderForm({
      elements: [{ type: 'field', field: 'attachments' }],
      fields: { attachments },
      initial: { attachments: [a] },
      onValues,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Dateien hinzufügen' }));
    const picker = await screen.findByRole('dialog', { name: 'Dateien auswählen' });
    const row = (await within(picker).findByText('Vertrag.pdf')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Auswählen' }));
    const question = await screen.findByText('Diese Datei wurde bereits hinzugefügt. Trotzdem hinzufügen?');
    expect(question).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Trotzdem hinzufügen' }));
    await waitFor(() => expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ attachments: [a, a] })));
  });
});
