import { forgotPwCheck, forgotPwReset } from '@kontor/contract/api/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { canSubmitReset, resetButtonEnabled } from './auth.queries';
import { ResetPwPage } from './reset-pw-page';

afterEach(() => vi.unstubAllGlobals());

const linkOk = { body: { status: 'success', data: { _id: 'u1', email: 'anna@example.com' } } };

const renderReset = async (reset = { body: { status: 'success' } }) => {
  const f = fakeFetch({ [forgotPwCheck.path]: linkOk, [forgotPwReset.path]: reset });
  vi.stubGlobal('fetch', f.fn);
  renderRoutes([{ path: '/reset-pw/:user/:hash', element: <ResetPwPage /> }], '/reset-pw/u1/h4sh');
  await screen.findByLabelText('Neues Passwort');
  return f;
};

const fill = async (password: string, repeat: string) => {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText('Neues Passwort'), password);
  await u.type(screen.getByLabelText('Neues Passwort wiederholen'), repeat);
  return u;
};

const saveButton = () => screen.getByRole('button', { name: 'Passwort speichern' });

describe('reset password rules (spec 01 §5)', () => {
  test('the submit check needs at least 4 characters and equal repeats', () => {
    expect(canSubmitReset('', '')).toBe(false);
    expect(canSubmitReset('abc', 'abc')).toBe(false);
    expect(canSubmitReset('abcd', 'abcd')).toBe(true);
    expect(canSubmitReset('abcd', 'abce')).toBe(false);
  });

  test('the button needs 5 trimmed characters and equal repeats', () => {
    expect(resetButtonEnabled('abcd', 'abcd')).toBe(false);
    expect(resetButtonEnabled('abcde', 'abcde')).toBe(true);
    expect(resetButtonEnabled('  abc  ', '  abc  ')).toBe(false);
    expect(resetButtonEnabled('abcde', 'abcdf')).toBe(false);
  });

  test('checks the link first and shows the e-mail read-only', async () => {
    const f = await renderReset();
    expect(f.calls[0]).toMatchObject({ path: forgotPwCheck.path, body: { user: 'u1', hash: 'h4sh' } });
    const email = screen.getByLabelText('E-Mail');
    expect(email).toHaveValue('anna@example.com');
    expect(email).toHaveAttribute('readonly');
  });

  test('keeps the button disabled below 5 characters', async () => {
    await renderReset();
    await fill('abcd', 'abcd');
    expect(saveButton()).toBeDisabled();
  });

  test('keeps the button disabled while the repeat differs', async () => {
    await renderReset();
    await fill('abcdef', 'abcdeg');
    expect(saveButton()).toBeDisabled();
    expect(screen.getByText('Die Passwörter stimmen nicht überein')).toBeInTheDocument();
  });

  test('ignores Enter while the passwords are too short', async () => {
    const f = await renderReset();
    const u = await fill('abc', 'abc');
    await u.type(screen.getByLabelText('Neues Passwort wiederholen'), '{Enter}');
    expect(f.calls.map((c) => c.path)).not.toContain(forgotPwReset.path);
  });

  test('saves a valid password and confirms it', async () => {
    const f = await renderReset();
    const u = await fill('geheim1', 'geheim1');
    expect(saveButton()).toBeEnabled();
    await u.click(saveButton());
    expect(await screen.findByText('Password erfolgreich zurückgesetzt')).toBeInTheDocument();
    expect(f.calls[1]).toMatchObject({
      path: forgotPwReset.path,
      body: { user: 'u1', hash: 'h4sh', password: 'geheim1', password2: 'geheim1' },
    });
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/');
  });

  test('shows the server message for an invalid link', async () => {
    const body = { status: 'error', message: 'Der Link ist abgelaufen.' };
    vi.stubGlobal('fetch', fakeFetch({ [forgotPwCheck.path]: { status: 400, body } }).fn);
    renderRoutes([{ path: '/reset-pw/:user/:hash', element: <ResetPwPage /> }], '/reset-pw/u1/bad');
    expect(await screen.findByText('Der Link ist abgelaufen.')).toBeInTheDocument();
  });
});
