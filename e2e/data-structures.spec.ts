import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createEnvironment, createUser, uniqueName } from './support/api';
import { escapeRegExp, openEnvironment } from './support/ui';

/**
 * The data-structure editor (spec 02 §2.2, §4, §5; issue 11): an administrator creates
 * 'Fahrzeuge' from a base type, adds a required plate number of at most 10 characters with a
 * model field, places them in the main form and the list, works with the new type at once and
 * removes the structure only after its record is gone.
 */

/** Screenshots at desktop and phone width (looked at by a person), and no serious axe finding at either. */
const shot = async (page: Page, name: string) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // The shell's navigation slides between its desktop and phone layouts: let it settle.
    await page.waitForTimeout(500);
    await page.screenshot({ path: `test-results/screens/data-structures-${name}-${width}.png`, fullPage: true });
    // The settings area's own header (overline, 'bald' tabs) belongs to the settings screens (issue 10).
    // With a dialog open only the dialog is checked: the page behind lies under the overlay.
    const dialogOpen = (await page.getByRole('dialog').count()) > 0;
    const axe = new AxeBuilder({ page });
    const scoped = dialogOpen
      ? axe.include('[role="dialog"]')
      : axe.exclude('nav[aria-label="Bereiche der Einstellungen"]').exclude('[class*="overline"]');
    const { violations } = await scoped.analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('create Fahrzeuge, add fields, work with records, remove it only without records', async ({ page }) => {
  const user = await createUser('structures');
  const env = await createEnvironment(user.token, uniqueName('Fuhrpark'));
  const base = `/env/${env.url_slug}/settings/dynamic-records`;
  await openEnvironment(page, user, env.url_slug);

  await test.step('the list is empty and offers to create a structure', async () => {
    await page.goto(base);
    await expect(page.getByRole('heading', { level: 1, name: 'Datenstrukturen' })).toBeVisible();
    await expect(page.getByText('Noch keine Datenstrukturen.', { exact: false })).toBeVisible();
    await shot(page, 'list-empty');
    await page.getByRole('link', { name: 'Datenstruktur anlegen' }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(base)}/create$`));
  });

  await test.step('create from the base type Artikel; the key is suggested from the plural', async () => {
    await page.getByRole('textbox', { name: 'Bezeichnung (Einzahl)' }).fill('Fahrzeug');
    await page.getByRole('textbox', { name: 'Bezeichnung (Mehrzahl)' }).fill('Fahrzeuge');
    await expect(page.getByRole('textbox', { name: 'Key' })).toHaveValue('fahrzeuge');
    await page.getByRole('combobox', { name: 'Basis' }).click();
    await page.getByRole('option', { name: 'Artikel' }).click();
    await shot(page, 'create');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(base)}/fahrzeuge/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Fahrzeuge' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Bezeichnung.*geerbt/ })).toBeVisible();
  });

  await test.step('add a required plate number (max. 10) to the main form and as a list column', async () => {
    await page.getByRole('button', { name: 'Feld hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Feld' });
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(dialog.getByText('Es muss ein eindeutiger Feld-Key angegeben werden')).toBeVisible();
    await expect(dialog.getByText('Es muss eine Feld-Bezeichnung angegeben werden')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Feld-Key' }).fill('kennzeichen');
    await dialog.getByRole('textbox', { name: 'Feld-Bezeichnung' }).fill('Kennzeichen');
    await dialog.getByRole('checkbox', { name: 'Pflichtfeld' }).check();
    await dialog.getByRole('checkbox', { name: 'Höchstlänge' }).check();
    await expect(dialog.getByRole('textbox', { name: 'Höchstlänge' })).toHaveValue('10');
    await dialog.getByRole('checkbox', { name: 'Als durchsuchbare, sortierbare Spalte in der Standard-Liste' }).check();
    await shot(page, 'field-editor');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Feld hinzufügen' }).click();
    await dialog.getByRole('textbox', { name: 'Feld-Key' }).fill('halter');
    await dialog.getByRole('textbox', { name: 'Feld-Bezeichnung' }).fill('Halter');
    await dialog.getByRole('combobox', { name: 'Feld-Typ' }).click();
    await page.getByRole('option', { name: 'Verknüpfung (ein Datensatz)' }).click();
    await dialog.getByRole('combobox', { name: 'Auswahl aus' }).click();
    await page.getByRole('option', { name: 'Kunden' }).click();
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByText('Ungespeicherte Änderungen')).toBeVisible();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Die Datenstruktur wurde erfolgreich gespeichert')).toBeVisible();
  });

  await test.step('the forms tab: the main form stays, a new form key is unique, the builder edits widths', async () => {
    await page.getByRole('tab', { name: 'Formulare' }).click();
    await page.getByRole('button', { name: 'Formular entfernen' }).click();
    await expect(page.getByText('Das Hauptformular kann nicht entfernt werden.')).toBeVisible();
    await page.getByRole('button', { name: 'Formular hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Formular hinzufügen' });
    await dialog.getByRole('textbox', { name: 'Formular-Key' }).fill('main');
    await dialog.getByRole('textbox', { name: 'Name des Formulars' }).fill('Zweitformular');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(dialog.getByText('Es gibt bereits ein Formular mit diesem Key')).toBeVisible();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();

    // Drag by keyboard (dnd-kit): Halter moves above Kennzeichen; a move clears the selection.
    const rows = page.getByRole('button', { name: /^(Kennzeichen|Halter) \d/ });
    await expect(rows).toHaveText([/^Kennzeichen/, /^Halter/]);
    const grip = page.getByRole('button', { name: 'Ziehen zum Verschieben: Halter' });
    await grip.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect(rows).toHaveText([/^Halter/, /^Kennzeichen/]);

    await page.getByRole('button', { name: /^Kennzeichen \d/ }).click();
    await page.getByRole('textbox', { name: 'Breite (Spalten von 12)' }).fill('4');
    await shot(page, 'form-builder');
    await page.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(page.getByRole('button', { name: /^Kennzeichen \d/ })).toContainText('4/12');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Die Datenstruktur wurde erfolgreich gespeichert')).toBeVisible();
  });

  await test.step('the tables tab: a second list needs a unique key and a name', async () => {
    await page.getByRole('tab', { name: 'Tabellen' }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(base)}/fahrzeuge/edit/tables$`));
    await page.getByRole('button', { name: 'Liste hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Liste' });
    await dialog.getByRole('textbox', { name: 'Listen-Key' }).fill('main');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(dialog.getByText('Es gibt bereits eine Liste/Tabelle mit diesem Key.')).toBeVisible();
    await expect(dialog.getByText('Die Liste braucht einen Namen.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Listen-Key' }).fill('kurz');
    await dialog.getByRole('textbox', { name: 'Name der Liste' }).fill('Kurzliste');
    await dialog.getByRole('button', { name: 'Spalte hinzufügen' }).click();
    await dialog.getByRole('combobox', { name: 'Feld' }).click();
    await page.getByRole('option', { name: 'Kennzeichen' }).click();
    await dialog.getByRole('checkbox', { name: 'Durchsuchbar' }).check();
    await dialog.getByRole('checkbox', { name: 'Sortierbar' }).check();
    await shot(page, 'list-editor');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Kurzliste')).toBeVisible();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Die Datenstruktur wurde erfolgreich gespeichert')).toBeVisible();
    await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);
    await shot(page, 'editor');
  });

  await test.step('the new form refuses a plate number of 11 characters and takes a valid one', async () => {
    await page.goto(`/env/${env.url_slug}/dyn/fahrzeuge/new/edit`);
    await page.getByRole('textbox', { name: 'Bezeichnung', exact: true }).fill('Transporter');
    await page.getByRole('textbox', { name: 'Kennzeichen', exact: true }).fill('B-KT 123456');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Es dürfen maximal 10 Zeichen angegeben werden')).toBeVisible();
    await page.getByRole('textbox', { name: 'Kennzeichen', exact: true }).fill('B-KT 42');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Der Datensatz wurde erfolgreich gespeichert.' }),
    ).toBeVisible();
  });

  await test.step('the new list finds the record by its plate number', async () => {
    await page.goto(`/env/${env.url_slug}/dyn/fahrzeuge`);
    const search = page.getByRole('textbox', { name: 'Suchen', exact: true });
    await search.fill('kt 4');
    await expect(page.getByRole('row', { name: /B-KT 42/ })).toBeVisible();
    await search.fill('xyz');
    await expect(page.getByText('Keine Treffer')).toBeVisible();
  });

  await test.step('removal waits until the record is gone, then needs the typed key', async () => {
    await page.goto(`${base}/fahrzeuge/edit`);
    await expect(page.getByText(/keine Datensätze mehr enthält \(1 vorhanden\)/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Datenstruktur entfernen' })).toBeDisabled();

    await page.goto(`/env/${env.url_slug}/dyn/fahrzeuge`);
    await page
      .getByRole('row', { name: /B-KT 42/ })
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('button', { name: 'Entfernen' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Entfernen|Ja/ })
      .click();
    await expect(page.getByRole('row', { name: /B-KT 42/ })).toHaveCount(0);

    await page.goto(`${base}/fahrzeuge/edit`);
    await page.getByRole('button', { name: 'Datenstruktur entfernen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Datenstruktur entfernen' });
    const confirm = dialog.getByRole('button', { name: 'Endgültig entfernen' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Key der Datenstruktur' }).fill('  fahrzeuge ');
    await shot(page, 'delete');
    await confirm.click();
    await expect(page.getByText('Die Datenstruktur wurde entfernt.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(base)}$`));
    await expect(page.getByText('Noch keine Datenstrukturen.', { exact: false })).toBeVisible();
  });
});
