import { expect, type Locator, type Page, test } from '@playwright/test';
import { createEnvironment, createUser, uniqueName } from './support/api';
import { shotAtBothWidths } from './support/shots';
import { escapeRegExp, navigateInApp, openEnvironment } from './support/ui';

/**
 * The data-structure editor (spec 02 §2.2, §4, §5; issue 11): an administrator creates
 * 'Fahrzeuge' from a base type, adds a required plate number of at most 10 characters with a
 * model field, places them in the main form and the list, works with the new type at once and
 * removes the structure only after its record is gone.
 */

/** Screenshots and axe at 1280 and 375 px (support/shots.ts). */
const shot = (page: Page, name: string) => shotAtBothWidths(page, `data-structures-${name}`);

/**
 * A pointer drag as a person makes it: press on the grip, move in steps, release over the target.
 * The mouse reaches only what is in the viewport, so the page is scrolled first: the target low on
 * the screen (at 88 % of its height), where dnd-kit's default auto-scroll band (the outer 20 %)
 * scrolled the page on under the resting pointer and the drop missed the target.
 */
const dragOnto = async (page: Page, grip: Locator, target: Locator) => {
  await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    window.scrollBy(0, box.top + box.height / 2 - window.innerHeight * 0.88);
  });
  const from = await grip.boundingBox();
  const to = await target.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  if (!from || !to || from.y < 0 || to.y + to.height > height) throw new Error('grip or drop target not in view');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Past the sensor's 4 px activation distance first, then on to the target.
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
};

