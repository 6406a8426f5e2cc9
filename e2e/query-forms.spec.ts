import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createEnvironment, createUser, postOk } from './support/api';
import { expectNoSeriousA11yViolations, expectNoSeriousAxeFindings, wcag21aa } from './support/axe';
import { linkIn, waitForMail } from './support/mailbox';
import { settleLayout, shotAtBothWidths } from './support/shots';
import { navigateInApp, openEnvironment } from './support/ui';

/**
 * Query forms (spec 02 §2.7, issue 12): build a form with four question types in the editor,
 * publish it, fill it on the public page in a fresh browser context (also without JavaScript),
 * see the answer in the details table, export CSV; a fill-once form refuses a second answer.
 */

/**
 * axe on the back office's content (`main`, or an open dialog): the shell's sidebar has a finding
 * of its own (section headings' contrast) that is not part of this feature.
 */
const expectAccessibleContent = (page: Page, what: string, scope = 'main') =>
  expectNoSeriousAxeFindings(page, what, { include: [scope], tags: wcag21aa });

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-queryforms';
fs.mkdirSync(shots, { recursive: true });
const shot = async (page: Page, name: string) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // Only the back office's shell slides; the public pages are served without it (and the
    // visitor without JavaScript could not even be asked).
    if (new URL(page.url()).pathname.startsWith('/env/')) await settleLayout(page);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/** Opens the editor's modal of question `index` and fills it. */
const editQuestion = async (
  page: Page,
  title: string,
  options: { type?: string; key?: string; required?: boolean; choices?: string[] } = {},
) => {
  const modal = page.getByRole('dialog', { name: 'Frage bearbeiten' });
  await expect(modal).toBeVisible();
  if (options.type) {
    await modal.getByRole('combobox', { name: 'Fragetyp' }).click();
    await page.getByRole('option', { name: options.type, exact: true }).click();
  }
  await modal.getByLabel('Frage', { exact: true }).fill(title);
  if (options.key) await modal.getByLabel('Kennung', { exact: true }).fill(options.key);
  if (options.required) await modal.getByLabel('Feld muss beantwortet / ausgefüllt werden (Pflichtfeld)').check();
  // Issue 31 item 5: an option is one label; its stored value is derived.
  for (const [i, label] of (options.choices ?? []).entries()) {
    await modal.getByRole('button', { name: 'Möglichkeit hinzufügen' }).click();
    await modal.getByLabel(`Möglichkeit ${i + 1}`).fill(label);
  }
  await modal.getByRole('button', { name: 'Frage übernehmen' }).click();
  await expect(modal).toBeHidden();
};

