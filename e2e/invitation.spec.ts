import { expect, type Page, test } from '@playwright/test';
import {
  activationSubject,
  createEnvironment,
  createUser,
  invitationSubject,
  inviteUser,
  newUserSpec,
  uniqueName,
} from './support/api';
import { linkIn, pathOf, waitForMail } from './support/mailbox';
import { escapeRegExp, loginViaUi, registerViaUi } from './support/ui';

/** User A with an environment of their own, ready to invite. */
const inviterWithEnvironment = async (label: string) => {
  const inviter = await createUser(`${label}-a`, { firstname: 'Anna', name: 'Albers' });
  const env = await createEnvironment(inviter.token, uniqueName(`Bäckerei ${label}`));
  return { inviter, env };
};

/** The list of pending invitations: a section labelled by its heading. */
const invitationsSection = (page: Page) => page.getByRole('region', { name: 'Ausstehende Einladungen' });

const invitationCard = (page: Page, envName: string) =>
  invitationsSection(page).getByRole('article', { name: envName });

test.describe('invitations (spec 01 §2 /account, §4, CLARIFICATIONS "Invitations")', () => {
  test('a registered user accepts an invitation, joins the environment and sees it with 2 users', async ({ page }) => {
    const { inviter, env } = await inviterWithEnvironment('accept');
    const invitee = await createUser('accept-b', { firstname: 'Bernd', name: 'Brandt' });

    await inviteUser(inviter.token, env.url_slug, invitee.email);

    const mail = await waitForMail(invitee.email, { subject: invitationSubject });
    expect(mail.subject).toContain(env.name);
    expect(mail.text).toContain('Anna Albers');
    const link = linkIn(mail);
    expect(pathOf(link)).toBe('/account'); // a registered address is sent to its overview

    await test.step('the mail link asks for the login first, then shows the pending invitation', async () => {
      await page.goto(link);
      await expect(page).toHaveURL(/\/$/);
      await page.getByLabel('E-Mail').fill(invitee.email);
      await page.getByLabel('Passwort', { exact: true }).fill(invitee.password);
      await page.getByRole('button', { name: 'Einloggen' }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('heading', { name: 'Ausstehende Einladungen' })).toBeVisible();
      const card = invitationCard(page, env.name);
      await expect(card).toContainText(env.name);
      await expect(card).toContainText('Eingeladen von Anna Albers');
    });

    await test.step('accepting leads into the environment', async () => {
      await invitationCard(page, env.name).getByRole('button', { name: 'Annehmen' }).click();
      await expect(page).toHaveURL(new RegExp(`/env/${escapeRegExp(env.url_slug)}$`));
    });

    await test.step('the environment selection lists the environment with 2 users and no invitation', async () => {
      await page.goto('/account');
      await expect(page.getByRole('heading', { name: 'Firmenumgebung auswählen' })).toBeVisible();
      const card = page.getByRole('article', { name: env.name });
      await expect(card).toContainText('2 Benutzer');
      await expect(card).toContainText('Kostenlos');
      await expect(card.getByRole('link', { name: 'Starten' })).toHaveAttribute('href', `/env/${env.url_slug}`);
      await expect(page.getByRole('heading', { name: 'Ausstehende Einladungen' })).toHaveCount(0);
    });
  });

  test('a declined invitation disappears after the confirmation', async ({ page }) => {
    const { inviter, env } = await inviterWithEnvironment('decline');
    const invitee = await createUser('decline-b');
    await inviteUser(inviter.token, env.url_slug, invitee.email);

    await loginViaUi(page, invitee.email, invitee.password);
    const card = invitationCard(page, env.name);
    await expect(card).toBeVisible();

    await test.step('cancelling the question keeps the invitation', async () => {
      await card.getByRole('button', { name: 'Ablehnen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Einladung ablehnen' });
      await expect(dialog).toContainText(
        `Wollen Sie die Einladung zur Firmenumgebung "${env.name}" wirklich ablehnen?`,
      );
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(card).toBeVisible();
    });

    await test.step('confirming removes it, also after a reload', async () => {
      await card.getByRole('button', { name: 'Ablehnen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Einladung ablehnen' });
      await dialog.getByRole('button', { name: 'Ablehnen' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(card).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Ausstehende Einladungen' })).toHaveCount(0);

      await page.reload();
      await expect(page.getByRole('heading', { name: 'Firmenumgebung auswählen' })).toBeVisible();
      await expect(page.getByText('Noch keine Firmenumgebung')).toBeVisible();
      await expect(page.getByRole('article', { name: env.name })).toHaveCount(0);
    });
  });

  test('an unregistered address is sent to the registration and finds the invitation after activation', async ({
    page,
  }) => {
    const { inviter, env } = await inviterWithEnvironment('newcomer');
    const newcomer = newUserSpec('newcomer', { firstname: 'Clara', name: 'Conrad' });
    await inviteUser(inviter.token, env.url_slug, newcomer.email);

    const invitation = await waitForMail(newcomer.email, { subject: invitationSubject });
    const link = linkIn(invitation);
    expect(pathOf(link)).toBe(`/register?email=${encodeURIComponent(newcomer.email)}`);

    await test.step('the link opens the registration with the address filled in', async () => {
      await page.goto(link);
      await expect(page.getByLabel('E-Mail')).toHaveValue(newcomer.email);
      await registerViaUi(page, newcomer);
    });

    await test.step('activation through the mailed link', async () => {
      const activation = await waitForMail(newcomer.email, { subject: activationSubject });
      await page.goto(linkIn(activation));
      await expect(page.getByRole('heading', { name: 'Account erfolgreich aktiviert' })).toBeVisible();
    });

    await test.step('after the login the invitation is waiting and can be accepted', async () => {
      await loginViaUi(page, newcomer.email, newcomer.password);
      const card = invitationCard(page, env.name);
      await expect(card).toContainText('Eingeladen von Anna Albers');
      await card.getByRole('button', { name: 'Annehmen' }).click();
      await expect(page).toHaveURL(new RegExp(`/env/${escapeRegExp(env.url_slug)}$`));
    });
  });
});
