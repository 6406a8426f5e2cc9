import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createEnvironment, createUser, postOk, uniqueEmail, uniqueName } from './support/api';
import { expectNoSeriousAxeFindings, wcag21aa } from './support/axe';
import { waitForMail } from './support/mailbox';
import { shotAtBothWidths } from './support/shots';
import { navigateInApp, openEnvironment } from './support/ui';

/**
 * The bookings manager (spec 02 §2.6, issue 14): a room through the engine's form, a booking
 * dragged into the week view, moved by drag and by keyboard, and an overlapping one refused with
 * the server's message naming the other booking's time.
 */

const shotsDir = '/tmp/shots-bookings';
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
};

/**
 * axe on the module's own content (main and open dialogs): the shell's sidebar section titles of
 * the gastronomy preset have a contrast finding of their own, outside this issue.
 */
const expectNoSeriousA11yViolations = (page: Page, what: string) =>
  expectNoSeriousAxeFindings(page, what, { include: ['main', '[role="dialog"]'], tags: wcag21aa });

/** A closed modal's overlay fades out for 200 ms; until then it takes pointer presses and confuses axe. */
const modalGone = async (page: Page, dialog: Locator) => {
  await expect(dialog).toBeHidden();
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);
};

/** Today in Berlin as "YYYY-MM-DD" and as the environment shows it ("DD.MM.YYYY"). */
const today = () => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = parts.split('-');
  return { iso: parts, shown: `${d}.${m}.${y}` };
};

/** Pixels per hour of the week view: the whole week fits the lane (issue 31 item 6). */
const hourPx = async (lane: Locator) => {
  const box = await lane.boundingBox();
  if (!box) throw new Error('lane not visible');
  return box.width / (7 * 24);
};

/** The x of a wall-clock hour of a day in a lane of the week view. */
const xOf = async (lane: Locator, dayIndex: number, hour: number) => {
  const box = await lane.boundingBox();
  if (!box) throw new Error('lane not visible');
  return { x: box.x + (dayIndex * 24 + hour) * (await hourPx(lane)), y: box.y + box.height / 2 };
};

