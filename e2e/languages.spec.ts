import { expect, test } from '@playwright/test';
import { createEnvironment, createUser, saveSetupStep1, uniqueName } from './support/api';
import { loginViaUi } from './support/ui';

/**
 * The environment's language (spec 01 §3 setup options: de_sie, de_du, en; ARCHITECTURE "i18n"):
 * chosen in the wizard's step 1, it picks the catalog of the wizard's later steps, the server's
 * messages and the whole shell. The template's own menu entries are data and stay as they are.
 */
test.describe('languages of an environment (spec 01 §2 setup wizard step 1, environment shell)', () => {
  test("'Englisch' in the wizard's step 1 turns the wizard, its server messages and the shell into English", async ({
    page,
  }) => {
    const user = await createUser('lang-en', { firstname: 'Emma', name: 'Evans' });
    const env = await createEnvironment(user.token, uniqueName('Carpentry'), 'craftsman');
    await loginViaUi(page, user.email, user.password);

    await test.step('step 1 in formal German chooses English', async () => {
      await page.goto(`/create-environment/setup/${env.url_slug}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Firmenumgebung konfigurieren' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'Englisch' });
      await page.getByRole('button', { name: 'Weiter' }).click();
    });

    await test.step('from step 2 on the wizard speaks English, the server too', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Configure company environment' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Invoice address' })).toBeVisible();
      const zip = page.getByRole('textbox', { name: 'Postcode', exact: true });
      await zip.fill('12');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(zip).toHaveAccessibleDescription('Please enter a valid five-digit postcode');
    });

    await test.step('the shell: sidebar, help, notifications and user menu in English', async () => {
      await page.goto(`/env/${env.url_slug}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByText('Dashboards can be configured in the settings.')).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(nav.getByRole('link')).toHaveText([
        'Dashboard',
        'Kunden',
        'Ansprechpartner',
        'Angebote',
        'Rechnungen',
        'Eingangsrechnungen',
        'Artikel',
        'Forms',
        'File manager',
        'Settings',
      ]);
      await page.getByRole('button', { name: 'Help', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Help' })).toContainText('Help is on its way');
      await page.getByRole('button', { name: 'Notifications' }).click();
      await expect(page.getByText('There are no new notifications.')).toBeVisible();
      await page.getByRole('button', { name: 'Notifications' }).click();

      await page.getByRole('button', { name: 'User menu' }).click();
      await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
        'Switch company environment',
        'Account settings',
        'Log out',
      ]);
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      const dialog = page.getByRole('dialog', { name: 'Really log out?' });
      await expect(dialog).toContainText('You will be signed out of your account.');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);

      await page.goto(`/env/${env.url_slug}/gibt-es-nicht`);
      await expect(page.getByText('The page you requested does not exist in this company environment.')).toBeVisible();
    });
  });

  test("'de_du' (set through the API) speaks informally in the wizard and the shell", async ({ page }) => {
    const user = await createUser('lang-du');
    const env = await createEnvironment(user.token, uniqueName('Gärtnerei'), 'craftsman');
    await saveSetupStep1(user.token, env.url_slug, {
      name: env.name,
      default_dateformat: 'DD.MM.YYYY',
      default_currency: 'euro',
      default_language: 'de_du',
    });
    await loginViaUi(page, user.email, user.password);

    await page.goto(`/create-environment/setup/${env.url_slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Firmenumgebung einrichten' })).toBeVisible();
    await expect(page.getByText(`Richte „${env.name}“ in drei kurzen Schritten ein.`)).toBeVisible();

    await page.goto(`/env/${env.url_slug}`);
    await expect(page.getByText('Dashboards kannst du in den Einstellungen einrichten.')).toBeVisible();
    await page.getByRole('button', { name: 'Hilfe', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Hilfe' })).toContainText('Bis dahin erreichst du unseren Support');
    await page.getByRole('button', { name: 'Benachrichtigungen' }).click();
    await expect(page.getByText('Du hast keine neuen Benachrichtigungen.')).toBeVisible();
    await page.getByRole('button', { name: 'Benachrichtigungen' }).click();

    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
      'Firmenumgebung wechseln',
      'Account-Einstellungen',
      'Ausloggen',
    ]);
    await page.getByRole('menuitem', { name: 'Ausloggen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Willst du dich wirklich ausloggen?' });
    await expect(dialog).toContainText('Du wirst aus deinem Account abgemeldet.');
    await dialog.getByRole('button', { name: 'Ausloggen' }).click();
    await expect(page.getByRole('heading', { name: 'Einloggen' })).toBeVisible();
  });
});
