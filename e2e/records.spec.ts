import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createEnvironment, createUser, uniqueName } from './support/api';
import { escapeRegExp, navigateInApp, openEnvironment } from './support/ui';

/**
 * The record engine in a craftsman environment (spec 01 §2 "Generic form screen", "Model
 * selector", "Position list editor", §5 positions and summary, §8; spec 02 §2.1, §2.2, §5).
 * The template brings the tax rates 'USt. 19 %' (default), 'USt. 7 %' and 'Steuerfrei', customers such as
 * 'Bäckerei Schröder GmbH' and two draft invoices ('Reparatur Backofen', 'Lieferung Fachbuch'), whose
 * numbers come with the freeze (issue 31).
 */

type Line = Readonly<{
  title: string;
  quantity: string;
  price: string;
  tax: 'USt. 19 %' | 'USt. 7 %';
  percent: number;
}>;

/**
 * The three positions: price_full 43,155 rounds half away from zero to 43,16; the 19 % line of
 * the summary adds the rounded line amounts (18,96 + 19,11 = 38,07) where rounding the sum of
 * 19 % of 200,40 would give 38,08.
 */
const lines: readonly Line[] = [
  { title: 'Eichenbrett geölt', quantity: '2', price: '49,90', tax: 'USt. 19 %', percent: 19 },
  { title: 'Holzleim (Liter)', quantity: '3,5', price: '12,33', tax: 'USt. 7 %', percent: 7 },
  { title: 'Montage pauschal', quantity: '1', price: '100,60', tax: 'USt. 19 %', percent: 19 },
];

/** n / d rounded half away from zero (integers only, so no binary fractions). */
const divRound = (n: number, d: number): number => Math.sign(n) * Math.floor((2 * Math.abs(n) + d) / (2 * d));

/** "3,5" → 3500 (thousandths), "49,90" → 4990 (cents). */
const scaled = (german: string, decimals: number): number => {
  const [whole = '0', fraction = ''] = german.split(',');
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0'));
};

/**
 * Spec 01 §5 on its own, independent of the app's code: price_full = quantity × price_single and
 * each tax amount = price_full / 100 × percent, both rounded half away from zero to the cent; the
 * summary adds the rounded line amounts, one line per distinct tax.
 */
const expectedSummary = (positions: readonly Line[]) => {
  const full = positions.map((p) => divRound(scaled(p.quantity, 3) * scaled(p.price, 2), 1000));
  const taxes = new Map<string, number>();
  positions.forEach((p, i) => {
    taxes.set(p.tax, (taxes.get(p.tax) ?? 0) + divRound((full[i] ?? 0) * p.percent, 100));
  });
  const net = full.reduce((a, b) => a + b, 0);
  const gross = net + [...taxes.values()].reduce((a, b) => a + b, 0);
  return { full, taxes: [...taxes.entries()], net, gross };
};

/** Cents in the German format the screens use: 24356 → "243,56 €". */
const euro = (cents: number): string => {
  const text = (Math.abs(cents) / 100).toFixed(2).replace('.', ',');
  return `${cents < 0 ? '-' : ''}${text.replace(/\B(?=(\d{3})+(?!\d))/g, '.')} €`;
};

/** Text with its spaces matching any white space (Intl separates amount and sign with a no-break space). */
const loose = (text: string) => escapeRegExp(text).replace(/ /g, '\\s*');

/** The alert bar's success message after a save (spec 01 §8). */
const savedNotice = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Der Datensatz wurde erfolgreich gespeichert.' });

const summaryOf = (page: Page) => page.getByRole('group', { name: 'Summen' });

/** The summary, all of it and in order: net, one line per tax, gross. */
const expectSummary = async (summary: Locator, expected: ReturnType<typeof expectedSummary>) => {
  const parts = [
    `Summe netto ${euro(expected.net)}`,
    ...expected.taxes.map(([name, cents]) => `${name} ${euro(cents)}`),
    `Gesamtbetrag brutto ${euro(expected.gross)}`,
  ];
  await expect(summary).toHaveText(new RegExp(`^\\s*${parts.map(loose).join('\\s*')}\\s*$`));
};

/** Ticks or unticks a tax chip of the position modal (its checkbox is visually hidden; the chip is clicked). */
const setTax = async (dialog: Locator, name: string, checked: boolean) => {
  const box = dialog.getByRole('checkbox', { name, exact: true });
  if ((await box.isChecked()) !== checked) await dialog.getByText(name, { exact: true }).click();
  if (checked) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();
};

