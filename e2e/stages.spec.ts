import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createEnvironment, createUser, postOk, uniqueName } from './support/api';
import { expectNoSeriousAxeFindings } from './support/axe';
import { escapeRegExp, navigateInApp, openEnvironment } from './support/ui';

/**
 * Stages and frozen documents (spec 02 §2.1 header actions and change-stage, §4, §9; issue 8):
 * an invoice is frozen (number, edit lock, PDF preview holding the totals), then cancelled with a
 * Storno; both are found in the list, and the detail page shows the history. Screenshots of the
 * screens at 1280 and 375 px go to test-results/stages for a person to look at.
 */

const shots = path.join(import.meta.dirname, 'test-results', 'stages');

const shoot = async (page: Page, name: string) => {
  fs.mkdirSync(shots, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // The shell re-lays out after a resize (sidebar and help panel slide); nothing may stick out sideways.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 })
      .toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/**
 * No serious or critical axe finding in the page's content (the shell's sidebar is another
 * feature's and has its own check).
 */
const expectAccessible = (page: Page, within = 'main') =>
  expectNoSeriousAxeFindings(page, within, { include: [within] });

/** The text of every page of a PDF, as a viewer extracts it (no-break spaces as plain ones). */
const pdfText = async (bytes: Buffer): Promise<string> => {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  await pdf.destroy();
  return parts.join(' ').replace(/\u00a0/g, ' ');
};

const positions = [
  {
    title: 'Eichenbrett geölt',
    quantity: '2',
    unit: 'stk',
    price_single: '49.90',
    taxes: [{ name: 'USt. 19 %', percent: 19 }],
  },
  {
    title: 'Holzleim (Liter)',
    quantity: '3.5',
    unit: 'l',
    price_single: '12.33',
    taxes: [{ name: 'USt. 7 %', percent: 7 }],
  },
];
// 99,80 + 43,16 = 142,96 net; 18,96 + 3,02 tax; 164,94 gross.
const totals = { net: '142,96 €', gross: '164,94 €' };

test.describe('stages and frozen documents (issue 8)', () => {
  test('freeze an invoice, see number, lock and PDF, cancel it with a Storno, find both', async ({ page }) => {
    const user = await createUser('stages');
    const env = await createEnvironment(user.token, uniqueName('Tischlerei Festschreib'), 'craftsman');
    await postOk(
      '/api/environments-setup/step-3',
      {
        _env: env.url_slug,
        name: 'Tischlerei Festschreib',
        bank: 'Hausbank',
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
      },
      user.token,
    );
    const customers = await postOk(
      '/api/simpletable/data',
      { _env: env.url_slug, model: 'DynamicRecord', type: 'customers', search: 'Schröder' },
      user.token,
    );
    const customer = (customers.data as { rows: Array<{ _id: string }> }).rows[0]?._id;
    const saved = await postOk(
      '/api/dynamic-records/save',
      {
        _env: env.url_slug,
        type: 'invoices',
        id: 'new',
        data: { customer, date: '2026-11-20', subject: 'Ladeneinrichtung', positions },
      },
      user.token,
    );
    const id = (saved.data as { key: string }).key;

    await openEnvironment(page, user, env.url_slug);
    await navigateInApp(page, `/env/${env.url_slug}/dyn/invoices/${id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rechnung' })).toBeVisible();

    const number =
      await test.step('the freezing stage: confirmation with its notices, then the new number', async () => {
        await page.getByRole('link', { name: 'Rechnung festschreiben' }).click();
        await expect(page).toHaveURL(new RegExp(`/dyn/invoices/${escapeRegExp(id)}/sent/change-stage$`));
        await expect(page.getByRole('heading', { name: 'Status ändern: Festgeschrieben/versendet' })).toBeVisible();
        await expect(
          page.getByText('Danach kann der Datensatz nicht mehr bearbeitet oder entfernt werden.'),
        ).toBeVisible();
        await expect(page.getByText(/Das PDF wird einmalig erzeugt und unveränderbar gespeichert/)).toBeVisible();
        await expectAccessible(page);
        await shoot(page, 'change-stage-confirm');
        await page.getByRole('button', { name: 'Status ändern' }).click();
        const assigned = page.getByText(/^Vergebene Nummer: RE-\d{4}-\d{4}$/);
        await expect(assigned).toBeVisible();
        await expectAccessible(page);
        await shoot(page, 'change-stage-success');
        return ((await assigned.textContent()) ?? '').replace('Vergebene Nummer: ', '');
      });

    await test.step('the record: its number, read-only with the lock note, paying and cancelling offered', async () => {
      await page.getByRole('link', { name: 'Zum Datensatz' }).click();
      await expect(page.getByText('Der Datensatz kann in diesem Status nicht mehr bearbeitet werden.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Rechnungsnummer', exact: true })).toHaveValue(number);
      await expect(page.getByRole('link', { name: 'Als bezahlt markieren' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Rechnung festschreiben' })).toHaveCount(0);
    });

    await test.step('the PDF preview: the frozen bytes, with number and totals', async () => {
      await page.getByRole('button', { name: 'PDF-Vorschau' }).click();
      const dialog = page.getByRole('dialog');
      const frame = dialog.locator('iframe');
      await expect(frame).toBeVisible();
      const src = (await frame.getAttribute('src')) ?? '';
      const res = await page.request.get(src);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/pdf');
      const bytes = await res.body();
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      fs.mkdirSync(shots, { recursive: true });
      fs.writeFileSync(path.join(shots, 'frozen-invoice.pdf'), bytes);
      const text = await pdfText(bytes);
      expect(text).toContain(`Rechnung ${number}`);
      expect(text).toContain(totals.net);
      expect(text).toContain(totals.gross);
      await dialog.getByRole('button', { name: 'Schließen' }).click();
    });

    const storno = await test.step('cancel with a Storno', async () => {
      await page.getByRole('link', { name: 'Stornieren' }).click();
      await expect(page.getByText(/Es wird eine Stornorechnung mit eigener Nummer/)).toBeVisible();
      await shoot(page, 'change-stage-cancel');
      await page.getByRole('button', { name: 'Status ändern' }).click();
      const line = page.getByText(/^Stornorechnung: RE-\d{4}-\d{4}$/);
      await expect(line).toBeVisible();
      return ((await line.textContent()) ?? '').replace('Stornorechnung: ', '');
    });
    expect(storno).not.toBe(number);

    await test.step('both are in the list, with their stages', async () => {
      await page.getByRole('link', { name: 'Zur Liste' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
      // The Storno's subject names the original number too: find each row by its number cell.
      const rowOf = (n: string) =>
        page.getByRole('row').filter({ has: page.getByRole('cell', { name: n, exact: true }) });
      const original = rowOf(number);
      const cancellation = rowOf(storno);
      await expect(original).toContainText('Storniert');
      await expect(cancellation).toContainText('Stornorechnung');
      await expect(cancellation).toContainText(/-164,94\s€/);
    });

    await test.step('the detail page: summary, positions, stage history, documents', async () => {
      await page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: number, exact: true }) })
        .getByRole('link', { name: 'Details' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: `Rechnung ${number}` })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Statusverlauf' })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'Eichenbrett geölt' })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'Storniert' })).toBeVisible();
      await expectAccessible(page);
      await shoot(page, 'detail-page');
    });
  });

  test("a data structure's exports: copy with the suggested key, remove the copy, the editor only loads", async ({
    page,
  }) => {
    const user = await createUser('exports');
    const env = await createEnvironment(user.token, uniqueName('Export Werkstatt'), 'craftsman');
    await openEnvironment(page, user, env.url_slug);
    await navigateInApp(page, `/env/${env.url_slug}/settings/dynamic-records/invoices/edit/exports`);
    await expect(page.getByRole('heading', { level: 1, name: 'Exporte: Rechnungen' })).toBeVisible();
    const inherited = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'invoice', exact: true }) });
    await expect(inherited.getByRole('button', { name: 'Entfernen' })).toBeDisabled();

    await inherited.getByRole('button', { name: 'Kopieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export kopieren' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Rechnung Kurz 2');
    await expect(dialog.getByRole('textbox', { name: 'Kennung' })).toHaveValue('rechnung_kurz_2');
    // The modal (the settings navigation behind it is the settings feature's).
    await expectAccessible(page, '[role="dialog"]');
    await shoot(page, 'export-copy');
    await dialog.getByRole('button', { name: 'Kopieren' }).click();
    await expect(dialog).toBeHidden();
    const copy = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'rechnung_kurz_2', exact: true }) });
    await expect(copy).toContainText('Rechnung Kurz 2');

    await copy.getByRole('button', { name: 'Entfernen' }).click();
    await page.getByRole('dialog', { name: 'Export entfernen' }).getByRole('button', { name: 'Entfernen' }).click();
    await expect(copy).toHaveCount(0);

    await inherited.getByRole('link', { name: 'Bearbeiten' }).click();
    await expect(page.getByText('Export-Editor wird geladen …')).toBeVisible();
  });
});
