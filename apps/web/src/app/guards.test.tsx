import { act, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { session } from '../api/session';
import { renderRoutes } from '../test/render';
import { testUser } from '../test/session-user';
import { PublicOnly, RequireSession } from './guards';

const user = testUser();

const routes = [
  { element: <PublicOnly />, children: [{ path: '/', element: <p>Login</p> }] },
  { element: <RequireSession />, children: [{ path: '/account', element: <p>Account</p> }] },
];

describe('route guards (spec 01 §2)', () => {
  test('send a logged-out visitor of /account to the start page', async () => {
    const { router } = renderRoutes(routes, '/account');
    expect(await screen.findByText('Login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  test('send a logged-in visitor of a public page to /account', async () => {
    session.start('tok', user);
    const { router } = renderRoutes(routes, '/');
    expect(await screen.findByText('Account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });

  test('leave the account area the moment the session ends', async () => {
    session.start('tok', user);
    renderRoutes(routes, '/account');
    await screen.findByText('Account');
    act(() => session.clear());
    expect(await screen.findByText('Login')).toBeInTheDocument();
  });
});
