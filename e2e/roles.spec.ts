import { type Browser, expect, type Page, test } from '@playwright/test';
import { createEnvironment, createUser, inviteUser, postOk, uniqueName } from './support/api';
import { shotAtBothWidths } from './support/shots';
import { navigateInApp, openEnvironment } from './support/ui';

/**
 * Issue 29: each role logs in and sees what it may do — dashboard, settings and the users
 * settings photographed at 1280 and 375 px with no serious axe finding; what a role may not do is
 * disabled with the reason, a forbidden address shows the German 'Kein Zugriff' page, and the
 * permissions of a record type are set in the structure editor.
 */

/** Screenshots and axe at 1280 and 375 px (support/shots.ts). */
const shot = (page: Page, name: string) => shotAtBothWidths(page, `roles-${name}`);

const roles = [
  { role: 'admin', label: 'Administrator', firstname: 'Anton' },
  { role: 'staff', label: 'Mitarbeiter', firstname: 'Mia' },
  { role: 'readonly', label: 'Nur lesen', firstname: 'Nora' },
  { role: 'advisor', label: 'Steuerberater', firstname: 'Stefan' },
] as const;

/** An owner's craftsman environment with one member of every other role, each invited with the role and accepted. */
const team = async () => {
  const owner = await createUser('roles-owner', { firstname: 'Olga', name: 'Inhaberin' });
  const env = await createEnvironment(owner.token, uniqueName('Tischlerei Rollen'), 'craftsman');
  const members: Record<string, Awaited<ReturnType<typeof createUser>>> = {};
  for (const { role, firstname } of roles) {
    const member = await createUser(`roles-${role}`, { firstname, name: 'Muster' });
    await inviteUser(owner.token, env.url_slug, member.email, role);
    const invitations = (await postOk('/api/environments/user-invitations', {}, member.token)).data as {
      _id: string;
    }[];
    await postOk('/api/environments/user-invitations/accept', { id: invitations[0]?._id }, member.token);
    members[role] = member;
  }
  return { owner, env, members };
};

const pageAs = async (browser: Browser) => (await browser.newContext({ locale: 'de-DE' })).newPage();

test.describe('roles and permissions (issue 29)', () => {
  test('each role sees its dashboard and settings, and what it may not change is disabled with the reason', async ({
    browser,
  }) => {
    test.setTimeout(360_000);
    const { owner, env, members } = await team();
    const base = `/env/${env.url_slug}`;

    await test.step('Inhaber: the users settings offer a role select for each other member', async () => {
      const page = await pageAs(browser);
      await openEnvironment(page, owner, env.url_slug);
      await shot(page, 'owner-dashboard');
      await navigateInApp(page, `${base}/settings/users`);
      await expect(page.getByRole('combobox', { name: 'Rolle von Mia Muster' })).toBeVisible();
      await expect(page.getByText('Verlauf')).toBeVisible();
      await expect(page.getByText(/hat .* als „Mitarbeiter“ eingeladen\./)).toBeVisible();
      await shot(page, 'owner-users');
      await page.context().close();
    });

    for (const { role, label } of roles) {
      await test.step(`${label}: dashboard, settings and users`, async () => {
        const member = members[role];
        if (!member) throw new Error(`no ${role}`);
        const page = await pageAs(browser);
        await openEnvironment(page, member, env.url_slug);
        await shot(page, `${role}-dashboard`);

        await navigateInApp(page, `${base}/settings`);
        const notice = page.getByText(`Ihre Rolle „${label}“ darf Einstellungen ansehen, aber nicht ändern.`);
        if (role === 'admin') await expect(notice).toHaveCount(0);
        else await expect(notice.first()).toBeVisible();
        await shot(page, `${role}-settings`);

        await navigateInApp(page, `${base}/settings/users`);
        const select = page.getByRole('combobox', { name: 'Rolle von Mia Muster' });
        if (role === 'admin') await expect(select).toBeVisible();
        else {
          await expect(select).toHaveCount(0);
          await expect(page.getByText(/Nur Inhaber und Administratoren verwalten Benutzer\./)).toBeVisible();
        }
        await shot(page, `${role}-users`);

        // Records: a Mitarbeiter creates invoices; Nur lesen and Steuerberater only look.
        await navigateInApp(page, `${base}/dyn/invoices`);
        const create = page.getByRole('link', { name: 'Rechnung anlegen' }).first();
        await expect(create).toBeVisible();
        if (role === 'readonly' || role === 'advisor') await expect(create).toHaveAttribute('data-disabled', 'true');
        else await expect(create).not.toHaveAttribute('data-disabled', 'true');
        await page.context().close();
      });
    }
  });

  test('the structure editor sets who may read invoices; a hidden type is left out and its address says Kein Zugriff', async ({
    browser,
    page,
  }) => {
    test.setTimeout(240_000);
    const { owner, env, members } = await team();
    const base = `/env/${env.url_slug}`;
    const advisor = members.advisor;
    if (!advisor) throw new Error('no advisor');

    await test.step('the owner takes reading invoices away from the Steuerberater', async () => {
      await openEnvironment(page, owner, env.url_slug);
      await navigateInApp(page, `${base}/settings/dynamic-records/invoices/edit/access`);
      const advisorCard = page.getByRole('group', { name: 'Steuerberater' });
      await expect(advisorCard.getByRole('checkbox', { name: 'Lesen' })).toBeChecked();
      // Storno is left to owners and administrators by default.
      await expect(page.getByRole('checkbox', { name: /Storniert/ })).not.toBeChecked();
      await expect(page.getByRole('checkbox', { name: /Festgeschrieben/ })).toBeChecked();
      await shot(page, 'structure-access');
      await advisorCard.getByRole('checkbox', { name: 'Lesen' }).uncheck();
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByText('Die Datenstruktur wurde erfolgreich gespeichert').first()).toBeVisible();
    });

    await test.step('the Steuerberater no longer sees invoices; their address shows Kein Zugriff', async () => {
      const other = await pageAs(browser);
      await openEnvironment(other, advisor, env.url_slug);
      const nav = other.getByRole('navigation', { name: 'Hauptnavigation' });
      await expect(nav.getByRole('link', { name: 'Kunden', exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Rechnungen', exact: true })).toHaveCount(0);
      await navigateInApp(other, `${base}/dyn/invoices`);
      await expect(other.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
      await expect(other.getByRole('link', { name: /Dashboard/ }).first()).toBeVisible();
      await shot(other, 'advisor-no-access');
      await other.context().close();
    });

    await test.step('the change is in the users settings history', async () => {
      await navigateInApp(page, `${base}/settings/users`);
      await expect(page.getByText(/hat die Zugriffsrechte für „Rechnungen“ geändert\./)).toBeVisible();
    });
  });
});
