import { login } from '@kontor/contract/api/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { session } from '../../api/session';
import { fakeFetch } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { testUser } from '../../test/session-user';
import { LoginPage } from './login-page';

const user = testUser();

const renderLogin = () =>
  renderRoutes(
    [
      { path: '/', element: <LoginPage /> },
      { path: '/account', element: <p>Account-Bereich</p> },
    ],
    '/',
  );

const submitButton = () => screen.getByRole('button', { name: 'Einloggen' });

afterEach(() => vi.unstubAllGlobals());

describe('login button rules (spec 01 §5)', () => {
  test('is disabled while either field is empty', async () => {
    renderLogin();
    const u = userEvent.setup();
    expect(submitButton()).toBeDisabled();
    await u.type(screen.getByLabelText('E-Mail'), 'anna@example.com');
    expect(submitButton()).toBeDisabled();
    await u.type(screen.getByLabelText('Passwort'), 'geheim');
    expect(submitButton()).toBeEnabled();
  });

  test('is disabled while a field holds only whitespace', async () => {
    renderLogin();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('E-Mail'), '   ');
    await u.type(screen.getByLabelText('Passwort'), 'geheim');
    expect(submitButton()).toBeDisabled();
  });

  test('uses an e-mail input', () => {
    renderLogin();
    expect(screen.getByLabelText('E-Mail')).toHaveAttribute('type', 'email');
  });

  test('shows the fallback message and clears the password when the login fails', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [login.path]: { status: 400, body: { status: 'error' } } }).fn);
    renderLogin();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('E-Mail'), 'anna@example.com');
    await u.type(screen.getByLabelText('Passwort'), 'falsch{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login fehlgeschlagen: Die angegebene Kombination aus E-Mail und Passwort ist ungültig',
    );
    expect(screen.getByLabelText('Passwort')).toHaveValue('');
    expect(screen.getByLabelText('E-Mail')).toHaveValue('anna@example.com');
  });

  test('prefers the server message over the fallback', async () => {
    const body = { status: 'error', message: 'Ihr Account ist noch nicht aktiviert.' };
    vi.stubGlobal('fetch', fakeFetch({ [login.path]: { status: 403, body } }).fn);
    renderLogin();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('E-Mail'), 'anna@example.com');
    await u.type(screen.getByLabelText('Passwort'), 'geheim{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ihr Account ist noch nicht aktiviert.');
  });

  test('stores the session and goes to /account on success', async () => {
    const f = fakeFetch({ [login.path]: { body: { status: 'success', token: 'tok-1', user } } });
    vi.stubGlobal('fetch', f.fn);
    const { router } = renderLogin();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('E-Mail'), '  anna@example.com ');
    await u.type(screen.getByLabelText('Passwort'), 'geheim');
    await u.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(session.isLoggedIn()).toBe(true);
    expect(f.calls[0]?.body).toEqual({ email: 'anna@example.com', password: 'geheim' });
  });
});
