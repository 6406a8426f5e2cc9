import { expect, test } from '@playwright/test';
import { createUser, resetSubject } from './support/api';
import { linkIn, pathOf, waitForMail } from './support/mailbox';
import { shotAtBothWidths } from './support/shots';
import { expectLoginFails, loginViaUi } from './support/ui';

test.describe('password reset (spec 01 §2 forgot/reset password, §5)', () => {
  test('a mailed link sets a new password once; the old password stops working', async ({ page }) => {
    const user = await createUser('reset');
    const newPassword = 'Neu-Geheim-2024!';

    await test.step('ask for a reset link', async () => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
      await expect(page).toHaveURL(/\/forgot-pw$/);
      const email = page.getByLabel('E-Mail');
      const submit = page.getByRole('button', { name: 'Passwort zurücksetzen' });
      await expect(email).toHaveAttribute('type', 'email');
      await expect(submit).toBeDisabled();
      await email.fill(user.email);
      await submit.click();
      const notice = page.getByRole('status');
      await expect(notice).toContainText('Link zum Zurücksetzen');
      await expect(notice).toContainText(user.email);
    });

    const link = await test.step('the reset mail arrives', async () => {
      const mail = await waitForMail(user.email, { subject: resetSubject });
      const found = linkIn(mail);
      expect(pathOf(found)).toMatch(/^\/reset-pw\/[^/]+\/[^/]+$/);
      return found;
    });

    await test.step('the reset page shows the address read-only and guards the button', async () => {
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
      const email = page.getByLabel('E-Mail');
      await expect(email).toHaveValue(user.email);
      await expect(email).not.toBeEditable();

      const password = page.getByLabel('Neues Passwort', { exact: true });
      const repeat = page.getByLabel('Neues Passwort wiederholen');
      const submit = page.getByRole('button', { name: 'Passwort speichern' });
      await expect(submit).toBeDisabled();

      // One rule with the server (CLARIFICATIONS "Passwords"): 8 characters, none of the common ones.
      const tooShort = 'Das Passwort muss mindestens 8 Zeichen lang sein, damit es nicht leicht zu erraten ist.';
      await expect(submit).toHaveAccessibleDescription('Noch auszufüllen: Neues Passwort, Neues Passwort wiederholen');
      await password.fill('Abc!123');
      await repeat.fill('Abc!123');
      await expect(submit).toBeDisabled();
      await expect(password).toHaveAccessibleDescription(new RegExp(tooShort)); // named once the field is left
      await expect(submit).toHaveAccessibleDescription('Bitte korrigieren Sie zuerst „Neues Passwort“.');

      await password.fill('  abcdef  ');
      await repeat.fill('  abcdef  ');
      await expect(submit).toBeDisabled(); // spaces around it do not count

      await password.fill('Passwort123');
      await repeat.fill('Passwort123');
      await expect(submit).toBeDisabled();
      await expect(password).toHaveAccessibleDescription(/zu verbreitet/);
      await shotAtBothWidths(page, 'password-reset-common');

      await password.fill(newPassword);
      await repeat.fill(`${newPassword}x`);
      await expect(submit).toBeDisabled();
      await expect(repeat).toHaveAccessibleDescription('Die Passwörter stimmen nicht überein');
      await expect(submit).toHaveAccessibleDescription('Bitte korrigieren Sie zuerst „Neues Passwort wiederholen“.');

      await repeat.fill(newPassword);
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(page.getByRole('heading', { name: 'Password erfolgreich zurückgesetzt' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/');
    });

    await test.step('the used link is refused', async () => {
      await page.goto(link);
      const failure = page.getByRole('alert');
      await expect(failure.getByRole('heading', { name: 'Link kann nicht verwendet werden' })).toBeVisible();
      await expect(failure).toContainText(
        'Der Link zum Zurücksetzen ist ungültig, abgelaufen oder wurde bereits verwendet.',
      );
      await expect(page.getByLabel('Neues Passwort', { exact: true })).toHaveCount(0);
      await expect(failure.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute('href', '/forgot-pw');
    });

    await test.step('the old password fails, the new one logs in', async () => {
      await expectLoginFails(page, user.email, user.password);
      await loginViaUi(page, user.email, newPassword);
    });
  });
});
