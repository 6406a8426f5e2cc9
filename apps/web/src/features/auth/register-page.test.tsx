import { register } from '@kontor/contract/api/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { RegisterPage } from './register-page';

const renderRegister = (answer: Parameters<typeof fakeFetch>[0][string] = { body: { status: 'success' } }) => {
  const f = fakeFetch({ [register.path]: answer });
  vi.stubGlobal('fetch', f.fn);
  renderRoutes([{ path: '/register', element: <RegisterPage /> }], '/register');
  return f;
};

const submitButton = () => screen.getByRole('button', { name: 'Registrieren' });

/** Each field clicked and pasted into (typing every key made the file slow on a loaded machine). */
const fillAll = async (password = 'Fenster&Tür7', repeat = password) => {
  const u = userEvent.setup();
  const values: [string, string][] = [
    ['Vorname', 'Anna'],
    ['Nachname', 'Schmidt'],
    ['E-Mail', 'anna@example.com'],
    ['Passwort', password],
    ['Passwort wiederholen', repeat],
  ];
  for (const [label, value] of values) {
    await u.click(screen.getByLabelText(label));
    await u.paste(value);
  }
  return u;
};

describe('registration and the one password rule (issue 31 item 10)', () => {
  test('the hint names the rule of the server: 8 characters, no common password', () => {
    renderRegister();
    expect(screen.getByLabelText('Passwort')).toHaveAccessibleDescription(
      'Mindestens 8 Zeichen und kein verbreitetes Passwort; Buchstaben, Ziffern und Sonderzeichen werden empfohlen.',
    );
  });

  test('the disabled button says what is missing, then what is wrong', async () => {
    renderRegister();
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription(
      'Noch auszufüllen: Vorname, Nachname, E-Mail, Passwort, Passwort wiederholen',
    );
    await fillAll('kurz123');
    expect(submitButton()).toHaveAccessibleDescription('Bitte korrigieren Sie zuerst „Passwort“.');
  });

  test('a too short password is named under the field once the user leaves it, not while typing', async () => {
    renderRegister();
    const u = userEvent.setup();
    const password = screen.getByLabelText('Passwort');
    await u.type(password, 'kurz');
    expect(password).not.toHaveAccessibleDescription(/mindestens 8 Zeichen lang/);
    await u.click(screen.getByLabelText('Vorname'));
    expect(password).toHaveAccessibleDescription(/mindestens 8 Zeichen lang/);
  });

  test('a password that passes is sent, and the button has nothing to explain', async () => {
    const f = renderRegister();
    const u = await fillAll();
    expect(submitButton()).toBeEnabled();
    expect(submitButton()).not.toHaveAttribute('aria-describedby');
    await u.click(submitButton());
    expect(await screen.findByText('Bestätigungs-E-Mail gesendet')).toBeInTheDocument();
    expect(f.calls[0]).toMatchObject({
      path: register.path,
      body: { password: 'Fenster&Tür7', password2: 'Fenster&Tür7' },
    });
  });

  test('an error the server names in one field clears no other field', async () => {
    renderRegister({
      status: 400,
      body: { status: 'error', errors: { email: ['Es muss eine gültige E-Mail Adresse angegeben werden'] } },
    });
    const u = await fillAll();
    await u.click(submitButton());
    expect(await screen.findByText('Es muss eine gültige E-Mail Adresse angegeben werden')).toBeInTheDocument();
    expect(screen.getByLabelText('Passwort')).toHaveValue('Fenster&Tür7');
    expect(screen.getByLabelText('Passwort wiederholen')).toHaveValue('Fenster&Tür7');
    expect(screen.getByLabelText('Vorname')).toHaveValue('Anna');
  });
});
