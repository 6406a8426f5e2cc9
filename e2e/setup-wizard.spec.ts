import { expect, type Page, test } from '@playwright/test';
import { createEnvironment, createUser, uniqueName } from './support/api';
import { escapeRegExp, loginViaUi } from './support/ui';

/** The wizard's progress bar: (step + 1) / 4 × 100 − 15, 99 at 'Abschließen' (spec 01 §4). */
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Fortschritt der Konfiguration' });

/** The step the wizard shows: its list entry is marked as the current step. */
const currentStep = (page: Page) => page.locator('[aria-current="step"]');

/** A saved step in the step list: a button that goes back to it. */
const stepButton = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(escapeRegExp(title)) });

const stepTitles = {
  company: 'Firmeninformationen erfassen',
  address: 'Rechnungsadresse',
  bank: 'Bankverbindung',
  finish: 'Abschließen',
} as const;

const expectStep = async (page: Page, title: string, percent: number) => {
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(currentStep(page)).toContainText(title);
  await expect(progress(page)).toHaveAttribute('aria-valuenow', String(percent));
};

test.describe('setup wizard (spec 01 §2 "Setup wizard", §4, §8)', () => {
  test('a new environment is configured step by step: field errors, going back, resuming after a reload', async ({
    page,
  }) => {
    const user = await createUser('wizard', { firstname: 'Wilma', name: 'Wagner' });
    const envName = uniqueName('Schreinerei Wagner');
    const companyName = `${envName} GmbH`;
    await loginViaUi(page, user.email, user.password);

    const slug = await test.step('create an environment from a template and choose to configure it', async () => {
      await page.getByRole('link', { name: 'Neue Firmenumgebung erstellen' }).click();
      await page.getByLabel('Name der Firmenumgebung').fill(envName);
      await page.getByRole('radio', { name: /Handwerksbetrieb/ }).click();
      const created = page.waitForResponse((r) => r.url().endsWith('/api/environments/create'));
      await page.getByRole('button', { name: 'Firmenumgebung erstellen', exact: true }).click();
      const body = (await (await created).json()) as { data: { environment: { url_slug: string } } };
      const urlSlug = body.data.environment.url_slug;
      await expect(page.getByRole('heading', { name: 'Firmenumgebung erstellt' })).toBeVisible();
      await page.getByRole('link', { name: 'Jetzt konfigurieren' }).click();
      await expect(page).toHaveURL(new RegExp(`/create-environment/setup/${escapeRegExp(urlSlug)}$`));
      return urlSlug;
    });

    await test.step('Schritt 1: company name, date format, currency and language', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Firmenumgebung konfigurieren' })).toBeVisible();
      await expectStep(page, stepTitles.company, 10);
      // Spec 01 §2 names the steps 'Schritt 1 Firmeninformationen erfassen', 'Schritt 2 …', 'Schritt 3 …'.
      await expect(
        page.getByRole('heading', { level: 2, name: 'Schritt 1 Firmeninformationen erfassen' }),
      ).toBeVisible();
      for (const name of [
        'Schritt 1 Firmeninformationen erfassen',
        'Schritt 2 Rechnungsadresse',
        'Schritt 3 Bankverbindung',
      ])
        await expect(page.getByRole('list').first()).toContainText(name);
      // Steps not saved yet cannot be chosen.
      await expect(stepButton(page, stepTitles.address)).toHaveCount(0);
      await expect(stepButton(page, stepTitles.bank)).toHaveCount(0);
      const name = page.getByRole('textbox', { name: 'Name der Firma', exact: true });
      await expect(name).toHaveValue(envName);
      await name.fill(companyName);
      await page.getByRole('combobox', { name: 'Datumsformat' }).selectOption('YYYY-MM-DD');
      await page.getByRole('combobox', { name: 'Währung' }).selectOption({ label: 'US-Dollar ($)' });
      await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de_sie');
      await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'Deutsch (Sie)' });
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expectStep(page, stepTitles.address, 35);
      await expect(stepButton(page, stepTitles.company)).toBeVisible();
    });

    await test.step('Schritt 2: an invalid zip is refused under its field, a valid one passes', async () => {
      await page.getByRole('textbox', { name: 'Name / Firma', exact: true }).fill(companyName);
      await page.getByRole('textbox', { name: 'Zusatz', exact: true }).fill('Werkstatt im Hinterhof');
      await page.getByRole('textbox', { name: 'Straße', exact: true }).fill('Hauptstraße');
      await page.getByRole('textbox', { name: 'Hausnummer', exact: true }).fill('12a');
      const zip = page.getByRole('textbox', { name: 'PLZ', exact: true });
      await zip.fill('1234');
      await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Köln');
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(zip).toHaveAccessibleDescription('Es muss eine gültige Postleitzahl angegeben werden');
      await expect(zip).toHaveAttribute('aria-invalid', 'true');
      await expectStep(page, stepTitles.address, 35);
      await zip.fill('50667');
      await expect(zip).not.toHaveAttribute('aria-invalid', 'true'); // a changed value drops its message
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expectStep(page, stepTitles.bank, 60);
    });

    await test.step('a reload resumes at the first unsaved step, with the saved steps clickable', async () => {
      await page.reload();
      await expectStep(page, stepTitles.bank, 60);
      await expect(stepButton(page, stepTitles.company)).toBeVisible();
      await expect(stepButton(page, stepTitles.address)).toBeVisible();
    });

    await test.step('the saved steps show what was saved', async () => {
      await stepButton(page, stepTitles.company).click();
      await expectStep(page, stepTitles.company, 10);
      await expect(page.getByRole('textbox', { name: 'Name der Firma', exact: true })).toHaveValue(companyName);
      await expect(page.getByRole('combobox', { name: 'Datumsformat' })).toHaveValue('YYYY-MM-DD');
      await expect(page.getByRole('combobox', { name: 'Währung' })).toHaveValue('us_dollar');
      await stepButton(page, stepTitles.address).click();
      await expectStep(page, stepTitles.address, 35);
      await expect(page.getByRole('textbox', { name: 'PLZ', exact: true })).toHaveValue('50667');
      await expect(page.getByRole('textbox', { name: 'Hausnummer', exact: true })).toHaveValue('12a');
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expectStep(page, stepTitles.bank, 60);
    });

    await test.step('Schritt 3: an invalid IBAN is refused under its field, a valid one passes', async () => {
      await page.getByRole('textbox', { name: 'Kontoinhaber', exact: true }).fill(companyName);
      await page.getByRole('textbox', { name: 'Bank', exact: true }).fill('Commerzbank Köln');
      const iban = page.getByRole('textbox', { name: 'IBAN', exact: true });
      await iban.fill('DE89 3704 0044 0532 0130 01'); // checksum off by one digit
      await page.getByRole('textbox', { name: 'BIC', exact: true }).fill('COBADEFFXXX');
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(iban).toHaveAccessibleDescription('Es muss eine gültige IBAN angegeben werden');
      await expectStep(page, stepTitles.bank, 60);
      await iban.fill('DE89 3704 0044 0532 0130 00');
      await page.getByRole('button', { name: 'Weiter' }).click();
    });

    await test.step("'Abschließen' confirms and leads into the environment", async () => {
      await expect(page.getByRole('heading', { level: 2, name: 'Konfiguration abgeschlossen' })).toBeVisible();
      await expect(currentStep(page)).toContainText(stepTitles.finish);
      await expect(progress(page)).toHaveAttribute('aria-valuenow', '99');
      await page.getByRole('button', { name: 'Zur Firmenumgebung' }).click();
      await expect(page).toHaveURL(new RegExp(`/env/${escapeRegExp(slug)}$`));
      await expect(page.getByRole('banner').getByText(companyName)).toBeVisible();
      await expect(
        page
          .getByRole('navigation', { name: 'Hauptnavigation' })
          .getByRole('link', { name: 'Rechnungen', exact: true }),
      ).toBeVisible();
    });

    await test.step('the invoice address of step 2 is one of the environment addresses', async () => {
      await page.goto(`/env/${slug}/settings/addresses`);
      const row = page.getByRole('row', { name: new RegExp(escapeRegExp(companyName)) });
      await expect(row).toContainText('Hauptstraße');
      await expect(row).toContainText('50667');
      await expect(row).toContainText('Köln');
    });
  });

  test("'Abbrechen' asks first; confirming leaves the wizard for the start page", async ({ page }) => {
    const user = await createUser('wizard-cancel');
    const env = await createEnvironment(user.token, uniqueName('Abbruch'));
    await loginViaUi(page, user.email, user.password);
    await page.goto(`/create-environment/setup/${env.url_slug}`);
    await expectStep(page, stepTitles.company, 10);

    await test.step('keeping on configuring closes the question only', async () => {
      await page.getByRole('button', { name: 'Abbrechen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Konfiguration abbrechen' });
      await expect(dialog).toContainText('Soll die Konfiguration wirklich abgebrochen werden?');
      await dialog.getByRole('button', { name: 'Weiter konfigurieren' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/create-environment/setup/${escapeRegExp(env.url_slug)}$`));
      await expectStep(page, stepTitles.company, 10);
    });

    await test.step('confirming goes to / (which sends a logged-in user on to /account)', async () => {
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await page.getByRole('button', { name: 'Abbrechen' }).click();
      await page
        .getByRole('dialog', { name: 'Konfiguration abbrechen' })
        .getByRole('button', { name: 'Ja, abbrechen' })
        .click();
      await expect(page.getByRole('heading', { name: 'Firmenumgebung auswählen' })).toBeVisible();
      await expect(page).toHaveURL(/\/account$/);
      expect(visited).toContain('/');
      // Nothing was saved: the wizard starts at step 1 again.
      await page.goto(`/create-environment/setup/${env.url_slug}`);
      await expectStep(page, stepTitles.company, 10);
    });
  });
});
