import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { testEnvironmentState } from '../test/environment-fixture';
import { renderRoutes } from '../test/render';
import { EnvironmentContext } from './environment-context';
import { useFormat } from './use-format';

function Sample() {
  const f = useFormat();
  return <p>{[f.money(123450), f.date('2024-05-01'), f.dateTime('2024-05-01T14:30'), f.number(1234.5)].join(' | ')}</p>;
}

const renderSample = (overrides: Parameters<typeof testEnvironmentState>[0]) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <EnvironmentContext.Provider value={testEnvironmentState(overrides)}>
            <Sample />
          </EnvironmentContext.Provider>
        ),
      },
    ],
    '/',
  );

describe('useFormat', { timeout: 20_000 }, () => {
  test('formats by the environment: euro and German dates', async () => {
    renderSample({ default_currency: 'euro', default_dateformat: 'DD.MM.YYYY', default_language: 'de_sie' });
    expect((await screen.findByText(/01\.05\.2024 14:30/)).textContent).toBe(
      '1.234,50\u00a0€ | 01.05.2024 | 01.05.2024 14:30 | 1.234,50',
    );
  });

  test('formats by the environment: US dollar in English with ISO dates', async () => {
    renderSample({ default_currency: 'us_dollar', default_dateformat: 'YYYY-MM-DD', default_language: 'en' });
    expect((await screen.findByText(/2024-05-01 14:30/)).textContent).toBe(
      'US$1,234.50 | 2024-05-01 | 2024-05-01 14:30 | 1.234,50',
    );
  });
});
