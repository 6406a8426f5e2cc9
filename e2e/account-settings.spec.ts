import { type Browser, expect, type Page, test } from '@playwright/test';
import { createUser, login, post } from './support/api';
import { baseUrl } from './support/run-state';
import { expectLoginFails, loginViaUi } from './support/ui';

/** A second device: its own browser context (own local storage), closed by the caller. */
const otherDevice = async (browser: Browser) => {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  return { context, page: await context.newPage() };
};

/** A device whose session ended: its next navigation inside the account area lands on the login. */
const expectLoggedOut = async (page: Page) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Einloggen' })).toBeVisible();
};

const profileValue = (page: Page, label: string) =>
  page.locator('dl > div', { has: page.locator('dt', { hasText: label }) }).locator('dd');

test.describe('account settings (spec 01 §2 /account/settings, change-pw)', () => {
  test('the general tab shows the profile; unavailable entries are disabled; unknown pages say so', async ({
    page,
  }) => {
    const user = await createUser('profile', { firstname: 'Greta', name: 'Gerber' });
    await loginViaUi(page, user.email, user.password);
    await page.getByRole('link', { name: 'Account-Einstellungen' }).click();
    await expect(page).toHaveURL(/\/account\/settings$/);
    await expect(page.getByRole('heading', { name: 'Einstellungen', exact: true })).toBeVisible();
    await expect(profileValue(page, 'Vorname')).toHaveText('Greta');
    await expect(profileValue(page, 'Nachname')).toHaveText('Gerber');
    await expect(profileValue(page, 'E-Mail')).toHaveText(user.email);
    await expect(profileValue(page, 'Passwort zuletzt geändert')).toHaveText('noch nie');
    for (const entry of ['Benachrichtigungen', 'API-Zugriff', 'Account löschen']) {
      await expect(page.getByRole('button', { name: new RegExp(entry) })).toBeDisabled();
    }
    await page.goto('/account/settings/gibt-es-nicht');
    await expect(page.getByText('Die aufgerufene Einstellungsseite existiert nicht.')).toBeVisible();
    await page.goto('/account/gibt-es-nicht');
    await expect(page.getByRole('heading', { name: '404 - Seite nicht gefunden' })).toBeVisible();
  });

  test('changing the password keeps this session, ends the others, and only the new password logs in', async ({
    page,
    browser,
  }) => {
    const user = await createUser('changepw');
    const newPassword = 'Anders-Geheim-99!';
    const second = await otherDevice(browser);
    try {
      await loginViaUi(second.page, user.email, user.password);
      await loginViaUi(page, user.email, user.password);

      await page.goto('/account/settings');
      await page.getByRole('link', { name: 'Passwort ändern' }).click();
      await expect(page).toHaveURL(/\/account\/settings\/change-pw$/);

      const current = page.getByLabel('Aktuelles Passwort');
      const fresh = page.getByLabel('Neues Passwort', { exact: true });
      const repeat = page.getByLabel('Neues Passwort wiederholen');
      const submit = page.getByRole('button', { name: 'Passwort ändern' });
      await expect(submit).toBeDisabled();

      await test.step('a wrong current password is refused under its field', async () => {
        await current.fill('nicht-das-passwort');
        await fresh.fill(newPassword);
        await repeat.fill(newPassword);
        await submit.click();
        await expect(page.getByText('Das aktuelle Passwort ist nicht korrekt.')).toBeVisible();
        await expect(current).toHaveAccessibleDescription(/Das aktuelle Passwort ist nicht korrekt/);
      });

      await test.step('the right one changes it', async () => {
        await current.fill(user.password);
        await submit.click();
        await expect(page.getByRole('status')).toContainText('Das Account-Passwort wurde erfolgreich zurückgesetzt');
        await expect(current).toHaveValue('');
        await expect(fresh).toHaveValue('');
      });

      await test.step('this session goes on and shows when the password was changed', async () => {
        await page.getByRole('link', { name: 'Allgemein' }).click();
        await expect(profileValue(page, 'Passwort zuletzt geändert')).not.toHaveText('noch nie');
        await page.reload();
        await expect(page.getByRole('heading', { name: 'Einstellungen', exact: true })).toBeVisible();
        await expect(profileValue(page, 'E-Mail')).toHaveText(user.email);
      });

      await test.step('the other device is logged out on its next navigation', async () => {
        await expectLoggedOut(second.page);
      });

      await test.step('the old password fails, the new one works', async () => {
        await expectLoginFails(second.page, user.email, user.password);
        await loginViaUi(second.page, user.email, newPassword);
      });
    } finally {
      await second.context.close();
    }
  });

  test("'Überall ausloggen' ends this session and every other one", async ({ page, browser }) => {
    const user = await createUser('logoutall');
    const second = await otherDevice(browser);
    try {
      await loginViaUi(second.page, user.email, user.password);
      await loginViaUi(page, user.email, user.password);
      const apiSession = await login(user.email, user.password); // a third device, through the API
      expect((await post('/api/users/me', {}, apiSession.token)).httpStatus).toBe(200);

      await page.goto('/account/settings');
      await page.getByRole('button', { name: 'Überall ausloggen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Überall ausloggen' });
      await expect(dialog).toContainText('Wollen Sie sich wirklich auf allen Geräten ausloggen?');
      await dialog.getByRole('button', { name: 'Überall ausloggen' }).click();

      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Einloggen' })).toBeVisible();
      await expectLoggedOut(page);

      await expectLoggedOut(second.page);
      expect((await post('/api/users/me', {}, apiSession.token)).httpStatus).toBe(401);

      // Logging in again works as usual.
      await loginViaUi(second.page, user.email, user.password);
    } finally {
      await second.context.close();
    }
  });
});
