import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createEnvironment, createUser, uniqueName } from './support/api';
import { expectNoSeriousAxeFindings } from './support/axe';
import { pngOf } from './support/png';
import { escapeRegExp, navigateInApp, openEnvironment } from './support/ui';

/**
 * The file manager (spec 02 §2.4) and the upload procedure (spec 01 §3, §4, §9): uploads with
 * progress in the top bar, a large upload that resumes after a reload, rename, download with the
 * same bytes, folders, drag and drop, and the file selector of a record's `files` field.
 */

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A 16×16 colour gradient PNG padded to about `size` bytes: the server sniffs it as image/png. */
const png = (size: number) => pngOf((x, y) => [40 + x * 12, 90 + y * 8, 200 - x * 6], size);

/** Uploads in Chromium at this many bytes per second, so progress can be watched. */
const throttleUploads = async (page: Page, bytesPerSecond: number) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
};

const openFiles = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Dateimanager' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dateimanager' })).toBeVisible();
};

const uploadList = (page: Page) => page.getByRole('button', { name: /^Uploads \(\d+\)$/ });
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

// The file manager's own content; the shell's top bar has findings of its own (see the report).
const expectNoSeriousA11yIssues = (page: Page) =>
  expectNoSeriousAxeFindings(page, 'file manager', { include: ['main'] });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join('test-results', 'screenshots', `${name}.png`), fullPage: true });

