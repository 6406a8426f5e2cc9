import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createUser } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';

const shots = process.env.SHOTS_DIR ?? path.join(import.meta.dirname, 'test-results', 'bundle');

test.describe('lazy screens (issue 16)', () => {
  test('a screen whose code cannot be fetched (after a deploy) offers a reload, in German', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Einloggen' })).toBeVisible();
    // The registration's chunk is gone, as after a deploy that renamed every chunk.
    await page.route(/\/assets\/register-page-[\w-]+\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'Noch keinen Account? Jetzt registrieren' }).click();
    await expect(page.getByRole('heading', { name: 'Kontor wurde aktualisiert' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Bitte laden Sie die Seite neu.');
    await expectNoSeriousA11yViolations(page, 'the reload offer');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: path.join(shots, `chunk-error-${width}.png`), fullPage: true });
    }
    // The reload fetches the page afresh; with the chunk back the screen shows.
    await page.unroute(/\/assets\/register-page-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Seite neu laden' }).click();
    await expect(page.getByRole('heading', { name: 'Account erstellen' })).toBeVisible();
  });

  test('the start page paints before its code arrives, and what is typed meanwhile is kept', async ({ page }) => {
    const user = await createUser('prerender');
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    // The login page's code is held back: what shows is the prerendered start page.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/login-page-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Einloggen' })).toBeVisible();
    await expect(page.getByLabel('E-Mail')).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'the prerendered start page');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: path.join(shots, `start-page-prerendered-${width}.png`), fullPage: true });
    }
    await page.getByLabel('E-Mail').fill(user.email);
    await page.getByLabel('Passwort', { exact: true }).fill(user.password);
    release();
    // Hydrated: the app has taken the typed values over, so the button unlocks and logs in.
    const submit = page.getByRole('button', { name: 'Einloggen' });
    await expect(submit).toBeEnabled();
    await expect(page.getByLabel('E-Mail')).toHaveValue(user.email);
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Firmenumgebung auswählen' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
