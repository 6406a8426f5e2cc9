import path from 'node:path';
import { expect, test } from '@playwright/test';
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
});