test.describe('bookings manager (issue 14)', () => {
  test('create a room, drag a booking in the week view, move it, and see an overlap refused', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await createUser('bookings');
    const env = await createEnvironment(user.token, uniqueName('Gasthaus'), 'gastronomy');
    await openEnvironment(page, user, env.url_slug);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Buchungen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Buchungsübersicht' })).toBeVisible();
    await expect(page.getByText('Noch keine Räume angelegt.', { exact: false })).toBeVisible();

    // A room through the engine's list and form.
    await page.getByRole('tab', { name: 'Räume' }).click();
    await expect(page).toHaveURL(/\/bookings-manager\/rooms$/);
    await expectNoSeriousA11yViolations(page, 'rooms list');
    await page.getByRole('link', { name: 'Raum anlegen' }).first().click();
    await expect(page).toHaveURL(/\/bookings-manager\/rooms\/new\/edit$/);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Wintergarten');
    await page.getByRole('textbox', { name: 'Plätze' }).fill('20');
    await shot(page, 'room-form-1280');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page).toHaveURL(/\/bookings-manager\/rooms\/[0-9a-f-]{36}\/edit$/);
    await page.goto(`/env/${env.url_slug}/bookings-manager/rooms`);
    await expect(page.getByRole('cell', { name: 'Wintergarten' })).toBeVisible();

    // The week view of this week: Monday first, today marked.
    const now = today();
    await page.getByRole('tab', { name: 'Übersicht' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Buchungsübersicht' })).toBeVisible();
    await expect(page.getByTestId('overview-range')).toContainText(' – ');
    await expect(page.getByTestId('today-marker')).toBeVisible();
    await expect(page.getByText(`Heute ${now.shown.slice(0, 6)}`)).toBeVisible();
    const headers = page.locator('[class*="dayTitle"]');
    await expect(headers.first()).toHaveText(/^(Mo|Heute) /);
    const dayIndex = (await headers.allTextContents()).findIndex((h) => h.includes('Heute'));

    // Drag over free time: 18:00 to 20:00 today.
    const lane = page.locator('[data-room]').first();
    const from = await xOf(lane, dayIndex, 18);
    const to = await xOf(lane, dayIndex, 20);
    await page.mouse.move(from.x + 2, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x - 1, to.y, { steps: 6 });
    await page.mouse.up();
    const dialog = page.getByRole('dialog', { name: 'Neue Buchung' });
    await expect(dialog.getByRole('textbox', { name: 'Beginn: Datum' })).toHaveValue(now.shown);
    await expect(dialog.getByLabel('Beginn: Stunden')).toHaveValue('18');
    await expect(dialog.getByLabel('Ende: Stunden')).toHaveValue('20');
    await dialog.getByLabel('Name').fill('Familie Kaya');
    await dialog.getByLabel('Anzahl Personen').fill('6');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await expect(dialog).toBeHidden();
    const chip = page.getByRole('button', { name: /^Familie Kaya, / });
    // Two hours are too short for text inside the bar in the week view: the label follows beside it.
    await expect(chip).toHaveAccessibleName(/^Familie Kaya, /);
    await expect(lane.getByText('18:00 Familie Kaya')).toBeVisible();

    // Move it by drag two hours later.
    const chipBox = await chip.boundingBox();
    if (!chipBox) throw new Error('booking not visible');
    const twoHours = 2 * (await hourPx(lane));
    await page.mouse.move(chipBox.x + 2, chipBox.y + chipBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(chipBox.x + 2 + twoHours, chipBox.y + chipBox.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect(lane.getByText('20:00 Familie Kaya')).toBeVisible();

    // By keyboard: open it, one hour earlier (19:00–21:00).
    await chip.focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Familie Kaya' });
    await expect(details.getByText(`${now.shown} 20:00 – ${now.shown} 22:00`)).toBeVisible();
    await details.getByRole('button', { name: 'Früher' }).click();
    await expect(details.getByText(`${now.shown} 19:00 – ${now.shown} 21:00`)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'booking details');
    await expect(details.getByRole('link', { name: 'Im Formular öffnen' })).toBeVisible();
    await page.keyboard.press('Escape');
    await modalGone(page, details);

    // An overlapping one, dragged from free time (16:00) into the booking (19:00–21:00): the server
    // refuses it and the dialog says with whom.
    const free = await xOf(lane, dayIndex, 16);
    const into = await xOf(lane, dayIndex, 20);
    await page.mouse.move(free.x + 2, free.y);
    await page.mouse.down();
    await page.mouse.move(into.x - 1, into.y, { steps: 6 });
    await page.mouse.up();
    await expect(dialog.getByLabel('Ende: Stunden')).toHaveValue('20');
    await dialog.getByLabel('Name').fill('Überschneidung');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `Der Raum „Wintergarten“ ist von ${now.shown} 19:00 bis ${now.shown} 21:00 bereits gebucht.`,
    );
    await expectNoSeriousA11yViolations(page, 'new booking dialog');
    await shot(page, 'overlap-1280');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await modalGone(page, dialog);
    await expectNoSeriousA11yViolations(page, 'week view');
    await shot(page, 'week-1280');
    // This week, today's long header included, fits without scrolling sideways (issue 31 item 6).
    const scroller = page.locator('[class*="scroller"]');
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);

    // The day view and, on a phone, the day's list.
    await page.getByText('Tag', { exact: true }).click();
    await expect(page.getByTestId('overview-range')).toHaveText(now.shown);
    await shot(page, 'day-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('button', { name: /19:00–21:00/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'day list');
    await shot(page, 'day-375');
    await page.getByRole('button', { name: /19:00–21:00/ }).click();
    await expect(page.getByRole('dialog', { name: 'Familie Kaya' })).toBeVisible();
    await shot(page, 'details-375');
  });

  test('a visitor requests a slot on the public page; staff confirm it and the guest gets a mail with the .ics', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await createUser('bookings-public');
    const env = await createEnvironment(user.token, uniqueName('Wirtshaus'), 'gastronomy');
    await postOk(
      '/api/dynamic-records/save',
      {
        _env: env.url_slug,
        type: 'bookingElement',
        id: 'new',
        data: { name: 'Gaststube', is_active: true, capacity: 30 },
      },
      user.token,
    );
    const guest = uniqueEmail('gast');

    // The public page, as a visitor sees it (no login).
    await page.goto(`/book/${env.url_slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tisch- und Raumanfrage' })).toBeVisible();
    await shot(page, 'public-request-1280');
    await page.getByLabel('Name').fill('Jana Beispiel');
    await page.getByLabel('E-Mail').fill(guest);
    await page.getByLabel('Datum').fill('2027-02-12');
    await page.getByLabel('Von').fill('19:00');
    await page.getByLabel('Bis').fill('21:30');
    await page.getByLabel('Anzahl Personen').fill('4');
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(page.getByRole('status')).toContainText('Vielen Dank! Ihre Anfrage ist eingegangen.');
    // A second visitor asks for an overlapping time: requests do not hold the room.
    await page.goto(`/book/${env.url_slug}`);
    await page.getByLabel('Name').fill('Zweite Anfrage');
    await page.getByLabel('E-Mail').fill(uniqueEmail('gast2'));
    await page.getByLabel('Datum').fill('2027-02-12');
    await page.getByLabel('Von').fill('20:00');
    await page.getByLabel('Bis').fill('22:00');
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(page.getByRole('status')).toContainText('Vielen Dank!');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/book/${env.url_slug}`);
    await shot(page, 'public-request-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Staff find it as a request in the day view and confirm it.
    await openEnvironment(page, user, env.url_slug);
    await page.goto(`/env/${env.url_slug}/bookings-manager?date=2027-02-12&view=day`);
    const request = page.getByRole('button', { name: /^Jana Beispiel, .*Angefragt$/ });
    await expect(request).toBeVisible();
    await request.focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Jana Beispiel' });
    await details.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(details.getByText('Bestätigt')).toBeVisible();
    await shot(page, 'confirmed-1280');
    await page.keyboard.press('Escape');

    // The overlapping request cannot be confirmed any more: the dialog names the other booking.
    await page.getByRole('button', { name: /^Zweite Anfrage, / }).click();
    const second = page.getByRole('dialog', { name: 'Zweite Anfrage' });
    await second.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(second.getByRole('alert')).toHaveText(
      'Der Raum „Gaststube“ ist von 12.02.2027 19:00 bis 12.02.2027 21:30 bereits gebucht.',
    );
    await page.keyboard.press('Escape');
    await shot(page, 'stacked-1280');
    await page.getByRole('button', { name: /^Jana Beispiel, / }).click();

    // The booking in the engine's generic form, and back to the overview after saving.
    await details.getByRole('link', { name: 'Im Formular öffnen' }).click();
    await expect(page).toHaveURL(/\/bookings-manager\/bookings\/[0-9a-f-]{36}\/edit$/);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Jana Beispiel');
    await expect(page.getByRole('textbox', { name: 'Beginn: Datum' })).toHaveValue('12.02.2027');
    await expectNoSeriousA11yViolations(page, 'booking form');
    await shot(page, 'booking-form-1280');
    await page.getByRole('textbox', { name: 'Anlass' }).fill('Geburtstag');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Der Datensatz wurde erfolgreich gespeichert.')).toBeVisible();

    const mail = await waitForMail(guest, { subject: 'ist bestätigt' });
    expect(mail.subject).toContain('Ihre Buchung bei Wirtshaus');
    expect(mail.text).toContain('Gaststube, 12.02.2027 19:00 bis 12.02.2027 21:30');
    const [ics] = mail.attachments;
    expect(ics?.filename).toBe('buchung.ics');
    expect(ics?.contentType).toBe('text/calendar');
    expect(ics?.content).toContain('BEGIN:VEVENT');
    expect(ics?.content).toContain('DTSTART:20270212T180000Z');
    expect(ics?.content).toContain('DTEND:20270212T203000Z');
  });

  test('the overview follows new rooms and bookings, suggests open slots and fits the week at 1280 px (issue 31 item 6)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await createUser('bookings-week');
    const env = await createEnvironment(user.token, uniqueName('Landgasthof'), 'gastronomy');
    await openEnvironment(page, user, env.url_slug);
    const bookingsLink = page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Buchungen' });
    await bookingsLink.click();
    await expect(page.getByText('Noch keine Räume angelegt.', { exact: false })).toBeVisible();

    // A room saved in the form shows in the overview at once: no reload, no waiting for a stale cache.
    await page.getByRole('link', { name: 'Raum anlegen' }).first().click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Gaststube');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page).toHaveURL(/\/bookings-manager\/rooms\/[0-9a-f-]{36}\/edit$/);
    await bookingsLink.click();
    await expect(page.locator('[data-room]')).toHaveCount(1);
    await expect(page.getByText('Gaststube', { exact: true })).toBeVisible();
    await postOk(
      '/api/dynamic-records/save',
      { _env: env.url_slug, type: 'bookingElement', id: 'new', data: { name: 'Wintergarten', is_active: true } },
      user.token,
    );

    // A week to come (Monday 1 March 2027): "Neue Buchung" offers the room's first open slot, 08–10.
    await navigateInApp(page, `/env/${env.url_slug}/bookings-manager?date=2027-03-03&view=week`);
    await expect(page.getByTestId('overview-range')).toHaveText('01.03.2027 – 07.03.2027');
    await expect(page.locator('[data-room]')).toHaveCount(2);
    const dialog = page.getByRole('dialog', { name: 'Neue Buchung' });
    await page.getByRole('button', { name: 'Neue Buchung: Gaststube' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Beginn: Datum' })).toHaveValue('01.03.2027');
    await expect(dialog.getByLabel('Beginn: Stunden')).toHaveValue('08');
    await expect(dialog.getByLabel('Ende: Stunden')).toHaveValue('10');
    await dialog.getByLabel('Name').fill('Frühstück Heimatverein');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await modalGone(page, dialog);
    await expect(page.getByRole('button', { name: /^Frühstück Heimatverein, / })).toBeVisible();

    // The next one in the same room starts where that one ends; choosing the other room moves it to
    // that room's first open slot.
    await page.getByRole('button', { name: 'Neue Buchung: Gaststube' }).click();
    await expect(dialog.getByLabel('Beginn: Stunden')).toHaveValue('10');
    await dialog.getByRole('combobox', { name: 'Raum' }).click();
    await page.getByRole('option', { name: 'Wintergarten' }).click();
    await expect(dialog.getByLabel('Beginn: Stunden')).toHaveValue('08');

    // Saved in another week: the overview shows that week.
    await dialog.getByRole('textbox', { name: 'Beginn: Datum' }).fill('10.03.2027');
    await dialog.getByRole('textbox', { name: 'Ende: Datum' }).fill('10.03.2027');
    await dialog.getByLabel('Name').fill('Probe Kirchenchor');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await modalGone(page, dialog);
    await expect(page.getByTestId('overview-range')).toHaveText('08.03.2027 – 14.03.2027');
    await expect(page).toHaveURL(/date=2027-03-10/);
    await expect(page.getByRole('button', { name: /^Probe Kirchenchor, / })).toBeVisible();

    // The whole week fits at 1280 px: no sideways scrolling, every day's header readable.
    await page.getByRole('button', { name: 'Zurück', exact: true }).click();
    await expect(page.getByTestId('overview-range')).toHaveText('01.03.2027 – 07.03.2027');
    const scroller = page.locator('[class*="scroller"]');
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    const titles = page.locator('[class*="dayTitle"]');
    await expect(titles).toHaveText([
      'Mo 01.03.',
      'Di 02.03.',
      'Mi 03.03.',
      'Do 04.03.',
      'Fr 05.03.',
      'Sa 06.03.',
      'So 07.03.',
    ]);
    for (const title of await titles.all()) {
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await shotAtBothWidths(page, 'bookings-week');
  });
});
