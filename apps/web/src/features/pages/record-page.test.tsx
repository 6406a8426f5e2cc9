import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { failed, ok, renderInEnvironment } from '../../engine/testing/record-test-env';
import { fakeFetch } from '../../test/fake-fetch';
import { RecordPage } from './record-page';

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/env/:env/dyn/:type/:id/page/:page', element: <RecordPage /> }];
const open = (answers: Parameters<typeof fakeFetch>[0]) => {
  vi.stubGlobal('fetch', fakeFetch(answers).fn);
  return renderInEnvironment(routes, '/env/acme/dyn/invoices/r1/page/details');
};

const element = {
  _id: 'r1',
  type: 'invoices',
  singular: 'Rechnung',
  stage: { key: 'sent', name: 'Festgeschrieben/versendet' },
  stages: [{ key: 'sent', name: 'Festgeschrieben/versendet' }],
};

describe('detail pages (spec 02 §2.1)', { timeout: 30_000 }, () => {
  test('renders the definition through the renderer map, record data as text', async () => {
    open({
      '/api/dynamic-records/pages/details': ok({
        element,
        definition: {
          key: 'details',
          name: 'Details',
          elements: [
            { type: 'pageTitle', text: 'Rechnung RE-2026-0001', subtitle: 'Schäfer <b>Gärten</b>' },
            { type: 'dynrecordStageLabel' },
            {
              type: 'card',
              children: [
                { type: 'cardHeader', text: 'Positionen' },
                {
                  type: 'simpleTable',
                  source: 'positions',
                  columns: [{ label: 'Bezeichnung', value: '{{title}}' }],
                  rows: [['<img src=x onerror=alert(1)>']],
                },
              ],
            },
            { type: 'link', label: 'Bearbeiten', to: '/dyn/invoices/r1/edit' },
            { type: 'map', address: 'Königsallee 12a, 40212 Düsseldorf' },
          ],
        },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Rechnung RE-2026-0001' })).toBeInTheDocument();
    expect(screen.getByText('Schäfer <b>Gärten</b>')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('Festgeschrieben/versendet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', '/env/acme/dyn/invoices/r1/edit');
    expect(screen.getByRole('link', { name: /Königsallee/ }).getAttribute('href')).toContain('openstreetmap.org');
  });

  test('shows the spec message when the page cannot be loaded', async () => {
    open({ '/api/dynamic-records/pages/details': failed(500) });
    expect(await screen.findByText('Es ist ein Fehler aufgetreten.')).toBeInTheDocument();
  });
});
