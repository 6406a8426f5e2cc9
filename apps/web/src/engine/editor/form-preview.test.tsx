import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { field, renderInEnvironment } from '../testing/record-test-env';
import { FormPreview } from './form-preview';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fields = [
  field('kennzeichen', 'string', 'Kennzeichen', { validation: { required: true, maxLength: 10 } }),
  field('belege', 'files', 'Belege'),
  field('notiz', 'text', 'Notiz'),
];

describe('FormPreview (the form builder live preview)', () => {
  test('renders the elements through the form engine, takes input locally and calls nothing', async () => {
    const fake = fakeFetch({});
    vi.stubGlobal('fetch', fake.fn);
    renderInEnvironment(
      [
        {
          path: '/',
          element: (
            <FormPreview
              elements={[
                { type: 'card', headerTitle: 'Fahrzeug', children: [{ type: 'field', field: 'kennzeichen' }] },
                { type: 'field', field: 'notiz' },
                { type: 'field', field: 'belege' },
              ]}
              fields={fields}
            />
          ),
        },
      ],
      '/',
    );
    expect(await screen.findByText('Fahrzeug')).toBeInTheDocument();
    const plate = screen.getByRole('textbox', { name: /Kennzeichen/ });
    await userEvent.type(plate, 'B-KT 42');
    expect(plate).toHaveValue('B-KT 42');
    await userEvent.type(screen.getByRole('textbox', { name: 'Notiz' }), 'Probe');
    expect(screen.getByRole('textbox', { name: 'Notiz' })).toHaveValue('Probe');
    // A files field would upload or link files: in the preview it is shown read-only.
    expect(screen.getByText('Belege')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Datei-ID' })).not.toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });

  test('a field the form names but the structure lacks says so instead of breaking', async () => {
    renderInEnvironment(
      [{ path: '/', element: <FormPreview elements={[{ type: 'field', field: 'fehlt' }]} fields={fields} /> }],
      '/',
    );
    expect(await screen.findByText(/fehlt/)).toBeInTheDocument();
  });
});
