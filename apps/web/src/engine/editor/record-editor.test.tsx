import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { RecordEditPage } from '../../features/records/record-edit-page';
import { fakeFetch } from '../../test/fake-fetch';
import { alertBar } from '../../ui/alert-bar';
import { failed, invoiceForm, ok, renderInEnvironment } from '../testing/record-test-env';

afterEach(() => {
  vi.unstubAllGlobals();
  alertBar.clear();
});

const routes = [
  { path: '/env/:env/dyn/:type/:id/edit', element: <RecordEditPage /> },
  { path: '/env/:env/dyn/:type', element: <p>Liste der Rechnungen</p> },
];

const open = (answers: Parameters<typeof fakeFetch>[0], path = '/env/acme/dyn/invoices/r1/edit') => {
  const fake = fakeFetch({ '/api/dynamic-records/form': ok(invoiceForm()), ...answers });
  vi.stubGlobal('fetch', fake.fn);
  return { ...renderInEnvironment(routes, path), calls: fake.calls };
};

describe('the form screen (spec 01 §2, §4)', { timeout: 30_000 }, () => {
  test('shows server field errors under their fields and a warning icon on the position row', async () => {
    open({
      '/api/dynamic-records/save': failed(
        400,
        'Der Datensatz konnte nicht gespeichert werden. Bitte prüfen Sie die markierten Felder.',
        {
          number: ['Dieses Feld muss ausgefüllt werden'],
          'positions[1].title': ['Es dürfen maximal 500 Zeichen angegeben werden'],
        },
      ),
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText('Dieses Feld muss ausgefüllt werden')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Rechnungsnummer/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Bitte prüfen Sie die markierten Felder/)).toBeInTheDocument();
    const warning = screen.getByRole('img', { name: 'Position 2 enthält Fehler' });
    expect(warning).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Position 1 enthält Fehler' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Bezeichnung 2')).toHaveAttribute('aria-invalid', 'true');
  });

  test('sends all values with the version and reports success', async () => {
    const { calls } = open({
      '/api/dynamic-records/save': ok({ key: 'r1', version: 4 }, 'Der Datensatz wurde erfolgreich gespeichert.'),
    });
    const u = userEvent.setup();
    const number = await screen.findByLabelText(/^Rechnungsnummer/);
    await u.clear(number);
    await u.type(number, 'RE-2');
    await u.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(alertBar.get().map((a) => a.message)).toContain('Der Datensatz wurde erfolgreich gespeichert.'),
    );
    const sent = calls.find((c) => c.path === '/api/dynamic-records/save')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ _env: 'acme', type: 'invoices', id: 'r1', version: 3 });
    expect(sent.data).toMatchObject({ number: 'RE-2', positions: [{ title: 'Arbeitsstunde' }, { title: 'Anfahrt' }] });
    expect(sent.data).not.toHaveProperty('_id');
  });

  test('saves with Ctrl+S', async () => {
    const { calls } = open({ '/api/dynamic-records/save': ok({ key: 'r1', version: 4 }) });
    const number = await screen.findByLabelText(/^Rechnungsnummer/);
    const u = userEvent.setup();
    await u.click(number);
    await u.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/dynamic-records/save')).toBe(true));
  });

  test('saves with Enter in a field, as the settings do (issue 31 item 8)', async () => {
    const { calls } = open({ '/api/dynamic-records/save': ok({ key: 'r1', version: 4 }) });
    const number = await screen.findByLabelText(/^Rechnungsnummer/);
    const u = userEvent.setup();
    await u.clear(number);
    await u.type(number, 'RE-3{Enter}');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/dynamic-records/save')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/dynamic-records/save')?.body as { data: Record<string, unknown> };
    expect(sent.data).toMatchObject({ number: 'RE-3' });
  });

  test('moves to the new id after the first save', async () => {
    const { router } = open(
      {
        '/api/dynamic-records/form': ok(invoiceForm({ values: { number: '' }, version: null, stageActions: [] })),
        '/api/dynamic-records/save': ok({ key: 'r9', version: 1 }),
      },
      '/env/acme/dyn/invoices/new/edit',
    );
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/^Rechnungsnummer/), 'RE-9');
    expect(screen.queryByRole('button', { name: 'Entfernen' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/env/acme/dyn/invoices/r9/edit'));
  });

  test('says so when someone else saved meanwhile, with a way to reload', async () => {
    open({
      '/api/dynamic-records/save': failed(
        409,
        'Der Datensatz wurde zwischenzeitlich von jemand anderem geändert.',
        undefined,
        'stale_version',
      ),
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText('Der Datensatz wurde zwischenzeitlich von jemand anderem geändert.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeInTheDocument();
  });

  test('offers no reload for a conflict that is not a stale version', async () => {
    open({ '/api/dynamic-records/save': failed(409, 'Konflikt', undefined, 'conflict') });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Konflikt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Neu laden' })).not.toBeInTheDocument();
  });

  test('falls back to the spec message when a save fails without one', async () => {
    open({ '/api/dynamic-records/save': failed(500) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Es ist ein unerwarteter Fehler beim Speichern aufgetreten.')).toBeInTheDocument();
  });

  test('removes after confirmation and returns to the list', async () => {
    const { router, calls } = open({ '/api/dynamic-records/remove': ok(undefined, 'Der Datensatz wurde entfernt.') });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Entfernen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Wollen Sie diesen Datensatz wirklich entfernen?')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/env/acme/dyn/invoices'));
    expect(calls.find((c) => c.path === '/api/dynamic-records/remove')?.body).toMatchObject({
      type: 'invoices',
      id: 'r1',
    });
  });

  test('shows the removal failure', async () => {
    open({ '/api/dynamic-records/remove': failed(500) });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Entfernen' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Entfernen' }));
    expect(
      await screen.findByText('Es ist ein unerwarteter Fehler beim Entfernen des Datensatzes aufgetreten.'),
    ).toBeInTheDocument();
  });

  test('asks before leaving with unsaved changes', async () => {
    const { router } = open({});
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/^Rechnungsnummer/), 'X');
    await u.click(screen.getByRole('link', { name: 'Zurück' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/gehen verloren/)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Weiter bearbeiten' }));
    expect(router.state.location.pathname).toBe('/env/acme/dyn/invoices/r1/edit');
    await u.click(screen.getByRole('link', { name: 'Zurück' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verlassen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/env/acme/dyn/invoices'));
  });

  test('shows the load error and the unknown type', async () => {
    open({ '/api/dynamic-records/form': failed(404, 'Der Datensatz wurde nicht gefunden.') });
    expect(await screen.findByText('Formular konnte nicht geladen werden ...')).toBeInTheDocument();
  });

  test('an unknown record type is not found', async () => {
    open({}, '/env/acme/dyn/unicorns/new/edit');
    expect(await screen.findByText('Seite nicht gefunden ...')).toBeInTheDocument();
  });

  test('is read-only without save and remove when the record is', async () => {
    open({
      '/api/dynamic-records/form': ok(
        invoiceForm({ readOnly: true, stage: { key: 'sent', name: 'Versendet', editDisabled: true } }),
      ),
    });
    expect(
      await screen.findByText('Der Datensatz kann in diesem Status nicht mehr bearbeitet werden.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Rechnungsnummer/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Position hinzufügen' })).not.toBeInTheDocument();
  });
});
