import { expect, type Page } from '@playwright/test';
import type { UserSpec } from './api';

/** Fills the login form on / and waits for the environment selection on /account. */
export const loginViaUi = async (page: Page, email: string, password: string): Promise<void> => {
  await page.goto('/');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Firmenumgebung auswählen' })).toBeVisible();
};

/** The login form's failure alert (spec 01 §8). */
export const loginFailedText = 'Login fehlgeschlagen: Die angegebene Kombination aus E-Mail und Passwort ist ungültig';

/** Tries a login that must fail and checks the alert; the page stays on /. */
export const expectLoginFails = async (page: Page, email: string, password: string): Promise<void> => {
  await page.goto('/');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page.getByRole('alert')).toContainText(loginFailedText);
  await expect(page).toHaveURL(/\/$/);
};

/** An escaped string for use inside a RegExp. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Fills and sends the registration form on the current /register page; waits for the notice. */
export const registerViaUi = async (page: Page, user: UserSpec): Promise<void> => {
  await expect(page.getByRole('heading', { name: 'Account erstellen' })).toBeVisible();
  await page.getByLabel('Vorname').fill(user.firstname);
  await page.getByLabel('Nachname').fill(user.name);
  await page.getByLabel('E-Mail').fill(user.email);
  await page.getByLabel('Passwort', { exact: true }).fill(user.password);
  await page.getByLabel('Passwort wiederholen').fill(user.password);
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByRole('heading', { name: 'Bestätigungs-E-Mail gesendet' })).toBeVisible();
};

/** Logs in through the form and opens the environment; waits for its dashboard (formal German or English). */
export const openEnvironment = async (page: Page, user: UserSpec, envSlug: string): Promise<void> => {
  await loginViaUi(page, user.email, user.password);
  // Inside the app that just logged in: a second start of it would cost seconds on a busy machine.
  await navigateInApp(page, `/env/${envSlug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
};

/**
 * Goes to an address inside the single-page app as its own links do (history and the router's
 * popstate), without reloading it: a flow that visits a hundred screens pays the app's start once.
 */
export const navigateInApp = async (page: Page, url: string): Promise<void> => {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForURL((current) => `${current.pathname}${current.search}` === url);
};