test.describe('file manager (spec 02 §2.4, spec 01 §3/§4 uploads)', () => {
  test('two uploads with progress, rename, download with the same bytes, folders and drag and drop', async ({
    page,
  }) => {
    const user = await createUser('files');
    const env = await createEnvironment(user.token, uniqueName('Dateien'), 'none');
    await openEnvironment(page, user, env.url_slug);
    await openFiles(page);
    await expect(page.getByText('Dieser Ordner ist leer.')).toBeVisible();

    const offer = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024 - 9)]);
    const photo = png(200 * 1024);

    await test.step('two files go up one after another, the top bar shows progress and sizes', async () => {
      const cdp = await throttleUploads(page, 256 * 1024);
      await page.getByLabel('In diesen Ordner hochladen').setInputFiles([
        { name: 'Angebot.pdf', mimeType: 'application/pdf', buffer: offer },
        { name: 'Foto.png', mimeType: 'image/png', buffer: photo },
      ]);
      await uploadList(page).click();
      const list = page.getByRole('dialog').filter({ hasText: 'Uploads' });
      // While the first one runs, its bar moves and the second waits (one upload at a time).
      const second = list.getByRole('listitem').filter({ hasText: 'Foto.png' });
      await expect(second).toContainText('Wartet');
      await expect(list.getByRole('progressbar', { name: 'Angebot.pdf' })).toBeVisible();
      await expect(list.getByText(/Wird hochgeladen \(\d+ %\)/)).toBeVisible();
      await expect(list.getByText(/ \/ 3 MB$/)).toBeVisible();
      await expect(second).toContainText('Wartet');
      await shot(page, 'files-uploading-1280');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await expect(list.getByText('Hochgeladen')).toHaveCount(2, { timeout: 30_000 });
      await expect(list.getByText('200 KB')).toBeVisible();
      await page.keyboard.press('Escape');
    });

    await test.step('the listing shows both with size, type and a thumbnail for the image', async () => {
      await expect(row(page, 'Angebot.pdf')).toContainText('3 MB');
      await expect(row(page, 'Angebot.pdf')).toContainText('PDF-Dokument');
      await expect(row(page, 'Foto.png').locator('img')).toBeVisible();
      await expect
        .poll(() =>
          row(page, 'Foto.png')
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBe(16);
    });

    await test.step('rename: blank input is ignored, a new name is taken', async () => {
      await page.getByRole('button', { name: 'Aktionen für Angebot.pdf' }).click();
      await page.getByRole('menuitem', { name: 'Umbenennen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Umbenennen' });
      await dialog.getByLabel('Neuer Name').fill('   ');
      await dialog.getByLabel('Neuer Name').press('Enter');
      await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
      await dialog.getByLabel('Neuer Name').fill('Angebot Müller 2026.pdf');
      await page.getByRole('dialog', { name: 'Umbenennen' }).getByRole('button', { name: 'Speichern' }).click();
      await expect(row(page, 'Angebot Müller 2026.pdf')).toBeVisible();
    });

    await test.step('download gives the very bytes that went up, under the new name', async () => {
      await page.getByRole('button', { name: 'Aktionen für Angebot Müller 2026.pdf' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Herunterladen' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Angebot Müller 2026.pdf');
      expect(sha(fs.readFileSync(await download.path()))).toBe(sha(offer));
    });

    await test.step('a folder: blank name ignored, created, filled by drag and drop, deleted with its content', async () => {
      await page.getByRole('button', { name: 'Ordner erstellen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ordner erstellen' });
      await dialog.getByLabel('Name des neuen Ordners').fill('  ');
      await dialog.getByLabel('Name des neuen Ordners').press('Enter');
      await expect(dialog.getByRole('button', { name: 'Ordner erstellen' })).toBeDisabled();
      await expect(page.getByRole('row')).toHaveCount(3);
      await dialog.getByLabel('Name des neuen Ordners').fill('Belege 2026');
      await dialog.getByRole('button', { name: 'Ordner erstellen' }).click();
      await page
        .getByRole('row')
        .filter({ hasText: 'Belege 2026' })
        .getByRole('button', { name: 'Belege 2026', exact: true })
        .click();
      await expect(
        page.getByRole('navigation', { name: 'Ordner' }).getByRole('link', { name: 'Belege 2026' }),
      ).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText('Dieser Ordner ist leer.')).toBeVisible();

      // A file dragged from the desktop onto the listing.
      const drop = page.getByTestId('file-drop-area');
      const transfer = await page.evaluateHandle(() => {
        const dt = new DataTransfer();
        dt.items.add(new File(['Beleg Nr. 1;19,99\nBeleg Nr. 2;5,00\n'], 'Belege.csv', { type: 'text/csv' }));
        return dt;
      });
      await drop.dispatchEvent('dragenter', { dataTransfer: transfer });
      await expect(page.getByText('Dateien hier ablegen, um sie in diesen Ordner hochzuladen')).toBeVisible();
      await drop.dispatchEvent('drop', { dataTransfer: transfer });
      await expect(row(page, 'Belege.csv')).toContainText('Tabelle');

      await page.getByRole('link', { name: 'Hauptverzeichnis' }).first().click();
      await page.getByRole('button', { name: 'Aktionen für Belege 2026' }).click();
      await page.getByRole('menuitem', { name: 'Löschen' }).click();
      const confirm = page.getByRole('dialog', { name: 'Löschen' });
      await expect(confirm).toContainText(
        'Soll der Ordner „Belege 2026“ mit seinem gesamten Inhalt wirklich gelöscht werden?',
      );
      await confirm.getByRole('button', { name: 'Löschen' }).click();
      await expect(page.getByRole('row').filter({ hasText: 'Belege 2026' })).toHaveCount(0);
    });

    await test.step('looks right and is accessible at 1280 and 375 px', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await shot(page, 'files-1280');
      await expectNoSeriousA11yIssues(page);
      await page.setViewportSize({ width: 375, height: 740 });
      await expect(page.getByRole('button', { name: 'Hochladen' })).toBeVisible();
      await expect(page.getByText('Angebot Müller 2026.pdf')).toBeVisible();
      // The shell's drawer slides out after the resize; nothing may stick out once it settled.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
        .toBeLessThanOrEqual(0);
      await shot(page, 'files-375');
      await expectNoSeriousA11yIssues(page);
    });
  });

  test('a large upload survives a reload and resumes with the parts the server already has', async ({ page }) => {
    const user = await createUser('files-resume');
    const env = await createEnvironment(user.token, uniqueName('Grossdatei'), 'none');
    const size = 20 * 1024 * 1024;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-e2e-')), 'Baupläne.zip');
    const bytes = randomBytes(size);
    fs.writeFileSync(file, bytes);

    await openEnvironment(page, user, env.url_slug);
    await openFiles(page);
    const cdp = await throttleUploads(page, 4 * 1024 * 1024);
    await page.getByLabel('In diesen Ordner hochladen').setInputFiles(file);
    await uploadList(page).click();
    // The first 8 MiB part has arrived once the bar passes 40 %.
    await expect
      .poll(
        async () =>
          Number((await page.getByText(/Wird hochgeladen \((\d+) %\)/).textContent())?.match(/\d+/)?.[0] ?? 0),
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThanOrEqual(45);
    // Reloaded while still throttled: unthrottled, the second part could finish before the reload.
    await page.reload();
    await cdp.detach();
    await expect(page.getByRole('heading', { level: 1, name: 'Dateimanager' })).toBeVisible();
    await expect(page.getByText('Der Upload von „Baupläne.zip“ wurde unterbrochen.')).toBeVisible();

    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/files/')) puts.push(r.url());
    });
    await page.getByLabel('In diesen Ordner hochladen').setInputFiles(file);
    await uploadList(page).click();
    await expect(page.getByRole('dialog').getByText('Hochgeladen')).toBeVisible({ timeout: 30_000 });
    // Three parts in all; at least the first was not sent again.
    expect(puts.length).toBeGreaterThanOrEqual(1);
    expect(puts.length).toBeLessThanOrEqual(2);
    await page.keyboard.press('Escape');
    await expect(row(page, 'Baupläne.zip')).toContainText('20 MB');
    await expect(page.getByText('wurde unterbrochen')).toHaveCount(0);

    await page.getByRole('button', { name: 'Aktionen für Baupläne.zip' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Herunterladen' }).click(),
    ]);
    expect(sha(fs.readFileSync(await download.path()))).toBe(sha(bytes));
  });

  test('a record’s files field: upload in the selector, choose, the duplicate question, save', async ({ page }) => {
    const user = await createUser('files-field');
    const env = await createEnvironment(user.token, uniqueName('Schreinerei'), 'craftsman');
    await openEnvironment(page, user, env.url_slug);
    await navigateInApp(page, `/env/${env.url_slug}/dyn/customers/new/edit`);
    await page.getByRole('textbox', { name: 'Name / Firma', exact: true }).fill('Bäckerei Sonnenschein');

    await page.getByRole('button', { name: 'Dateien hinzufügen' }).click();
    const picker = page.getByRole('dialog', { name: 'Dateien auswählen' });
    await expect(picker).toBeVisible();
    expect(await picker.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(800);
    await picker
      .getByLabel('In diesen Ordner hochladen')
      .setInputFiles({ name: 'Lageplan.png', mimeType: 'image/png', buffer: png(4096) });
    // Uploaded in place and chosen at once.
    await expect(picker.getByRole('row').filter({ hasText: 'Lageplan.png' })).toBeVisible();
    await shot(page, 'files-picker-1280');
    await picker.getByRole('button', { name: 'Schließen' }).click();
    await expect(page.getByRole('link', { name: 'Lageplan.png' })).toBeVisible();

    // Choosing it a second time asks first (spec 01 §5).
    await page.getByRole('button', { name: 'Dateien hinzufügen' }).click();
    await picker
      .getByRole('row')
      .filter({ hasText: 'Lageplan.png' })
      .getByRole('button', { name: 'Auswählen' })
      .click();
    const question = page
      .getByRole('dialog')
      .filter({ hasText: 'Diese Datei wurde bereits hinzugefügt. Trotzdem hinzufügen?' });
    await question.getByRole('button', { name: 'Trotzdem hinzufügen' }).click();
    await picker.getByRole('button', { name: 'Schließen' }).click();
    await expect(page.getByRole('link', { name: 'Lageplan.png' })).toHaveCount(2);

    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Der Datensatz wurde erfolgreich gespeichert.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/env/${escapeRegExp(env.url_slug)}/dyn/customers/[0-9a-f-]{36}/edit$`));
    await page.reload();
    await expect(page.getByRole('link', { name: 'Lageplan.png' })).toHaveCount(2);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Dateien hinzufügen' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join('test-results', 'screenshots', 'files-field-375.png') });
  });
});
