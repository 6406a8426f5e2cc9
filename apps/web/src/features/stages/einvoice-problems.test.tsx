import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ok, renderInEnvironment } from '../../engine/testing/record-test-env';
import { fakeFetch } from '../../test/fake-fetch';
import { ChangeStagePage } from './change-stage-page';

afterEach(() => vi.unstubAllGlobals());

const stages = [
  { key: 'draft', name: 'Entwurf', required: true },
  { key: 'sent', name: 'Festgeschrieben/versendet', editDisabled: true, export: 'invoice' },
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

const open = (data: Record<string, unknown>) => {
  vi.stubGlobal('fetch', fakeFetch({ '/api/dynamic-records/stages/details': ok(data) }).fn);
  return renderInEnvironment(
    [{ path: '/env/:env/dyn/:type/:id/:stage/change-stage', element: <ChangeStagePage /> }],
    '/env/acme/dyn/invoices/r1/sent/change-stage',
  );
};

describe('e-invoice terms on the change-stage confirmation (issue 15)', { timeout: 30_000 }, () => {
  test('lists every missing business term before the freeze', async () => {
    const problems = [
      'BT-49 Elektronische Adresse des Käufers – Feld „E-Mail“ des Kunden',
      'BT-84 IBAN – Bankverbindung in den Allgemeinen Einstellungen',
    ];
    open({ ...details, einvoiceProblems: problems });
    expect(await screen.findByText('E-Rechnung unvollständig')).toBeInTheDocument();
    expect(screen.getByText(/sie wird nur als PDF festgeschrieben/)).toBeInTheDocument();
    for (const p of problems) expect(screen.getByText(p)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Status ändern' })).toBeEnabled();
  });

  test('says nothing when the e-invoice is complete', async () => {
    open(details);
    expect(await screen.findByText('Status ändern: Festgeschrieben/versendet')).toBeInTheDocument();
    expect(screen.queryByText('E-Rechnung unvollständig')).not.toBeInTheDocument();
  });
});
