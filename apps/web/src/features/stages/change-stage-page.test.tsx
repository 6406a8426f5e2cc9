import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { failed, ok, renderInEnvironment } from '../../engine/testing/record-test-env';
import { fakeFetch } from '../../test/fake-fetch';
import { ChangeStagePage } from './change-stage-page';

afterEach(() => vi.unstubAllGlobals());

const stages = [
  { key: 'draft', name: 'Entwurf', required: true },
  {
    key: 'sent',
    name: 'Festgeschrieben/versendet',
    actionName: 'Rechnung festschreiben',
    editDisabled: true,
    export: 'invoice',
  },
];
const details = {
  stage: stages[1],
  currentStage: stages[0],
  stages,
  consequences: { editLock: true, freeze: true, cancellation: false },
  singular: 'Rechnung',
  plural: 'Rechnungen',
  label: '',
};

const routes = [
  { path: '/env/:env/dyn/:type/:id/:stage/change-stage', element: <ChangeStagePage /> },
  { path: '/env/:env/dyn/:type/:id/edit', element: <p>Formular</p> },
  { path: '/env/:env/dyn/:type', element: <p>Liste</p> },
];

const open = (answers: Parameters<typeof fakeFetch>[0]) => {
  const fake = fakeFetch(answers);
  vi.stubGlobal('fetch', fake.fn);
  return { ...renderInEnvironment(routes, '/env/acme/dyn/invoices/r1/sent/change-stage'), calls: fake.calls };
};

describe('the change-stage screen (spec 02 §4)', { timeout: 30_000 }, () => {
  test('confirms with the edit lock warning and the freeze notice, then shows the new number and links', async () => {
    const { calls } = open({
      '/api/dynamic-records/stages/details': ok(details),
      '/api/dynamic-records/stages/change': ok({
        stage: stages[1],
        frozen: { id: 'f1', number: 'RE-2026-0001', sha256: 'a'.repeat(64) },
        cancellation: null,
      }),
    });
    expect(await screen.findByText('Status ändern: Festgeschrieben/versendet')).toBeInTheDocument();
    expect(
      screen.getByText('Danach kann der Datensatz nicht mehr bearbeitet oder entfernt werden.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Das PDF wird einmalig erzeugt/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Status ändern' }));
    // The number sits in a span of its own (it must not break at its hyphens).
    expect(
      await screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === 'Vergebene Nummer: RE-2026-0001'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Liste' })).toHaveAttribute('href', '/env/acme/dyn/invoices');
    expect(screen.getByRole('link', { name: 'Zum Datensatz' })).toHaveAttribute(
      'href',
      '/env/acme/dyn/invoices/r1/edit',
    );
    expect(calls.find((c) => c.path.endsWith('/stages/change'))?.body).toMatchObject({
      _env: 'acme',
      type: 'invoices',
      id: 'r1',
      stage: 'sent',
    });
  });

  test('shows the spec heading and the server message when the check fails', async () => {
    open({
      '/api/dynamic-records/stages/details': failed(409, 'Der Datensatz befindet sich bereits in diesem Status.'),
    });
    expect(
      await screen.findByRole('heading', { name: 'Fehler beim Vorbereiten des Datensatzes', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Der Datensatz befindet sich bereits in diesem Status.')).toBeInTheDocument();
  });

  test('falls back to the catalogue text without a server message, and keeps a failed change on screen', async () => {
    open({ '/api/dynamic-records/stages/details': failed(500) });
    expect(
      await screen.findByText(
        'Es ist ein unerwarter Fehler beim Vorbereiten des Datensatzs zur Statusänderung aufgetreten.',
      ),
    ).toBeInTheDocument();
  });

  test('a failed change shows the catalogue message and stays on the confirmation', async () => {
    open({
      '/api/dynamic-records/stages/details': ok(details),
      '/api/dynamic-records/stages/change': failed(500),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Status ändern' }));
    expect(
      await screen.findByText('Es ist ein unerwarteter Fehler beim Ändern des Status aufgetreten ...'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Status ändern' })).toBeInTheDocument();
  });
});
