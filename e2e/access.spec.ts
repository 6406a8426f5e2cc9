import { expect, test } from '@playwright/test';
import { activationSubject, createUser, newUserSpec, uniqueName } from './support/api';
import { linkIn, pathOf, waitForMail } from './support/mailbox';
import { shotAtBothWidths } from './support/shots';
import { escapeRegExp, expectLoginFails, loginViaUi } from './support/ui';

test.describe('access (spec 01 §2 public routes, login, logout, registration, activation)', () => {
  test('a new user registers, activates by mail, creates an environment and logs out again', async ({ page }) => {
    const user = newUserSpec('access');

    await test.step('register through the form', async () => {
      await page.goto('/');
      await page.getByRole('link', { name: /registrieren/i }).click();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByRole('heading', { name: 'Account erstellen' })).toBeVisible();
      const submit = page.getByRole('button', { name: 'Registrieren' });
      await page.getByLabel('Vorname').fill(user.firstname);
      await page.getByLabel('Nachname').fill(user.name);
      await page.getByLabel('E-Mail').fill(user.email);
      await page.getByLabel('Passwort', { exact: true }).fill(user.password);
      await expect(submit).toBeDisabled(); // spec 01 §5: disabled while any field is empty
      await expect(submit).toHaveAccessibleDescription('Noch auszufüllen: Passwort wiederholen');
      await page.getByLabel('Passwort wiederholen').fill(`${user.password}x`);
      await expect(submit).toHaveAccessibleDescription('Bitte korrigieren Sie zuerst „Passwort wiederholen“.');
      await shotAtBothWidths(page, 'register-blocked');
      await page.getByLabel('Passwort wiederholen').fill(user.password);
      await expect(submit).toBeEnabled();
      await submit.click();
      const notice = page.getByRole('status');
      await expect(notice.getByRole('heading', { name: 'Bestätigungs-E-Mail gesendet' })).toBeVisible();
      await expect(notice).toContainText('Bestätigungs-E-Mail gesendet');
      await expect(notice.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/');
    });

    const activationLink = await test.step('the activation mail arrives over SMTP', async () => {
      const mail = await waitForMail(user.email, { subject: activationSubject });
      // An unconfirmed address is greeted without the name the registrant typed (security issue #7).
      expect(mail.text).toMatch(/^Guten Tag,/);
      expect(mail.text).not.toContain(user.firstname);
      const link = linkIn(mail);
      expect(pathOf(link)).toMatch(/^\/activate\/[^/]+\/[^/]+$/);
      return link;
    });

    await test.step('its link activates the account', async () => {
      await page.goto(activationLink);
      // The call is delayed by 1 s (spec 01 §4), so the loading state is shown first.
      await expect(page.getByRole('heading', { name: 'Account wird aktiviert ...' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Account erfolgreich aktiviert' })).toBeVisible();
      await page.getByRole('link', { name: 'Zum Login' }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    await test.step('login leads to the environment selection', async () => {
      await page.getByLabel('E-Mail').fill(user.email);
      await page.getByLabel('Passwort', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Einloggen' }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('heading', { name: 'Firmenumgebung auswählen' })).toBeVisible();
      await expect(page.getByText('Noch keine Firmenumgebung')).toBeVisible();
    });

    const envName = uniqueName('Tischlerei Probst');
    const slug = await test.step('create an environment with a template', async () => {
      await page.getByRole('link', { name: 'Neue Firmenumgebung erstellen' }).click();
      await expect(page).toHaveURL(/\/account\/create-environment$/);
      const submit = page.getByRole('button', { name: 'Firmenumgebung erstellen', exact: true });
      await page.getByLabel('Name der Firmenumgebung').fill(envName);
      await expect(submit).toBeDisabled(); // no template chosen yet
      const template = page.getByRole('radio', { name: /Handwerksbetrieb/ });
      await template.click();
      await expect(template).toBeChecked();
      await expect(submit).toBeEnabled();
      const created = page.waitForResponse((r) => r.url().endsWith('/api/environments/create'));
      await submit.click();
      const body = (await (await created).json()) as { data: { environment: { url_slug: string; name: string } } };
      expect(body.data.environment.name).toBe(envName);
      return body.data.environment.url_slug;
    });

    await test.step('the confirmation offers configuring or skipping; skip goes to the environment', async () => {
      await expect(page.getByRole('heading', { name: 'Firmenumgebung erstellt' })).toBeVisible();
      await expect(page.getByText(envName)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Jetzt konfigurieren' })).toHaveAttribute(
        'href',
        `/create-environment/setup/${slug}`,
      );
      await page.getByRole('link', { name: 'Überspringen' }).click();
      await expect(page).toHaveURL(new RegExp(`/env/${escapeRegExp(slug)}$`));
      await expect(page.getByRole('heading', { name: '404 - Seite nicht gefunden' })).toHaveCount(0);
    });

    await test.step('log out through /logout', async () => {
      await page.goto('/logout');
      await expect(page.getByRole('heading', { name: 'Wollen Sie sich wirklich ausloggen?' })).toBeVisible();
      const started = Date.now();
      await page.getByRole('button', { name: 'Ja, ausloggen' }).click();
      await expect(page).toHaveURL(/\/$/);
      // Spec 01 §2/§9: the redirect follows 1.5 s after the confirmation.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_300);
      await expect(page.getByRole('button', { name: 'Einloggen' })).toBeVisible();
    });

    await test.step('afterwards /account sends the visitor to /', async () => {
      await page.goto('/account');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Einloggen' })).toBeVisible();
    });
  });

  test('a wrong password shows the login failure and clears the password', async ({ page }) => {
    const user = await createUser('wrongpw');
    await expectLoginFails(page, user.email, `${user.password}-falsch`);
    await expect(page.getByLabel('Passwort', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('E-Mail')).toHaveValue(user.email);
  });

  test('the login button stays disabled while a field is blank', async ({ page }) => {
    await page.goto('/');
    const submit = page.getByRole('button', { name: 'Einloggen' });
    const email = page.getByLabel('E-Mail');
    const password = page.getByLabel('Passwort', { exact: true });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(submit).toBeDisabled();
    await email.fill('jemand@example.com');
    await expect(submit).toBeDisabled();
    await password.fill('   ');
    await expect(submit).toBeDisabled(); // whitespace only counts as blank
    await password.fill('geheim');
    await expect(submit).toBeEnabled();
    await email.fill('');
    await expect(submit).toBeDisabled();
  });

  test('a logged-in visitor of the public pages goes to /account; cancelling the logout stays logged in', async ({
    page,
  }) => {
    const user = await createUser('loggedin');
    await loginViaUi(page, user.email, user.password);

    for (const publicPath of ['/', '/register', '/forgot-pw']) {
      await page.goto(publicPath);
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('heading', { name: 'Firmenumgebung auswählen' })).toBeVisible();
    }

    await page.goto('/logout');
    await expect(page.getByRole('heading', { name: 'Wollen Sie sich wirklich ausloggen?' })).toBeVisible();
    await page.getByRole('link', { name: 'Abbrechen' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Firmenumgebung auswählen' })).toBeVisible();
  });

  test('an unknown path shows the 404 page with a link to the start page', async ({ page }) => {
    await page.goto('/diese-seite-gibt-es-nicht');
    await expect(page.getByRole('heading', { name: '404 - Seite nicht gefunden' })).toBeVisible();
    await expect(page.getByText('Die von Ihnen aufgerufene Seite existiert nicht')).toBeVisible();
    // The layout's logo links to the start page too; the 404 content has its own button-link.
    await page.getByRole('main').getByRole('link', { name: 'Zur Startseite' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Einloggen' })).toBeVisible();
  });
});