const addQuestion = async (page: Page) => {
  await page.getByRole('button', { name: 'Element hinzufügen' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sektion hinzufügen' })).toBeDisabled();
  await page.getByRole('menuitem', { name: 'Frage hinzufügen' }).click();
};

test('build, publish, fill without and with JavaScript, see the answers and export CSV', async ({ page, browser }) => {
  const owner = await createUser('forms');
  const env = await createEnvironment(owner.token, 'Fliesen Müller GmbH', 'craftsman');
  await openEnvironment(page, owner, env.url_slug);

  // The page 'Formulare' with its tabs; the list starts empty.
  await page.getByRole('navigation').getByRole('link', { name: 'Formulare' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Formulare' })).toBeVisible();
  await expect(page.getByText('Noch keine Formulare.')).toBeVisible();
  await page.getByRole('tab', { name: 'Einstellungen' }).click();
  await expect(page).toHaveURL(/\/query-forms\/settings$/);
  await page.getByRole('tab', { name: 'Web-Formulare' }).click();
  await expect(page).toHaveURL(/\/query-forms\/settings\/html$/);
  await page.getByLabel('Titel der Formularseiten').fill('Fliesen Müller – Anfragen');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Einstellungen wurden gespeichert.')).toBeVisible();
  await expectAccessibleContent(page, 'query forms settings');
  await page.getByRole('tab', { name: 'Übersicht' }).click();

  // The editor: four question types, required, order, answer-table columns, publication.
  await page.getByRole('link', { name: 'Neues Formular' }).click();
  await expect(page).toHaveURL(/\/query-forms\/form\/new\/edit$/);
  await page.getByLabel('Titel').fill('Aufmaß vor Ort');
  await addQuestion(page);
  await editQuestion(page, 'Ihr Name', { key: 'name', required: true });
  await addQuestion(page);
  await editQuestion(page, 'Anzahl Räume', { type: 'Zahl', key: 'rooms' });
  await addQuestion(page);
  await editQuestion(page, 'Welcher Raum?', {
    type: 'Auswahl',
    key: 'room',
    choices: ['Bad', 'Küche'],
  });
  await addQuestion(page);
  await editQuestion(page, 'Wunschtermin', { type: 'Datum', key: 'date' });
  const questions = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Frage bearbeiten/ }) });
  await expect(questions).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Nach oben: Ihr Name' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Nach unten: Wunschtermin' })).toBeDisabled();
  await expect(questions.first().getByText('Pflichtfeld')).toBeVisible();
  await page.getByRole('button', { name: 'Nach unten: Anzahl Räume' }).click();
  await expect(questions.nth(2)).toContainText('Anzahl Räume');
  await page.getByRole('button', { name: 'Nach oben: Anzahl Räume' }).click();

  // Issue 31 item 5: until changed by hand, the answer table shows every question under its title.
  const removeButtons = page.getByRole('button', { name: /^Spalte „.*“ entfernen$/ });
  const headings = page.getByRole('textbox', { name: 'Überschrift' });
  await expect(
    page.getByText('Die Tabelle zeigt jede Frage als Spalte mit ihrem Titel.', { exact: false }),
  ).toBeVisible();
  await expect(headings).toHaveCount(4);
  await expect(headings.nth(0)).toHaveValue('Ihr Name');
  await expect(headings.nth(2)).toHaveValue('Welcher Raum?');
  await page.getByRole('button', { name: 'Frage bearbeiten: Wunschtermin' }).click();
  await editQuestion(page, 'Wunschtermin (ab)');
  await expect(headings.nth(3)).toHaveValue('Wunschtermin (ab)');
  await page.getByRole('button', { name: 'Spalte „rooms“ entfernen' }).click();
  await expect(removeButtons).toHaveCount(3);
  await expect(page.getByText('Jede Spalte zeigt die Antwort auf eine Frage', { exact: false })).toBeVisible();

  await page.getByLabel('Über eine generierte Website ausfüllbar').check();
  await expect(page.getByText('Der Link wird nach dem Speichern generiert.')).toBeVisible();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Das Formular wurde erfolgreich gespeichert.')).toBeVisible();
  await expect(page).toHaveURL(/\/query-forms\/form\/[0-9a-f-]{36}\/edit$/);
  const urlField = page.getByLabel('Adresse der Formularseite');
  await expect(urlField).toHaveValue(new RegExp(`/forms/${env.url_slug}/[A-Za-z0-9_-]{32}$`));
  const publicUrl = await urlField.inputValue();
  await expect(page.getByRole('link', { name: 'Öffnen' })).toHaveAttribute('href', publicUrl);
  await expectAccessibleContent(page, 'query form editor');
  await shot(page, 'editor');

  // The options were stored under values derived from their labels.
  const formId = /form\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] ?? '';
  const stored = await postOk('/api/query-forms/details', { _env: env.url_slug, id: formId }, owner.token);
  const choice = (stored.data as { definition: { key: string; options?: unknown }[] }).definition.find(
    (q) => q.key === 'room',
  );
  expect(choice?.options).toEqual([
    { value: 'bad', label: 'Bad' },
    { value: 'kueche', label: 'Küche' },
  ]);

  // A question modal, looked at: one label per option.
  await page.getByRole('button', { name: 'Frage bearbeiten: Welcher Raum?' }).click();
  await expect(page.getByRole('dialog', { name: 'Frage bearbeiten' })).toBeVisible();
  await expect(page.getByLabel('Möglichkeit 2')).toHaveValue('Küche');
  await expectAccessibleContent(page, 'question modal', '[role=dialog]');
  await shot(page, 'question-modal');
  await shotAtBothWidths(page, 'query-forms-question-editor');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Frage bearbeiten' })).toBeHidden();

  // A visitor without JavaScript: a fresh context, server-rendered page, keyboard and labels.
  const noJs = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
  const visitor = await noJs.newPage();
  await visitor.goto(publicUrl);
  await expect(visitor.getByRole('heading', { name: 'Aufmaß vor Ort' })).toBeVisible();
  await expect(visitor.getByText('Fliesen Müller – Anfragen')).toBeVisible();
  await shot(visitor, 'public-form-nojs');
  // Server-side validation: a wrong number comes back with its message, linked to the input.
  await visitor.getByLabel(/Ihr Name/).fill('<script>alert(1)</script> Erika');
  await visitor.getByLabel('Anzahl Räume').fill('drei');
  await visitor.waitForTimeout(3200);
  await visitor.getByRole('button', { name: 'Absenden' }).click();
  await expect(visitor.getByText('Es muss eine gültige Zahl angegeben werden').first()).toBeVisible();
  await expect(visitor.getByLabel(/Ihr Name/)).toHaveValue('<script>alert(1)</script> Erika');
  await expect(visitor.getByLabel('Anzahl Räume')).toHaveAttribute('aria-describedby', 'f-rooms-error');
  await shot(visitor, 'public-form-errors');
  await visitor.getByLabel('Anzahl Räume').fill('3');
  await visitor.getByLabel('Küche').check();
  await visitor.getByLabel('Wunschtermin').fill('2026-12-01');
  await visitor.waitForTimeout(3200);
  await visitor.getByRole('button', { name: 'Absenden' }).click();
  await expect(visitor.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible();
  await shot(visitor, 'public-thanks');
  await noJs.close();

  // And one with JavaScript.
  const withJs = await browser.newContext({ locale: 'de-DE' });
  const second = await withJs.newPage();
  await second.goto(publicUrl);
  // axe needs scripts in the page: the same server-rendered page, checked here.
  await expectNoSeriousA11yViolations(second, 'public form');
  await shot(second, 'public-form');
  await second.getByLabel(/Ihr Name/).fill("=cmd|' /C calc'!A0");
  await second.getByLabel('Bad').check();
  await second.waitForTimeout(3200);
  await second.getByRole('button', { name: 'Absenden' }).click();
  await expect(second.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible();
  await withJs.close();

  // Details: the answers table (as text), the website link, CSV.
  await page.getByRole('link', { name: 'Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aufmaß vor Ort' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Formularseite öffnen/ })).toHaveAttribute('href', publicUrl);
  const table = page.getByRole('table', { name: 'Antworten' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('<script>alert(1)</script> Erika');
  await expect(table).toContainText("=cmd|' /C calc'!A0");
  await expect(table.getByRole('columnheader')).toContainText(['Ihr Name', 'Welcher Raum?', 'Wunschtermin (ab)']);
  await expect(table.getByRole('row', { name: /Erika/ })).toContainText('Küche');
  await expectAccessibleContent(page, 'query form details');
  await shot(page, 'details');
  await shotAtBothWidths(page, 'query-forms-answers-table');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV exportieren' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('aufmass-vor-ort-antworten.csv');
  const bytes = fs.readFileSync((await download.path()) ?? '');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString('utf8').slice(1);
  expect(csv.split('\r\n')[0]).toBe('Ihr Name;Anzahl Räume;Welcher Raum?;Wunschtermin (ab);Eingegangen am');
  expect(csv).toContain('<script>alert(1)</script> Erika;3;Küche;01.12.2026;');
  expect(csv).toContain("'=cmd|' /C calc'!A0;;Bad;;");

  // The list shows the form with its answers; the settings area has its own entry.
  await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
  const list = page.getByRole('table', { name: 'Formulare' });
  await expect(list.getByRole('row', { name: /Aufmaß vor Ort/ })).toContainText(/Aufmaß vor Ort\s*2\s*Ja\s*Nein/);
  await expectAccessibleContent(page, 'query form list');
  await shot(page, 'list');
  await navigateInApp(page, `/env/${env.url_slug}/settings/query-forms`);
  await expect(page.getByRole('heading', { level: 1, name: 'Formulare' })).toBeVisible();
  await expect(page.getByLabel('Titel der Formularseiten')).toHaveValue('Fliesen Müller – Anfragen');
});

test('a fill-once form takes one answer; the second visitor is refused', async ({ browser }) => {
  const owner = await createUser('once');
  const env = await createEnvironment(owner.token, 'Einmal GmbH', 'craftsman');
  const saved = await postOk(
    '/api/query-forms/save',
    {
      _env: env.url_slug,
      id: 'new',
      title: 'Anmeldung',
      definition: [
        { type: 'question', questionType: 'string', key: 'name', title: 'Name', columns: 12, required: true },
      ],
      answer_table_columns: [{ type: 'setting-field', mapping: 'name', label: 'Name' }],
      filled_once: true,
      publications: { html_website: { is_active: true, publish_key: null } },
    },
    owner.token,
  );
  const id = (saved.data as { id: string }).id;
  const details = await postOk('/api/query-forms/details', { _env: env.url_slug, id }, owner.token);
  const url = (details.data as { public_url: string }).public_url;

  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  await first.goto(url);
  await second.goto(url);
  await first.getByLabel(/Name/).fill('Erste');
  await second.getByLabel(/Name/).fill('Zweite');
  await first.waitForTimeout(3200);
  await first.getByRole('button', { name: 'Absenden' }).click();
  await expect(first.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible();
  await second.getByRole('button', { name: 'Absenden' }).click();
  await expect(second.getByRole('heading', { name: 'Bereits ausgefüllt' })).toBeVisible();
  await expect(
    second.getByText('Dieses Formular wurde bereits ausgefüllt und nimmt keine weiteren Antworten an.'),
  ).toBeVisible();
  await second.goto(url);
  await expect(second.getByRole('heading', { name: 'Bereits ausgefüllt' })).toBeVisible();
  const after = await postOk('/api/query-forms/details', { _env: env.url_slug, id }, owner.token);
  expect((after.data as { answers: number }).answers).toBe(1);
});

test('a portal customer logs in by mail link and fills a linked form', async ({ browser }) => {
  const owner = await createUser('portal');
  const env = await createEnvironment(owner.token, 'Portal Müller GmbH', 'craftsman');
  const _env = env.url_slug;
  const saved = await postOk(
    '/api/query-forms/save',
    {
      _env,
      id: 'new',
      title: 'Einverständniserklärung',
      definition: [
        { type: 'question', questionType: 'string', key: 'name', title: 'Ihr Name', columns: 12, required: true },
        {
          type: 'question',
          questionType: 'signature',
          key: 'sign',
          title: 'Unterschrift',
          columns: 12,
          required: true,
        },
      ],
      answer_table_columns: [{ type: 'setting-field', mapping: 'name', label: 'Name' }],
      filled_once: false,
      publications: { html_website: { is_active: false, publish_key: null } },
    },
    owner.token,
  );
  const form = (saved.data as { id: string }).id;
  // A second form the customer may fill several times and change afterwards (multiple + editable).
  const address = await postOk(
    '/api/query-forms/save',
    {
      _env,
      id: 'new',
      title: 'Lieferadresse',
      definition: [
        { type: 'question', questionType: 'string', key: 'street', title: 'Straße', columns: 12, required: true },
        { type: 'question', questionType: 'text', key: 'hint', title: 'Hinweis', columns: 12, required: false },
      ],
      answer_table_columns: [{ type: 'setting-field', mapping: 'street', label: 'Straße' }],
      filled_once: false,
      publications: { html_website: { is_active: false, publish_key: null } },
    },
    owner.token,
  );
  const addressForm = (address.data as { id: string }).id;
  const details = await postOk('/api/settings/dynamic-records/details', { _env, type: 'contacts' }, owner.token);
  const { version, ...structure } = (details.data as { type: Record<string, unknown> & { version: number } }).type;
  const link = {
    form,
    portal_fillable: true,
    portal_requirement: true,
    url_fillable: false,
    multiple: false,
    editable: false,
  };
  await postOk(
    '/api/settings/dynamic-records/save',
    {
      ...structure,
      queryForms: [link, { ...link, form: addressForm, portal_requirement: false, multiple: true, editable: true }],
      orgKey: 'contacts',
      version,
      _env,
    },
    owner.token,
  );
  const email = `kundin-${Date.now()}@kunde.example`;
  await postOk(
    '/api/dynamic-records/save',
    { _env, type: 'contacts', id: 'new', data: { firstname: 'Erika', lastname: 'Kundin', email } },
    owner.token,
  );
  const slug = `portal-${Date.now().toString(36)}`;
  await postOk(
    '/api/settings/portals/save',
    { _env, active: true, title: 'Kundenportal', url_slug: slug },
    owner.token,
  );

  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(`/portal/${slug}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Anmelden' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'portal login');
  await shot(page, 'portal-login');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Anmeldelink senden' }).click();
  await expect(
    page.getByText('Wenn wir Ihre Adresse kennen, ist ein Anmeldelink unterwegs.', { exact: false }),
  ).toBeVisible();
  const mail = await waitForMail(email, { subject: 'Ihr Anmeldelink für das Kundenportal' });
  await page.goto(linkIn(mail));
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Willkommen, Erika Kundin' })).toBeVisible();
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === 'kontor_portal');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: `/portal/${slug}` });
  await expect(page.getByText('Bitte ausfüllen')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'portal home');
  await shot(page, 'portal-home');

  const formItem = (title: string) => page.getByRole('list').first().getByRole('listitem').filter({ hasText: title });
  await formItem('Einverständniserklärung').getByRole('link', { name: 'Ausfüllen' }).click();
  await page.getByLabel(/Ihr Name/).fill('Erika Kundin');
  // The signature pad (JavaScript) draws into a canvas.
  const pad = page.locator('canvas.pad');
  await expect(pad).toBeVisible();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 90, { steps: 8 });
  await page.mouse.move(box.x + 200, box.y + 30, { steps: 8 });
  await page.mouse.up();
  await shot(page, 'portal-form');
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page.getByText('Vielen Dank! Ihre Antworten wurden gespeichert.')).toBeVisible();
  await expect(page.getByText('Bitte ausfüllen')).toBeHidden();
  await expect(page.getByText(/Ausgefüllt am/).first()).toBeVisible();

  // Not editable and one answer per customer: the filled form opens read-only.
  await formItem('Einverständniserklärung').getByRole('link', { name: 'Antwort ansehen' }).click();
  await expect(page.getByText('Diese Antwort kann nicht mehr geändert werden.')).toBeVisible();
  await expect(page.locator('dd', { hasText: 'Erika Kundin' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'portal answer read-only');
  await shot(page, 'portal-answer-readonly');
  await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();

  // multiple + editable: an answer is changed from the history, in place.
  await formItem('Lieferadresse').getByRole('link', { name: 'Ausfüllen' }).click();
  await page.getByLabel(/Straße/).fill('Hauptstraße 1');
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page.getByText('Vielen Dank! Ihre Antworten wurden gespeichert.')).toBeVisible();
  await expect(formItem('Lieferadresse').getByRole('link', { name: 'Erneut ausfüllen' })).toBeVisible();
  await page.getByRole('link', { name: 'Antwort bearbeiten' }).click();
  await expect(page.getByLabel(/Straße/)).toHaveValue('Hauptstraße 1');
  await expectNoSeriousA11yViolations(page, 'portal answer edit');
  await shot(page, 'portal-answer-edit');
  await page.getByLabel(/Straße/).fill('Nebenstraße 2');
  await page.getByLabel('Hinweis').fill('Bitte beim Nachbarn abgeben');
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page.getByText('Vielen Dank! Ihre Antworten wurden gespeichert.')).toBeVisible();
  await shot(page, 'portal-home-after-edit');
  const addressRows = await postOk(
    '/api/simpletable/data',
    { _env, model: 'QueryFormAnswer', filter: { formular: addressForm } },
    owner.token,
  );
  expect((addressRows.data as { rows: { street: string }[] }).rows.map((r) => r.street)).toEqual(['Nebenstraße 2']);

  // The staff side sees the answer with its signature.
  const answers = await postOk(
    '/api/simpletable/data',
    { _env, model: 'QueryFormAnswer', filter: { formular: form } },
    owner.token,
  );
  expect((answers.data as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual(['Erika Kundin']);
  const csv = await postOk('/api/query-forms/answers/export', { _env, id: form }, owner.token);
  expect((csv.data as { csv: string }).csv).toContain('Erika Kundin;Unterschrift (gezeichnet);');

  // A portal session is no staff session.
  const staff = await page.request.post('/api/query-forms/list', { data: { _env } });
  expect(staff.status()).toBe(401);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByText('Sie sind abgemeldet.')).toBeVisible();
  await context.close();
});
