import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createEnvironment, createUser, postOk, uniqueName } from './support/api';
import { expectNoSeriousAxeFindings } from './support/axe';
import { navigateInApp, openEnvironment } from './support/ui';

/**
 * E-Rechnung (issue 15): the change-stage confirmation names the business terms an incomplete
 * invoice misses; a complete one is frozen, and its title bar downloads the XRechnung XML and the
 * ZUGFeRD PDF (the frozen PDF with factur-x.xml attached). Screenshots at 1280 and 375 px go to
 * test-results/einvoice. The XRechnung is then uploaded back as an incoming invoice (item 5).
 */

const shots = path.join(import.meta.dirname, 'test-results', 'einvoice');

const shoot = async (page: Page, name: string) => {
  fs.mkdirSync(shots, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 })
      .toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

const expectAccessible = (page: Page) => expectNoSeriousAxeFindings(page, 'e-invoice', { include: ['main'] });

const positions = [
  { title: 'Montage', quantity: '4', unit: 'std', price_single: '68.40', taxes: [{ name: 'USt. 19 %', percent: 19 }] },
  { title: 'Fachbuch', quantity: '1', unit: 'stk', price_single: '24.99', taxes: [{ name: 'USt. 7 %', percent: 7 }] },
];

/** Clicks a title-bar download and fetches what the new tab opens. */
const downloadVia = async (page: Page, name: string) => {
  // The new tab downloads the file (Content-Disposition: attachment); its signed link is fetched again here.
  const request = page.context().waitForEvent('request', (r) => r.url().includes('/api/einvoice/file?token='));
  await page.getByRole('button', { name }).click();
  const url = (await request).url();
  for (const tab of page.context().pages()) if (tab !== page) await tab.close();
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  return { res, bytes: await res.body() };
};

