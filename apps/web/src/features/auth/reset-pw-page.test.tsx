import { forgotPwCheck, forgotPwReset } from '@kontor/contract/api/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
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
  if (repeat !== '') await u.type(screen.getByLabelText('Neues Passwort wiederholen'), repeat);
  return u;
};

const saveButton = () => screen.getByRole('button', { name: 'Passwort speichern' });

describe('reset password (spec 01 §5, with the one rule of CLARIFICATIONS "Passwords")', () => {
  test('checks the link first and shows the e-mail read-only', async () => {
    const f = await renderReset();
    expect(f.calls[0]).toMatchObject({ path: forgotPwCheck.path, body: { user: 'u1', hash: 'h4sh' } });
    const email = screen.getByLabelText('E-Mail');
    expect(email).toHaveValue('anna@example.com');
    expect(email).toHaveAttribute('readonly');
  });

  test('keeps the button disabled below 8 characters and says why', async () => {
    await renderReset();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Neues Passwort'), 'Abc!123');
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription('Noch auszufüllen: Neues Passwort wiederholen');
    await u.type(screen.getByLabelText('Neues Passwort wiederholen'), 'Abc!123');
    // Once the field is left the reason stands under it; the button points there instead of repeating it.
    const tooShort = 'Das Passwort muss mindestens 8 Zeichen lang sein, damit es nicht leicht zu erraten ist.';
    expect(screen.getByLabelText('Neues Passwort')).toHaveAccessibleDescription(expect.stringContaining(tooShort));
    expect(saveButton()).toHaveAccessibleDescription('Bitte korrigieren Sie zuerst „Neues Passwort“.');
  });

  test('names a common password under the field at once and keeps the button disabled', async () => {
    await renderReset();
    await fill('Passwort123', 'Passwort123');
    const message =
      'Dieses Passwort ist zu verbreitet: Angreifer probieren es als Erstes aus. Bitte wählen Sie ein anderes.';
    expect(await screen.findByLabelText('Neues Passwort')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription('Bitte korrigieren Sie zuerst „Neues Passwort“.');
  });

  test('the account address is no password either', async () => {
    await renderReset();
    await fill('anna@example.com', 'anna@example.com');
    expect(saveButton()).toBeDisabled();
  });

  test('says which fields are still empty', async () => {
    await renderReset();
    expect(saveButton()).toHaveAccessibleDescription('Noch auszufüllen: Neues Passwort, Neues Passwort wiederholen');
    await fill('Fenster&Tür7', '');
    expect(saveButton()).toHaveAccessibleDescription('Noch auszufüllen: Neues Passwort wiederholen');
  });

  test('keeps the button disabled while the repeat differs', async () => {
    await renderReset();
    await fill('Fenster&Tür7', 'Fenster&Tür8');
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription('Bitte korrigieren Sie zuerst „Neues Passwort wiederholen“.');
    expect(screen.getByLabelText('Neues Passwort wiederholen')).toHaveAccessibleDescription(
      'Die Passwörter stimmen nicht überein',
    );
  });

  test('ignores Enter while the passwords are too short', async () => {
    const f = await renderReset();
    const u = await fill('abcdefg', 'abcdefg');
    await u.type(screen.getByLabelText('Neues Passwort wiederholen'), '{Enter}');
    expect(f.calls.map((c) => c.path)).not.toContain(forgotPwReset.path);
  });

  test('saves a valid password and confirms it', async () => {
    const f = await renderReset();
    const u = await fill('Fenster&Tür7', 'Fenster&Tür7');
    expect(saveButton()).toBeEnabled();
    await u.click(saveButton());
    expect(await screen.findByText('Password erfolgreich zurückgesetzt')).toBeInTheDocument();
    expect(f.calls[1]).toMatchObject({
      path: forgotPwReset.path,
      body: { user: 'u1', hash: 'h4sh', password: 'Fenster&Tür7', password2: 'Fenster&Tür7' },
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
