import { expect, type Page, test } from '@playwright/test';
import { createEnvironment, createUser, postOk, uniqueName } from './support/api';
import { shotAtBothWidths } from './support/shots';
import { navigateInApp, openEnvironment } from './support/ui';

/**
 * Positions that know the articles (issue 31 item 3), in a craftsman environment: a new article
 * starts with the standard tax rate; the position dialog takes an article's text, unit, price and
 * tax rate, still editable; title, text and subtotal lines leave the totals alone; units never
 * break and the inline fields show their whole value, at 1280 and 375 px.
 */

const summaryOf = (page: Page) => page.getByRole('group', { name: 'Summen' });

test.describe('positions that know the articles (issue 31 item 3)', () => {
  test('an article goes into a position; title, text and subtotal lines change no total', async ({ page }) => {
    test.setTimeout(180_000);
    const user = await createUser('positions');
    const env = await createEnvironment(user.token, uniqueName('Parkett Kern'), 'craftsman');
    const details = await postOk('/api/environments/details', { _env: env.url_slug }, user.token);
    const taxes = (details.data as { environment: { taxes: { _id: string; name: string }[] } }).environment.taxes;
    const vat7 = taxes.find((tax) => tax.name === 'USt. 7 %')?._id;
    await postOk(
      '/api/dynamic-records/save',
      {
        _env: env.url_slug,
        type: 'articles',
        id: 'new',
        data: { title: 'Eichenparkett verlegen', unit: 'm2', price: 48.5, tax: vat7, active: true },
      },
      user.token,
    );

    await openEnvironment(page, user, env.url_slug);

    await test.step('a new article starts with the standard tax rate', async () => {
      await navigateInApp(page, `/env/${env.url_slug}/dyn/articles/new/edit`);
      await expect(page.getByRole('button', { name: 'Steuersatz', exact: true })).toContainText('USt. 19 %');
    });

    await navigateInApp(page, `/env/${env.url_slug}/dyn/invoices/new/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rechnung' })).toBeVisible();
    const date = page.getByRole('textbox', { name: 'Rechnungsdatum', exact: true });
    await date.fill('20.11.2026');
    await date.press('Tab');
    await page.getByRole('button', { name: 'Kunde', exact: true }).click();
    await page.getByRole('textbox', { name: 'Suchen …' }).fill('Schröd');
    await page.getByRole('option', { name: /Bäckerei Schröder GmbH/ }).click();

    await test.step('the position dialog takes the article, and everything stays editable', async () => {
      await page.getByRole('button', { name: 'Position hinzufügen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Neue Position' });
      await dialog.getByRole('button', { name: 'Artikel übernehmen' }).click();
      await page.getByRole('textbox', { name: 'Suchen …' }).fill('eichen');
      await page.getByRole('option', { name: /Eichenparkett verlegen/ }).click();
      await expect(dialog.getByRole('textbox', { name: 'Bezeichnung', exact: true })).toHaveValue(
        'Eichenparkett verlegen',
      );
      await expect(dialog.getByRole('combobox', { name: 'Einheit', exact: true })).toHaveValue('Quadratmeter');
      await expect(dialog.getByRole('textbox', { name: 'Einzelpreis', exact: true })).toHaveValue('48,50');
      await expect(dialog.getByRole('checkbox', { name: 'USt. 7 %' })).toBeChecked();
      await expect(dialog.getByRole('checkbox', { name: 'USt. 19 %' })).not.toBeChecked();
      await dialog
        .getByRole('textbox', { name: 'Bezeichnung', exact: true })
        .fill('Eichenparkett verlegen, Wohnzimmer');
      await dialog.getByRole('textbox', { name: 'Menge', exact: true }).fill('12,5');
      await shotAtBothWidths(page, 'positions-article-dialog');
      await page.setViewportSize({ width: 1280, height: 900 });
      await dialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
      await expect(dialog).toBeHidden();
    });

    const more = async (item: string) => {
      await page.getByRole('button', { name: 'Weitere Zeilenarten' }).click();
      await page.getByRole('menuitem', { name: item }).click();
    };

    await test.step('a title, a text and a subtotal line', async () => {
      await expect(summaryOf(page)).toContainText('606,25');
      const totals = await summaryOf(page).textContent();
      await more('Titel hinzufügen');
      const titleDialog = page.getByRole('dialog', { name: 'Neuer Titel' });
      await titleDialog.getByRole('textbox', { name: 'Bezeichnung' }).fill('Wohnzimmer');
      await titleDialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
      await more('Text hinzufügen');
      const textDialog = page.getByRole('dialog', { name: 'Neuer Text' });
      await textDialog
        .getByRole('textbox', { name: 'Text' })
        .fill('Inklusive Trittschalldämmung.\nUntergrund bauseits.');
      await textDialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
      await more('Zwischensumme hinzufügen');
      const table = page.getByRole('table', { name: 'Positionen' });
      await expect(table.getByRole('row', { name: /Zwischensumme/ })).toContainText('606,25');
      await expect(summaryOf(page)).toHaveText(totals ?? '');
      // The title heads the list: move it up twice.
      await page.getByRole('button', { name: 'Position 2 nach oben' }).click();

      // 'Quadratmeter' stays one word, and the inline inputs show their whole value.
      const unit = table.getByRole('combobox', { name: 'Einheit 2' });
      await expect(unit).toHaveValue('Quadratmeter');
      for (const name of ['Einheit 2', 'Einzelpreis 2', 'Menge 2', 'Bezeichnung 2']) {
        const input = table.getByLabel(name, { exact: true });
        const cut = await input.evaluate((el: HTMLInputElement) => el.scrollWidth > el.clientWidth + 1);
        expect(cut, `${name} shows its whole value`).toBe(false);
      }
    });

    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'erfolgreich gespeichert' })).toBeVisible();
    await expect(summaryOf(page)).toContainText('648,69');
    await shotAtBothWidths(page, 'positions-table');
  });
});
