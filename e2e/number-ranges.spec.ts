import { expect, test } from '@playwright/test';
import { createEnvironment, createUser, uniqueName } from './support/api';
import { shotAtBothWidths } from './support/shots';
import { navigateInApp, openEnvironment } from './support/ui';

/**
 * Numbers you can trust (issue 31 item 2): a draft invoice shows where its number will come from
 * instead of an input, and the number ranges are visible and changeable in the settings, never
 * below a number already drawn.
 */
test.describe('number ranges (issue 31)', () => {
  test('a draft shows its number as coming with the freeze; the settings show and change the ranges', async ({
    page,
  }) => {
    const user = await createUser('ranges');
    const env = await createEnvironment(user.token, uniqueName('Tischlerei Span'), 'craftsman');
    await page.setViewportSize({ width: 1280, height: 900 });
    await openEnvironment(page, user, env.url_slug);

    await test.step('the draft form: the number is read-only and says when it comes', async () => {
      await navigateInApp(page, `/env/${env.url_slug}/dyn/invoices/new/edit`);
      await expect(page.getByRole('heading', { level: 1, name: 'Rechnung' })).toBeVisible();
      const number = page.getByRole('textbox', { name: 'Rechnungsnummer', exact: true });
      await expect(number).toHaveAttribute('readonly', '');
      await expect(number).toHaveValue('');
      await expect(number).toHaveAttribute('placeholder', 'Wird beim Festschreiben vergeben');
      await shotAtBothWidths(page, 'invoice-draft-number');
    });

    const customers = page.getByRole('region', { name: 'Kunden' });

    await test.step('the settings list every range with pattern, next number and what it gives', async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await navigateInApp(page, `/env/${env.url_slug}/settings`);
      await page.getByRole('link', { name: 'Nummernkreise' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Nummernkreise' })).toBeVisible();
      const invoices = page.getByRole('region', { name: 'Rechnungen' });
      await expect(invoices.getByRole('textbox', { name: 'Muster' })).toHaveValue('RE-{YYYY}-{NNNN}');
      await expect(invoices.getByText(/wird beim Festschreiben vergeben/)).toBeVisible();
      await expect(invoices.getByRole('switch')).toHaveCount(0);
      // The demo customers drew 10001–10003.
      await expect(customers.getByRole('textbox', { name: 'Nächste Nummer' })).toHaveValue('10004');
      await expect(customers.getByText('Nächste Nummer: 10004')).toBeVisible();
      await expect(customers.getByRole('switch', { name: 'Automatisch vergeben' })).toBeChecked();
      await shotAtBothWidths(page, 'settings-number-ranges');
    });

    await test.step('a number below one already drawn is refused under its field', async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const next = customers.getByRole('textbox', { name: 'Nächste Nummer' });
      await next.fill('5');
      await customers.getByRole('button', { name: 'Nummernkreis „Kunden“ speichern' }).click();
      await expect(next).toHaveAccessibleDescription(
        /Die nächste Nummer muss mindestens 10004 sein: Eine Nummer wird nie zweimal vergeben\./,
      );
    });

    await test.step('a new pattern shows the number it gives and is saved', async () => {
      await customers.getByRole('textbox', { name: 'Muster' }).fill('KD-{NNNNN}');
      await customers.getByRole('textbox', { name: 'Nächste Nummer' }).fill('20001');
      await expect(customers.getByText('Nächste Nummer: KD-20001')).toBeVisible();
      await customers.getByRole('button', { name: 'Nummernkreis „Kunden“ speichern' }).click();
      await expect(page.getByText('Der Nummernkreis wurde gespeichert.')).toBeVisible();
      await page.reload();
      await expect(customers.getByRole('textbox', { name: 'Muster' })).toHaveValue('KD-{NNNNN}');
      await expect(customers.getByRole('textbox', { name: 'Nächste Nummer' })).toHaveValue('20001');
    });
  });
});
