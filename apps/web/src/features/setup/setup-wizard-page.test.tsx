import { setupInit, setupStep2, setupStep3 } from '@kontor/contract/api/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { resumeStep } from './setup.queries';
import { SetupWizardPage } from './setup-wizard-page';

const init = (completedSteps: number) => ({
  environment: {
    name: 'Holzbau Schreiner GmbH',
    url_slug: 'holzbau',
    default_dateformat: 'YYYY-MM-DD',
    default_currency: 'euro',
    default_language: 'de_sie',
  },
  defaultAddressInvoice: {
    invoice_name: completedSteps >= 2 ? 'Holzbau Schreiner GmbH' : '',
    invoice_addition: '',
    invoice_street: completedSteps >= 2 ? 'Sägewerkstraße' : '',
    invoice_housenumber: completedSteps >= 2 ? '12a' : '',
    invoice_zip: completedSteps >= 2 ? '79098' : '',
    invoice_city: completedSteps >= 2 ? 'Freiburg' : '',
    invoice_country: '',
  },
  defaultBankDetails: { name: '', bank: '', iban: '', bic: '' },
  completedSteps,
});

const renderWizard = (answers: Parameters<typeof fakeFetch>[0]) => {
  const fake = fakeFetch(answers);
  vi.stubGlobal('fetch', fake.fn);
  renderRoutes(
    [
      { path: '/create-environment/setup/:envKey', element: <SetupWizardPage /> },
      { path: '/env/:env', element: <p>Firmenumgebung geöffnet</p> },
    ],
    '/create-environment/setup/holzbau',
  );
  return fake.calls;
};

const field = (name: string) => screen.getByRole('textbox', { name });
// The wizard shows after its start delay (750 ms).
// A step's heading reads 'Schritt 1 Firmeninformationen erfassen' (spec 01 §2); the last one has no number.
const headingName = (title: string) => new RegExp(`^(Schritt \\d )?${title}$`);
const stepHeading = (title: string) =>
  screen.findByRole('heading', { name: headingName(title), level: 2 }, { timeout: 3000 });

afterEach(() => vi.unstubAllGlobals());

describe('resume step', () => {
  test.each([
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 3],
    [7, 3],
    [-1, 0],
  ])('after %i saved steps the wizard opens step index %i', (completed, step) => {
    expect(resumeStep(completed)).toBe(step);
  });
});

describe('setup wizard (spec 01 §2, §4)', { timeout: 20_000 }, () => {
  test('a fresh wizard starts at step 1 with the environment values', async () => {
    renderWizard({ [setupInit.path]: { body: { status: 'success', data: init(0) } } });
    expect(await stepHeading('Firmeninformationen erfassen')).toHaveAccessibleName(
      'Schritt 1 Firmeninformationen erfassen',
    );
    expect(screen.getByRole('list')).toHaveTextContent(/Schritt 1 Firmeninformationen erfassen/);
    expect(screen.getByRole('heading', { name: 'Firmenumgebung konfigurieren', level: 1 })).toBeInTheDocument();
    expect(field('Name der Firma')).toHaveValue('Holzbau Schreiner GmbH');
    expect(screen.getByRole('combobox', { name: 'Datumsformat' })).toHaveValue('YYYY-MM-DD');
    expect(screen.getByRole('progressbar', { name: 'Fortschritt der Konfiguration' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
  });

  test('a half-finished wizard resumes at the first unsaved step; saved steps can be opened again', async () => {
    renderWizard({ [setupInit.path]: { body: { status: 'success', data: init(2) } } });
    expect(await stepHeading('Bankverbindung')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Fortschritt der Konfiguration' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );

    const steps = screen.getByRole('list');
    expect(within(steps).queryByRole('button', { name: /Bankverbindung/ })).not.toBeInTheDocument();
    await userEvent.click(within(steps).getByRole('button', { name: /Rechnungsadresse/ }));
    expect(await stepHeading('Rechnungsadresse')).toBeInTheDocument();
    expect(field('Straße')).toHaveValue('Sägewerkstraße');
    expect(field('PLZ')).toHaveValue('79098');
  });

  test('a saved step is marked done and the wizard advances', async () => {
    const calls = renderWizard({
      [setupInit.path]: { body: { status: 'success', data: init(2) } },
      [setupStep3.path]: { body: { status: 'success' } },
    });
    await stepHeading('Bankverbindung');
    await userEvent.type(field('Kontoinhaber'), 'Holzbau Schreiner GmbH');
    await userEvent.type(field('IBAN'), 'DE89370400440532013000');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));

    expect(await stepHeading('Konfiguration abgeschlossen')).toBeInTheDocument();
    expect(calls.find((c) => c.path === setupStep3.path)?.body).toEqual({
      _env: 'holzbau',
      name: 'Holzbau Schreiner GmbH',
      bank: '',
      iban: 'DE89370400440532013000',
      bic: '',
    });
    expect(within(screen.getByRole('list')).getByRole('button', { name: /Bankverbindung/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Zur Firmenumgebung' }));
    expect(await screen.findByText('Firmenumgebung geöffnet', undefined, { timeout: 2000 })).toBeInTheDocument();
  });

  test('shows the server field errors under their fields and stays on the step', async () => {
    renderWizard({
      [setupInit.path]: { body: { status: 'success', data: init(1) } },
      [setupStep2.path]: {
        status: 400,
        body: {
          status: 'error',
          message: 'Bitte prüfen Sie die markierten Felder.',
          errors: { invoice_zip: ['Es muss eine gültige Postleitzahl angegeben werden'] },
        },
      },
    });
    await stepHeading('Rechnungsadresse');
    await userEvent.type(field('PLZ'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Es muss eine gültige Postleitzahl angegeben werden')).toBeInTheDocument();
    expect(screen.getByText('Bitte prüfen Sie die markierten Felder.')).toBeInTheDocument();
    expect(field('PLZ')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'Schritt 2 Rechnungsadresse', level: 2 })).toBeInTheDocument();
  });

  test('falls back to the spec message when saving fails without one', async () => {
    renderWizard({
      [setupInit.path]: { body: { status: 'success', data: init(1) } },
      [setupStep2.path]: { status: 500, body: { status: 'error' } },
    });
    await stepHeading('Rechnungsadresse');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Es ist ein unerwarteter Fehler beim Speichern aufgetreten.')).toBeInTheDocument();
  });

  test('says so when the wizard cannot be loaded', async () => {
    renderWizard({ [setupInit.path]: { status: 500, body: { status: 'error' } } });
    expect(await screen.findByText('Fehler beim Laden des Setup-Assistenten')).toBeInTheDocument();
    expect(screen.getByText('Bitte später erneut versuchen ...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeEnabled());
  });
});
