import { type Browser, expect, type Page, test } from '@playwright/test';
import { createEnvironment, createUser, inviteUser, login, post, postOk, uniqueEmail, uniqueName } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { settleLayout } from './support/shots';
import { escapeRegExp, loginViaUi, navigateInApp } from './support/ui';

/** Screenshots of each settings screen at desktop and phone width, for a person to look at. */
const shoot = async (page: Page, name: string) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await settleLayout(page);
    await page.screenshot({ path: `test-results/settings-screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

const saveAddress = async (token: string, env: string, name: string) =>
  (
    (await postOk(
      '/api/dynamic-records/save',
      {
        _env: env,
        type: 'envAddresses',
        id: 'new',
        data: { name, street: 'Hauptstraße', housenumber: '7', zip: '10115', city: 'Berlin' },
      },
      token,
    )) as { data: { key: string } }
  ).data.key;

const ownerWithEnvironment = async (label: string) => {
  const owner = await createUser(`${label}-owner`, { firstname: 'Olga', name: 'Owner' });
  const env = await createEnvironment(owner.token, uniqueName(`Tischlerei ${label}`));
  return { owner, env };
};

const newPage = async (browser: Browser) => (await browser.newContext({ locale: 'de-DE' })).newPage();

test.describe('settings (spec 02 §2.2, issue 10)', () => {
  test('general settings: invalid input is named, a valid save says so and defaults are picked', async ({ page }) => {
    const { owner, env } = await ownerWithEnvironment('general');
    await saveAddress(owner.token, env.url_slug, 'Hauptsitz Berlin');
    await loginViaUi(page, owner.email, owner.password);
    await navigateInApp(page, `/env/${env.url_slug}/settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Allgemein' })).toBeVisible();
    // Every section is built now: none says 'bald'.
    const sections = page.getByRole('navigation', { name: 'Bereiche der Einstellungen' });
    for (const name of ['Allgemein', 'Benutzer', 'Datenstrukturen', 'Portal'])
      await expect(sections.getByRole('link', { name, exact: true })).not.toContainText('bald');

    await test.step('wrong tax number and VAT id are refused under their fields', async () => {
      await page.getByLabel('Steuernummer').fill('12345');
      await page.getByLabel('USt-IdNr.').fill('AT123');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(
        page.getByText('Es muss eine gültige Steuernummer angegeben werden (z. B. 12/345/67890).'),
      ).toBeVisible();
      await expect(page.getByText('Es muss eine gültige USt-IdNr. angegeben werden')).toBeVisible();
    });

    await test.step('a valid save shows the spec success text and the new name in the shell', async () => {
      await page.getByLabel('Name der Firma').fill(`${env.name} Neu`);
      await page.getByRole('textbox', { name: 'Website' }).fill('www.tischlerei.de');
      await page.getByLabel('Steuernummer').fill('12/345/67890');
      await page.getByLabel('USt-IdNr.').fill('DE123456789');
      await page.getByRole('button', { name: 'Rechnungsadresse', exact: true }).click();
      await page.getByRole('option', { name: /Hauptsitz Berlin/ }).click();
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByText('Die Firmenumgebung wurde erfolgreich bearbeitet.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Website' })).toHaveValue('https://www.tischlerei.de');
      await page.reload();
      await expect(page.getByLabel('Name der Firma')).toHaveValue(`${env.name} Neu`);
      await expect(page.getByRole('button', { name: 'Rechnungsadresse', exact: true })).toContainText(
        'Hauptsitz Berlin',
      );
    });

    await test.step('the module card switches the bookings module into the sidebar', async () => {
      const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
      await expect(sidebar.getByRole('link', { name: 'Buchungen' })).toHaveCount(0);
      // The switch follows the saved environment, so it flips once the server has answered.
      await page.getByRole('switch', { name: /Buchungen/ }).click();
      await expect(page.getByText('Die Module wurden gespeichert.')).toBeVisible();
      await expect(page.getByRole('switch', { name: /Buchungen/ })).toBeChecked();
      await expect(sidebar.getByRole('link', { name: 'Buchungen' })).toBeVisible();
    });

    await expectNoSeriousA11yViolations(page, '/settings');
    await shoot(page, 'general');
    for (const [path, heading] of [
      ['addresses', 'Adressen'],
      ['bank-details', 'Bankverbindungen'],
      ['taxes', 'Steuersätze'],
      ['addresses/new/edit', 'Adresse'],
      ['dynamic-records', 'Datenstrukturen'],
    ] as const) {
      await navigateInApp(page, `/env/${env.url_slug}/settings/${path}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/settings/${path}`);
    }
  });

  test('users: invite, see and remove the pending invitation; an accepted member is deactivated and refused', async ({
    page,
    browser,
  }) => {
    const { owner, env } = await ownerWithEnvironment('users');
    await loginViaUi(page, owner.email, owner.password);
    const users = `/env/${env.url_slug}/settings/users`;

    await test.step('the invite page: e-mail input, disabled while blank, success text names the address', async () => {
      await page.goto(users);
      await page.getByRole('link', { name: 'Benutzer einladen' }).click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(users)}/invite$`));
      const input = page.getByLabel('E-Mail-Adresse');
      await expect(input).toHaveAttribute('type', 'email');
      const send = page.getByRole('button', { name: 'Einladung senden' });
      await expect(send).toBeDisabled();
      await input.fill('   ');
      await expect(send).toBeDisabled();
      await input.fill('kein-at-zeichen');
      await send.click();
      await expect(
        page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.').or(page.getByText(/gültige E-Mail/)),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/settings/users/invite');
      await shoot(page, 'invite');
    });

    const guestEmail = uniqueEmail('gast');
    await test.step('a sent invitation is pending and can be removed', async () => {
      await page.getByLabel('E-Mail-Adresse').fill(guestEmail);
      await page.getByRole('button', { name: 'Einladung senden' }).click();
      await expect(page.getByText(`Es wurde eine Einladung per E-Mail an ${guestEmail} gesendet.`)).toBeVisible();
      await page.goto(users);
      await page.getByRole('tab', { name: 'Ausstehende Einladungen' }).click();
      const row = page.getByRole('row', { name: new RegExp(escapeRegExp(guestEmail)) });
      await expect(row).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/settings/users?tab=invitations');
      await shoot(page, 'invitations');
      await row.getByRole('button', { name: `Entfernen: ${guestEmail}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Entfernen' }).click();
      await expect(page.getByText('Die Einladung wurde entfernt.')).toBeVisible();
      await expect(page.getByText('Es gibt keine ausstehenden Einladungen.')).toBeVisible();
    });

    const member = await createUser('users-member', { firstname: 'Mira', name: 'Member' });
    await test.step('another invitation is accepted by the invited user', async () => {
      await inviteUser(owner.token, env.url_slug, member.email);
      const memberPage = await newPage(browser);
      await loginViaUi(memberPage, member.email, member.password);
      await memberPage.getByRole('button', { name: 'Annehmen' }).click();
      await expect(memberPage).toHaveURL(new RegExp(`/env/${escapeRegExp(env.url_slug)}$`));
      await memberPage.context().close();
    });

    await test.step('the owner deactivates the member, whose very next request fails', async () => {
      const session = await login(member.email, member.password);
      const before = await post('/api/environments/details', { _env: env.url_slug }, session.token);
      expect(before.httpStatus).toBe(200);
      await page.goto(users);
      const row = page.getByRole('row', { name: /Mira Member/ });
      await expect(row).toContainText('Aktiv');
      await expectNoSeriousA11yViolations(page, '/settings/users');
      await shoot(page, 'users');
      await row.getByRole('button', { name: 'Deaktivieren: Mira Member' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Deaktivieren' }).click();
      await expect(page.getByText('Der Benutzer wurde deaktiviert.')).toBeVisible();
      await expect(row).toContainText('Deaktiviert');
      const after = await post('/api/environments/details', { _env: env.url_slug }, session.token);
      expect(after.httpStatus).toBe(403);
      expect(after.body.message).toBe('Sie haben keinen Zugriff auf diese Firmenumgebung.');
    });

    await test.step('the owner, now the last active user, cannot deactivate themselves', async () => {
      const self = page.getByRole('row', { name: /Olga Owner/ });
      await self.getByRole('button', { name: 'Deaktivieren: Olga Owner' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Deaktivieren' }).click();
      await expect(page.getByText('Der letzte aktive Benutzer kann nicht deaktiviert werden.')).toBeVisible();
      await expect(self).toContainText('Aktiv');
    });
  });

  test('portal: activate it and open its public address; inactive it answers 404', async ({ page }) => {
    const { owner, env } = await ownerWithEnvironment('portal');
    await loginViaUi(page, owner.email, owner.password);
    await navigateInApp(page, `/env/${env.url_slug}/settings/portals`);
    await expect(page.getByRole('heading', { level: 1, name: 'Portal' })).toBeVisible();
    await expect(page.getByLabel('Titel')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '/settings/portals (inactive)');

    const slug = `kunden-${Date.now().toString(36)}`;
    await page.getByRole('switch', { name: 'Portal aktiv' }).check();
    await page.getByLabel('Titel').fill('Kundenportal');
    await page.getByLabel('Adresskürzel').fill('api');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Diese Adresse ist reserviert. Bitte wählen Sie eine andere.')).toBeVisible();
    await page.getByLabel('Adresskürzel').fill(slug);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Das Portal wurde gespeichert.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/settings/portals');
    await shoot(page, 'portal');

    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'Portal öffnen' }).click();
    const portal = await popup;
    await expect(portal).toHaveURL(new RegExp(`/portal/${slug}$`));
    await expect(portal.getByRole('heading', { level: 1, name: 'Kundenportal' })).toBeVisible();
    await expect(portal.getByText(env.name)).toBeVisible();
    await portal.close();

    await page.getByRole('switch', { name: 'Portal aktiv' }).uncheck();
    await expect(page.getByLabel('Titel')).toHaveCount(0);
    // The first save's message may still be shown: wait for this save's answer itself.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings/portals/save'));
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Das Portal wurde gespeichert.')).toBeVisible();
    const gone = await page.request.get(`/portal/${slug}`);
    expect(gone.status()).toBe(404);
  });
});
