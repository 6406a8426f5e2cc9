import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/api';
import { testEnvironmentState } from '../../test/environment-fixture';
import { renderWithEnvironment } from '../../test/render-in-environment';
import { NoAccessGate } from './no-access-gate';

/** A screen whose main query fails as the server answered. */
function Screen({ error }: { error: ApiError }) {
  const query = useQuery({
    queryKey: ['env', 'musterbau', 'probe', error.status],
    queryFn: async (): Promise<string> => {
      throw error;
    },
  });
  return query.isError ? <p role="alert">{error.message}</p> : <p>lädt …</p>;
}

const renderAt = (error: ApiError) =>
  renderWithEnvironment(
    [
      {
        path: '/env/:env',
        element: <NoAccessGate />,
        children: [{ path: 'probe', element: <Screen error={error} /> }],
      },
    ],
    '/env/musterbau/probe',
    testEnvironmentState(),
  );

describe('a screen the role does not allow (issue 29 item 4)', () => {
  test("a 'forbidden' answer shows the calm German no-access page with the way back", async () => {
    renderAt(new ApiError(403, 'Dafür fehlen Ihnen die Rechte.', undefined, 'forbidden'));
    expect(await screen.findByRole('heading', { name: 'Kein Zugriff' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Ihre Rolle erlaubt diesen Bereich nicht. Wenden Sie sich an einen Inhaber oder Administrator dieser Umgebung.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Dashboard' })).toHaveAttribute('href', '/env/musterbau');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('other failures stay the screen’s own message', async () => {
    renderAt(new ApiError(404, 'Nicht gefunden.', undefined, 'not_found'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nicht gefunden.');
    expect(screen.queryByRole('heading', { name: 'Kein Zugriff' })).not.toBeInTheDocument();
  });
});