/** Opens the position modal, fills it and applies it with Enter (spec 01 §5). */
const addPosition = async (page: Page, line: Line, taxes: { off?: string[]; on?: string[] } = {}) => {
  await page.getByRole('button', { name: 'Position hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Position' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Bezeichnung', exact: true }).fill(line.title);
  for (const name of taxes.off ?? []) await setTax(dialog, name, false);
  for (const name of taxes.on ?? []) await setTax(dialog, name, true);
  await dialog.getByRole('textbox', { name: 'Menge', exact: true }).fill(line.quantity);
  const price = dialog.getByRole('textbox', { name: 'Einzelpreis', exact: true });
  await price.fill(line.price);
  await price.press('Enter');
  await expect(dialog).toBeHidden();
};

const uniqueSubject = () => `Ladeneinrichtung ${randomBytes(3).toString('hex').toUpperCase()}`;

test.describe('record engine (spec 01 §2 generic form screen, §5 positions; spec 02 §2.1)', () => {
  test('an invoice with three positions and two tax rates computes to the cent, saves, validates, lists and goes', async ({
    page,
  }) => {
    const user = await createUser('records');
    const env = await createEnvironment(user.token, uniqueName('Tischlerei Holz'), 'craftsman');
    const subject = uniqueSubject();
    const expected = expectedSummary(lines);
    // The rule's figures, written out: nothing in the maths above may drift unnoticed.
    expect(expected).toEqual({
      full: [9980, 4316, 10060],
      taxes: [
        ['USt. 19 %', 3807],
        ['USt. 7 %', 302],
      ],
      net: 24356,
      gross: 28465,
    });

    await openEnvironment(page, user, env.url_slug);
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Rechnungen', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
    await page.getByRole('link', { name: 'Rechnung anlegen' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/env/${escapeRegExp(env.url_slug)}/dyn/invoices/new/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Rechnung' })).toBeVisible();

    await test.step('number, date and the customer through the model selector', async () => {
      // A draft's number is the server's: shown read-only with when it comes (issue 31).
      const numberField = page.getByRole('textbox', { name: 'Rechnungsnummer', exact: true });
      await expect(numberField).toHaveAttribute('readonly', '');
      await expect(numberField).toHaveAttribute('placeholder', 'Wird beim Festschreiben vergeben');
      const date = page.getByRole('textbox', { name: 'Rechnungsdatum', exact: true });
      await date.fill('20.11.2026');
      await date.press('Tab');
      await expect(date).toHaveValue('20.11.2026');
      await page.getByRole('textbox', { name: 'Betreff', exact: true }).fill(subject);

      await page.getByRole('button', { name: 'Kunde', exact: true }).click();
      const search = page.getByRole('textbox', { name: 'Suchen …' });
      await search.fill('Schröd');
      const option = page.getByRole('option', { name: /Bäckerei Schröder GmbH/ });
      await expect(option).toHaveCount(1);
      await expect(page.getByRole('option', { name: /Müller & Söhne/ })).toHaveCount(0);
      await option.click();
      await expect(page.getByRole('button', { name: 'Kunde', exact: true })).toContainText('Bäckerei Schröder GmbH');
    });

    await test.step('three positions through the position modal, Enter applies', async () => {
      await expect(page.getByText('Noch keine Positionen erfasst.')).toBeVisible();
      // A new position starts with the default tax (19 %); the modal shows price_full and the tax on it.
      await page.getByRole('button', { name: 'Position hinzufügen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Neue Position' });
      await expect(dialog.getByRole('checkbox', { name: 'USt. 19 %' })).toBeChecked();
      await expect(dialog.getByRole('checkbox', { name: 'USt. 7 %' })).not.toBeChecked();
      await expect(dialog.getByRole('textbox', { name: 'Menge', exact: true })).toHaveValue('1,00');
      await dialog.getByRole('textbox', { name: 'Bezeichnung', exact: true }).fill(lines[0]!.title);
      await dialog.getByRole('textbox', { name: 'Menge', exact: true }).fill(lines[0]!.quantity);
      await dialog.getByRole('textbox', { name: 'Einzelpreis', exact: true }).fill(lines[0]!.price);
      await expect(dialog.getByLabel('Gesamtpreis', { exact: true })).toHaveText(
        new RegExp(`^${loose(euro(9980))}\\s*zzgl\\.\\s*${loose(euro(1896))}\\s*Steuern$`),
      );
      await dialog.getByRole('textbox', { name: 'Einzelpreis', exact: true }).press('Enter');
      await expect(dialog).toBeHidden();

      await addPosition(page, lines[1]!, { off: ['USt. 19 %'], on: ['USt. 7 %'] });
      await addPosition(page, lines[2]!);

      const table = page.getByRole('table', { name: 'Positionen' });
      for (const [i, line] of lines.entries()) {
        await expect(table.getByRole('textbox', { name: `Bezeichnung ${i + 1}` })).toHaveValue(line.title);
        await expect(table.getByRole('row').nth(i + 1)).toContainText(new RegExp(loose(euro(expected.full[i] ?? 0))));
      }
    });

    await test.step('the summary: net, one line per tax rate, gross', async () => {
      await expectSummary(summaryOf(page), expected);
    });

    const id = await test.step('save: the route moves to the new id', async () => {
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(savedNotice(page)).toBeVisible();
      await expect(page).toHaveURL(/\/dyn\/invoices\/(?!new\/)[^/]+\/edit$/);
      const saved = /\/dyn\/invoices\/([^/]+)\/edit$/.exec(new URL(page.url()).pathname)?.[1] ?? '';
      // What the server stored and sends back computes the same.
      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Betreff', exact: true })).toHaveValue(subject);
      await expectSummary(summaryOf(page), expected);
      return saved;
    });

    await test.step("the server's field errors show under their field", async () => {
      // The invoice number is given when the invoice is frozen (read-only in a draft): the
      // subject's length rule stands in for a field the server refuses.
      const subjectField = page.getByRole('textbox', { name: 'Betreff', exact: true });
      await subjectField.fill('x'.repeat(201));
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(subjectField).toHaveAccessibleDescription('Es dürfen maximal 200 Zeichen angegeben werden');
      await expect(subjectField).toHaveAttribute('aria-invalid', 'true');

      await subjectField.fill(subject);
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByText('Alle Änderungen gespeichert')).toBeVisible();
      await expect(subjectField).not.toHaveAttribute('aria-invalid', 'true');
      expect(page.url()).toContain(`/dyn/invoices/${id}/edit`);
    });

    const invoiceRow = page.getByRole('row', { name: new RegExp(escapeRegExp(subject)) });
    const search = page.getByRole('textbox', { name: 'Suchen', exact: true });

    await test.step('the list finds it by search and shows its gross amount', async () => {
      await page.getByRole('link', { name: 'Zurück' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
      await search.fill(subject);
      await expect(page.getByRole('row')).toHaveCount(2); // header and the one invoice
      await expect(invoiceRow).toContainText('Bäckerei Schröder GmbH');
      await expect(invoiceRow).toContainText('20.11.2026');
      // The list shows one amount, the gross (the net is on the form and the detail page).
      await expect(invoiceRow).not.toContainText(new RegExp(loose(euro(expected.net))));
      await expect(invoiceRow).toContainText(new RegExp(loose(euro(expected.gross))));
    });

    await test.step("'Entfernen' asks first, then the invoice is gone", async () => {
      await invoiceRow.click();
      await expect(page).toHaveURL(new RegExp(`/dyn/invoices/${escapeRegExp(id)}/edit$`));
      await page.getByRole('button', { name: 'Entfernen', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Datensatz entfernen' });
      await expect(dialog).toContainText('Wollen Sie diesen Datensatz wirklich entfernen?');
      await dialog.getByRole('button', { name: 'Entfernen', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/env/${escapeRegExp(env.url_slug)}/dyn/invoices$`));
      await expect(page.getByRole('status').filter({ hasText: 'Der Datensatz wurde entfernt.' })).toBeVisible();
      await expect(page.getByRole('row', { name: /Reparatur Backofen/ })).toBeVisible();
      await expect(invoiceRow).toHaveCount(0);
      await search.fill(subject);
      await expect(page.getByText('Keine Treffer')).toBeVisible();
      await expect(invoiceRow).toHaveCount(0);
    });
  });

  test('settings: a new tax rate is offered in the position editor; a new address is listed and found', async ({
    page,
  }) => {
    const user = await createUser('records-settings');
    const env = await createEnvironment(user.token, uniqueName('Zimmerei'), 'craftsman');
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const taxName = `USt. 5,5 % ${suffix}`;
    await openEnvironment(page, user, env.url_slug);

    await test.step('a tax rate created under /settings/taxes', async () => {
      await page
        .getByRole('navigation', { name: 'Hauptnavigation' })
        .getByRole('link', { name: 'Einstellungen' })
        .click();
      await page.getByRole('link', { name: 'Steuersätze' }).click();
      await expect(page).toHaveURL(new RegExp(`/env/${escapeRegExp(env.url_slug)}/settings/taxes$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Steuersätze' })).toBeVisible();
      await expect(page.getByRole('row', { name: /USt\. 19 %/ })).toBeVisible();
      await page.getByRole('link', { name: 'Steuersatz anlegen' }).first().click();
      await page.getByRole('textbox', { name: 'Bezeichnung', exact: true }).fill(taxName);
      await page.getByRole('textbox', { name: 'Prozentsatz', exact: true }).fill('5,5');
      await page.getByRole('textbox', { name: 'Auswertungsnummer', exact: true }).fill('8310');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(savedNotice(page)).toBeVisible();
      await page.getByRole('link', { name: 'Zurück' }).click();
      const row = page.getByRole('row', { name: new RegExp(escapeRegExp(taxName)) });
      await expect(row).toContainText('5,5');
      await expect(row).toContainText('8310');
    });

    await test.step("it is offered in an invoice position's tax choice and counted in the summary", async () => {
      await page
        .getByRole('navigation', { name: 'Hauptnavigation' })
        .getByRole('link', { name: 'Rechnungen', exact: true })
        .click();
      await page.getByRole('link', { name: 'Rechnung anlegen' }).first().click();
      await page.getByRole('button', { name: 'Position hinzufügen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Neue Position' });
      // The environment's rates, highest first (the template brings 19 %, 7 % and 0 %).
      const offered = dialog.getByRole('checkbox');
      await expect(offered).toHaveCount(4);
      for (const [i, name] of ['USt. 19 %', 'USt. 7 %', taxName, 'Steuerfrei (0 %)'].entries()) {
        await expect(offered.nth(i)).toHaveAccessibleName(name);
      }
      await dialog.getByRole('textbox', { name: 'Bezeichnung', exact: true }).fill('Fachbuch');
      await setTax(dialog, 'USt. 19 %', false);
      await setTax(dialog, taxName, true);
      const price = dialog.getByRole('textbox', { name: 'Einzelpreis', exact: true });
      await price.fill('20,10'); // 5,5 % of 20,10 = 1,1055 → 1,11
      await price.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(summaryOf(page)).toHaveText(
        new RegExp(
          `^\\s*${[`Summe netto ${euro(2010)}`, `${taxName} ${euro(111)}`, `Gesamtbetrag brutto ${euro(2121)}`]
            .map(loose)
            .join('\\s*')}\\s*$`,
        ),
      );
    });

    await test.step('an address created under /settings/addresses is listed and found by search', async () => {
      const name = `Lager Nord ${suffix}`;
      await navigateInApp(page, `/env/${env.url_slug}/settings/addresses`);
      await expect(page.getByRole('heading', { level: 1, name: 'Adressen' })).toBeVisible();
      await page.getByRole('link', { name: 'Adresse anlegen' }).first().click();
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await page.getByRole('textbox', { name: 'Straße', exact: true }).fill('Hafenweg');
      await page.getByRole('textbox', { name: 'Hausnummer', exact: true }).fill('7');
      await page.getByRole('textbox', { name: 'PLZ', exact: true }).fill('20457');
      await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Hamburg');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(savedNotice(page)).toBeVisible();
      await page.getByRole('link', { name: 'Zurück' }).click();
      await expect(page).toHaveURL(/\/settings\/addresses$/);

      const row = page.getByRole('row', { name: new RegExp(escapeRegExp(name)) });
      await expect(row).toContainText('Hafenweg');
      await expect(row).toContainText('20457');
      await expect(row).toContainText('Hamburg');
      const search = page.getByRole('textbox', { name: 'Suchen', exact: true });
      await search.fill(`Süd ${suffix}`);
      await expect(page.getByText('Keine Treffer')).toBeVisible();
      await expect(row).toHaveCount(0);
      await search.fill(`Nord ${suffix}`);
      await expect(page.getByText('Keine Treffer')).toHaveCount(0);
      await expect(page.getByRole('row')).toHaveCount(2); // header and the address
      await expect(row).toBeVisible();
    });
  });
});
