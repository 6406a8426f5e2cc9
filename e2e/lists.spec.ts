import { expect, test } from '@playwright/test';
import { createEnvironment, createUser, postOk, uniqueName } from './support/api';
import { navigateInApp, openEnvironment } from './support/ui';

const longName = 'Bäckerei und Konditorei Schröder-Müllerhausen GmbH & Co. KG, Filiale Innenstadt am Marktplatz';

test.describe('lists at 1280 px (issue 10 item 5)', () => {
  test('long text stays on one line with a tooltip, stage badges are whole, the page size is remembered', async ({
    page,
  }) => {
    const user = await createUser('lists');
    const env = await createEnvironment(user.token, uniqueName('Bäckerei'), 'craftsman');
    const customer = (
      (await postOk(
        '/api/dynamic-records/save',
        { _env: env.url_slug, type: 'customers', id: 'new', data: { name: longName } },
        user.token,
      )) as { data: { key: string } }
    ).data.key;
    await postOk(
      '/api/dynamic-records/save',
      {
        _env: env.url_slug,
        type: 'invoices',
        id: 'new',
        data: { customer, date: '2026-11-20', subject: longName, positions: [] },
      },
      user.token,
    );

    await page.setViewportSize({ width: 1280, height: 900 });
    await openEnvironment(page, user, env.url_slug);
    await navigateInApp(page, `/env/${env.url_slug}/dyn/invoices`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
    // The invoice's customer is the long name; its subject is too (a draft has no number yet).
    const row = page.getByRole('row', { name: /Filiale Innenstadt am Marktplatz.*Filiale Innenstadt/ });
    await expect(row).toBeVisible();

    await test.step('the long text is one line, cut, and whole in its tooltip', async () => {
      const cut = row.locator(`[title="${longName}"]`).first();
      await expect(cut).toBeVisible();
      const box = await cut.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight) || 24,
        cut: el.scrollWidth > el.clientWidth,
      }));
      expect(box.height).toBeLessThanOrEqual(box.lineHeight * 1.5);
      expect(box.cut).toBe(true);
    });

    await test.step('every stage badge shows its whole name', async () => {
      const labels = page.locator('tbody .mantine-Badge-label');
      await expect(labels.first()).toBeVisible();
      for (const label of await labels.all()) {
        expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      }
    });
    await test.step('the whole list fits 1280 px: no sideways scrolling, the row buttons in view', async () => {
      const table = page.locator('table').first();
      const overflow = await table.evaluate((el) => {
        const box = el.parentElement ?? el;
        return box.scrollWidth - box.clientWidth;
      });
      expect(overflow).toBeLessThanOrEqual(1);
      const details = row.getByRole('link', { name: 'Details' });
      const right = await details.evaluate((el) => el.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(1280);
      await expect(row.getByRole('link', { name: 'Bearbeiten' })).toBeVisible();
    });
    await page.screenshot({ path: 'test-results/settings-screens/invoices-1280.png' });

    await test.step('the page size is chosen and kept for the list', async () => {
      const size = page.getByLabel('Einträge pro Seite');
      await expect(size).toHaveValue('25');
      const request = page.waitForRequest(
        (r) => r.url().endsWith('/api/simpletable/data') && (r.postDataJSON() as { pageSize?: number }).pageSize === 50,
      );
      await size.selectOption('50');
      await request;
      await page.reload();
      await expect(page.getByLabel('Einträge pro Seite')).toHaveValue('50');
    });
  });
});