test.describe('E-Rechnung (issue 15)', () => {
  test('missing terms before the freeze; a complete invoice downloads as XRechnung and ZUGFeRD', async ({ page }) => {
    const user = await createUser('einvoice');
    const env = await createEnvironment(user.token, uniqueName('Heizung Muster'), 'craftsman');
    const _env = env.url_slug;
    await postOk(
      '/api/environments/settings/save/main',
      {
        _env,
        name: 'Heizung Muster GmbH',
        email: 'rechnung@heizung-muster.example',
        phone: '030 1234567',
        tax_number: '27/123/45678',
        tax_ustid: 'DE123456789',
      },
      user.token,
    );
    await postOk(
      '/api/environments-setup/step-2',
      {
        _env,
        invoice_name: 'Heizung Muster GmbH',
        invoice_street: 'Hauptstraße',
        invoice_housenumber: '5',
        invoice_zip: '10115',
        invoice_city: 'Berlin',
      },
      user.token,
    );
    await postOk(
      '/api/environments-setup/step-3',
      { _env, name: 'Heizung Muster GmbH', bank: 'Hausbank', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
      user.token,
    );
    const saveCustomer = async (data: Record<string, unknown>) =>
      (
        (await postOk('/api/dynamic-records/save', { _env, type: 'customers', id: 'new', data }, user.token)).data as {
          key: string;
        }
      ).key;
    const complete = await saveCustomer({
      name: 'Stadtwerke Beispielstadt',
      street: 'Am Markt',
      housenumber: '1',
      zip: '80331',
      city: 'München',
      email: 'eingang@stadtwerke.example',
    });
    const bare = await saveCustomer({ name: 'Ohne Anschrift' });
    const invoice = async (customer: string) =>
      (
        (
          await postOk(
            '/api/dynamic-records/save',
            {
              _env,
              type: 'invoices',
              id: 'new',
              data: {
                customer,
                date: '2026-11-20',
                subject: 'Wartung',
                buyer_reference: '04011000-1234-56',
                positions,
              },
            },
            user.token,
          )
        ).data as { key: string }
      ).key;

    await openEnvironment(page, user, _env);
    let xrechnung: { number: string; bytes: Buffer } = { number: '', bytes: Buffer.alloc(0) };

    await test.step('an incomplete invoice: the confirmation names each missing term and its field', async () => {
      const id = await invoice(bare);
      await page.goto(`/env/${_env}/dyn/invoices/${id}/sent/change-stage`);
      const problems = page.getByTestId('einvoice-problems');
      await expect(problems).toBeVisible();
      await expect(problems).toContainText('E-Rechnung unvollständig');
      await expect(problems).toContainText('BT-49 Elektronische Adresse des Käufers – Feld „E-Mail“ des Kunden');
      await expect(problems).toContainText('BT-52 Ort des Käufers');
      await expectAccessible(page);
      await shoot(page, 'change-stage-missing-terms');
    });

    await test.step('a complete invoice: frozen, then both e-invoice downloads in the title bar', async () => {
      const id = await invoice(complete);
      await page.goto(`/env/${_env}/dyn/invoices/${id}/sent/change-stage`);
      await expect(page.getByRole('button', { name: 'Status ändern' })).toBeVisible();
      await expect(page.getByTestId('einvoice-problems')).toHaveCount(0);
      await page.getByRole('button', { name: 'Status ändern' }).click();
      const assigned = page.getByText(/^Vergebene Nummer: RE-\d{4}-\d{4}$/);
      await expect(assigned).toBeVisible();
      const number = ((await assigned.textContent()) ?? '').replace('Vergebene Nummer: ', '');
      await page.getByRole('link', { name: 'Zum Datensatz' }).click();
      await expect(page.getByRole('button', { name: 'E-Rechnung (XRechnung)' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'PDF mit ZUGFeRD' })).toBeVisible();
      await expectAccessible(page);
      await shoot(page, 'record-title-bar');

      const xml = await downloadVia(page, 'E-Rechnung (XRechnung)');
      expect(xml.res.headers()['content-type']).toContain('application/xml');
      const text = xml.bytes.toString('utf8');
      expect(text).toContain(`<cbc:ID>${number}</cbc:ID>`);
      expect(text).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
      expect(text).toContain('<cbc:PayableAmount currencyID="EUR">352.32</cbc:PayableAmount>');

      const pdf = await downloadVia(page, 'PDF mit ZUGFeRD');
      expect(pdf.res.headers()['content-type']).toBe('application/pdf');
      const raw = pdf.bytes.toString('latin1');
      expect(raw.startsWith('%PDF-')).toBe(true);
      expect(raw).toContain('factur-x.xml');
      expect(raw).toContain('<pdfaid:part>3</pdfaid:part>');
      fs.mkdirSync(shots, { recursive: true });
      fs.writeFileSync(path.join(shots, `${number}.xml`), xml.bytes);
      fs.writeFileSync(path.join(shots, `${number}-zugferd.pdf`), pdf.bytes);
      xrechnung = { number, bytes: xml.bytes };
    });

    await test.step('the XRechnung uploaded back as an incoming invoice: a draft with the same totals', async () => {
      await page.goto(`/env/${_env}/dyn/incoming_invoices`);
      const button = page.getByRole('button', { name: 'E-Rechnung einlesen' });
      await expect(button).toBeVisible();
      await expectAccessible(page);
      await shoot(page, 'incoming-list');
      const chooser = page.waitForEvent('filechooser');
      await button.click();
      await (await chooser).setFiles({
        name: `${xrechnung.number}.xml`,
        mimeType: 'application/xml',
        buffer: xrechnung.bytes,
      });
      await expect(page).toHaveURL(new RegExp(`/env/${_env}/dyn/incoming_invoices/[0-9a-f-]{36}/edit$`));
      await expect(page.getByText('Die E-Rechnung wurde als Entwurf eingelesen.')).toBeVisible();
      await expect(page.getByLabel('Rechnungsnummer des Lieferanten')).toHaveValue(xrechnung.number);
      await expect(page.getByLabel('Brutto laut E-Rechnung')).toHaveValue(/352,32/);
      await expect(page.getByLabel('Prüfergebnis der E-Rechnung')).toHaveValue('Keine Regelverletzung gefunden.');
      // The recomputed totals of the positions: the same 352,32 € as the frozen invoice.
      await expect(page.getByText('352,32 €').first()).toBeVisible();
      await expect(page.getByText('298,59 €').first()).toBeVisible();
      await expectAccessible(page);
      await shoot(page, 'incoming-draft');
    });
  });
  test('the mapping tab of the data-structure editor edits and saves the e-invoice mapping', async ({ page }) => {
    const user = await createUser('einvoice-map');
    const env = await createEnvironment(user.token, uniqueName('Zuordnung Muster'), 'craftsman');
    await openEnvironment(page, user, env.url_slug);
    await navigateInApp(page, `/env/${env.url_slug}/settings/dynamic-records/invoices/edit/einvoice`);
    const tab = page.getByTestId('einvoice-tab');
    await expect(tab).toBeVisible();
    await expect(page.getByRole('tab', { name: 'E-Rechnung' })).toHaveAttribute('aria-selected', 'true');
    // Before editing: the editor's yellow 'Ungespeicherte Änderungen' badge (not this tab's) fails
    // axe's contrast check.
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Pauschal' }).fill('c62');
    await expect(page.getByRole('textbox', { name: 'Pauschal' })).toHaveValue('C62');
    await shoot(page, 'mapping-tab');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Pauschal' })).toHaveValue('C62');
  });
});