test('create Fahrzeuge, add fields, work with records, remove it only without records', async ({ page }) => {
  // Many steps, each looked at twice (1280 and 375 px) with an axe run: more than the default time.
  test.setTimeout(480_000);
  const user = await createUser('structures');
  const env = await createEnvironment(user.token, uniqueName('Fuhrpark'));
  const base = `/env/${env.url_slug}/settings/dynamic-records`;
  await openEnvironment(page, user, env.url_slug);

  await test.step('the list is empty and offers to create a structure', async () => {
    await navigateInApp(page, base);
    await expect(page.getByRole('heading', { level: 1, name: 'Datenstrukturen' })).toBeVisible();
    await expect(page.getByText('Noch keine Datenstrukturen.', { exact: false })).toBeVisible();
    await shot(page, 'list-empty');
    await page.getByRole('link', { name: 'Datenstruktur anlegen' }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(base)}/create$`));
  });

  await test.step('create from the base type Artikel; the key is suggested from the plural', async () => {
    await page.getByRole('textbox', { name: 'Bezeichnung (Einzahl)' }).fill('Fahrzeug');
    await page.getByRole('textbox', { name: 'Bezeichnung (Mehrzahl)' }).fill('Fahrzeuge');
    await expect(page.getByRole('textbox', { name: 'Kennung' })).toHaveValue('fahrzeuge');
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
    await expect(dialog.getByText('Es muss eine eindeutige Feld-Kennung angegeben werden')).toBeVisible();
    await expect(dialog.getByText('Es muss eine Feld-Bezeichnung angegeben werden')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Feld-Kennung' }).fill('kennzeichen');
    await dialog.getByRole('textbox', { name: 'Feld-Bezeichnung' }).fill('Kennzeichen');
    await dialog.getByRole('checkbox', { name: 'Pflichtfeld' }).check();
    await dialog.getByRole('checkbox', { name: 'Höchstlänge' }).check();
    await expect(dialog.getByRole('textbox', { name: 'Höchstlänge' })).toHaveValue('10');
    await dialog.getByRole('checkbox', { name: 'Als durchsuchbare, sortierbare Spalte in der Standard-Liste' }).check();
    await shot(page, 'field-editor');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Feld hinzufügen' }).click();
    await dialog.getByRole('textbox', { name: 'Feld-Kennung' }).fill('halter');
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
    await dialog.getByRole('textbox', { name: 'Formular-Kennung' }).fill('main');
    await dialog.getByRole('textbox', { name: 'Name des Formulars' }).fill('Zweitformular');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(dialog.getByText('Es gibt bereits ein Formular mit dieser Kennung')).toBeVisible();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();

    // Drag by keyboard (dnd-kit): Halter moves above Kennzeichen; a move clears the selection.
    const rows = page.getByRole('button', { name: /^(Kennzeichen|Halter) \d/ });
    await expect(rows).toHaveText([/^Kennzeichen/, /^Halter/]);
    const grip = page.getByRole('button', { name: 'Ziehen zum Verschieben: Halter' });
    await grip.focus();
    // A person's key presses come with time between them; dnd-kit settles the drop target after each.
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect(rows).toHaveText([/^Halter/, /^Kennzeichen/]);

    // Into another list by pointer: Halter is dragged by its grip into the new, empty card (mouse
    // down, a move in steps, up on the card's drop zone).
    await page.getByRole('button', { name: 'Karte einfügen' }).click();
    const dropZone = page.getByText('Hierher ziehen');
    await expect(dropZone).toBeVisible();
    await dragOnto(page, grip, dropZone);
    await expect(dropZone).toHaveCount(0);
    // Halter now comes after the top-level Kennzeichen, inside the card (the panel's choices below
    // confirm it); the drop cleared nothing else.
    await expect(rows).toHaveText([/^Kennzeichen/, /^Halter/]);
    // The keyboard way besides dragging: Kennzeichen goes into the card through the side panel's
    // "move to"; the move clears the selection.
    await page.getByRole('button', { name: /^Kennzeichen \d/ }).click();
    await page.getByRole('combobox', { name: 'Verschieben nach' }).click();
    await page.getByRole('option', { name: '– Karte: Neue Karte' }).click();
    await expect(page.getByText('Wählen Sie ein Element, um es zu bearbeiten.')).toBeVisible();

    // The live preview shows the pending form through the form engine: the card with the plate
    // number field in it; typing there saves nothing.
    const preview = page.getByRole('region', { name: 'Vorschau' });
    const previewCard = preview.getByText('Neue Karte');
    await expect(previewCard).toBeVisible();
    await expect(preview.getByRole('textbox', { name: 'Kennzeichen' })).toBeVisible();
    // Both moved fields sit in the card now, no longer at the top level.
    await page.getByRole('button', { name: /^Halter \d/ }).click();
    const targets = page.getByRole('combobox', { name: 'Verschieben nach' });
    await targets.click();
    await expect(page.getByRole('option', { name: 'Oberste Ebene' })).toBeVisible();
    await expect(page.getByRole('option', { name: '– Karte: Neue Karte' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await preview.getByRole('textbox', { name: 'Kennzeichen' }).fill('Probe');
    await expect(preview.getByRole('textbox', { name: 'Kennzeichen' })).toHaveValue('Probe');

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
    await dialog.getByRole('textbox', { name: 'Listen-Kennung' }).fill('main');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(dialog.getByText('Es gibt bereits eine Liste/Tabelle mit dieser Kennung.')).toBeVisible();
    await expect(dialog.getByText('Die Liste braucht einen Namen.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Listen-Kennung' }).fill('kurz');
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
    await shot(page, 'tables');
    await page.getByRole('tab', { name: 'Felder' }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(base)}/fahrzeuge/edit$`));
    await expect(page.getByRole('row', { name: /Kennzeichen.*kennzeichen/ })).toBeVisible();
    await shot(page, 'fields');
  });

  await test.step('settings: a new yes/no and a text setting, their values saved', async () => {
    await page.getByRole('button', { name: 'Einstellung hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Einstellung hinzufügen' });
    await dialog.getByRole('textbox', { name: 'Kennung der Einstellung' }).fill('1x');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(dialog.getByText('Die Einstellung braucht einen Namen.')).toBeVisible();
    await expect(dialog.getByText('Die Kennung darf nur Buchstaben, Ziffern und Unterstriche enthalten')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name der Einstellung' }).fill('Wartung erinnern');
    await dialog.getByRole('textbox', { name: 'Kennung der Einstellung' }).fill('wartung');
    await dialog.getByText('Ja/Nein').click();
    await expect(dialog.getByRole('radio', { name: 'Ja/Nein' })).toBeChecked();
    await shot(page, 'setting-add');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(base)}/fahrzeuge/edit/settings$`));
    await page.getByRole('switch', { name: 'Wartung erinnern' }).check({ force: true });

    await page.getByRole('button', { name: 'Einstellung hinzufügen' }).click();
    await dialog.getByRole('textbox', { name: 'Name der Einstellung' }).fill('Standort');
    await dialog.getByRole('textbox', { name: 'Kennung der Einstellung' }).fill('wartung');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(dialog.getByText('Es gibt bereits eine Einstellung mit dieser Kennung.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Kennung der Einstellung' }).fill('standort');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await page.getByRole('textbox', { name: 'Standort' }).fill('Halle 3');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Die Datenstruktur wurde erfolgreich gespeichert')).toBeVisible();
    await shot(page, 'settings');

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Wartung erinnern' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Standort' })).toHaveValue('Halle 3');
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
    await page.getByRole('button', { name: 'Entfernen', exact: true }).click();
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
    await dialog.getByRole('textbox', { name: 'Kennung der Datenstruktur' }).fill('  fahrzeuge ');
    await shot(page, 'delete');
    await confirm.click();
    await expect(page.getByText('Die Datenstruktur wurde entfernt.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(base)}$`));
    await expect(page.getByText('Noch keine Datenstrukturen.', { exact: false })).toBeVisible();
  });
});

test('every tab of a preset structure with exports: screenshots and axe at 1280 and 375 px', async ({ page }) => {
  const user = await createUser('structures-tabs');
  const env = await createEnvironment(user.token, uniqueName('Werkstatt'), 'craftsman');
  await openEnvironment(page, user, env.url_slug);
  const editor = `/env/${env.url_slug}/settings/dynamic-records/invoices/edit`;
  await navigateInApp(page, editor);
  await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
  const tabs = await page.getByRole('tab').allInnerTexts();
  expect(tabs).toEqual(expect.arrayContaining(['Felder', 'Formulare', 'Tabellen', 'Exporte']));
  for (const name of tabs) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
    await shot(page, `invoices-${name.toLowerCase()}`);
  }
});
