import { expect, type Page, test } from '@playwright/test';
import { createEnvironment, createUser, postOk, uniqueName } from './support/api';
import { navigateInApp, openEnvironment } from './support/ui';
import { xssCorpus } from './support/xss-corpus';

/**
 * Issue 19 item 8: every payload of the corpus, saved into the free-text fields of customers (name,
 * city, notes), a user's first name and an environment's name, is shown as text in the list, the
 * edit form, the model selector and the shell; none runs. A payload that ran would set
 * `window.__xss` or open a dialog.
 */

/** A payload that runs as soon as it becomes markup (no script tag needed). */
const imgPayload = xssCorpus.find((p) => p.startsWith('<img src=x onerror="')) ?? '';

const watch = (page: Page) => {
  const fired: string[] = [];
  page.on('dialog', async (dialog) => {
    fired.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on('pageerror', (error) => {
    if (/__xss/.test(error.message)) fired.push(`error: ${error.message}`);
  });
  return fired;
};

const expectNothingRan = async (page: Page, fired: string[], where: string) => {
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss), `window.__xss on ${where}`).toBeUndefined();
  expect(fired, where).toEqual([]);
};

test('a corpus of hostile texts is shown, never run, in the back office', async ({ page }) => {
  test.setTimeout(480_000);
  expect(xssCorpus.length).toBeGreaterThanOrEqual(100);
  const user = await createUser('xss', { firstname: imgPayload.slice(0, 100) });
  const env = await createEnvironment(user.token, `${uniqueName('XSS')} ${xssCorpus[0]}`.slice(0, 100), 'craftsman');

  const ids: string[] = [];
  for (const payload of xssCorpus) {
    const saved = await postOk(
      '/api/dynamic-records/save',
      {
        _env: env.url_slug,
        type: 'customers',
        id: 'new',
        data: { name: payload.slice(0, 200), city: payload.slice(0, 80), notes: payload },
      },
      user.token,
    );
    ids.push((saved.data as { key: string }).key);
  }

  const fired = watch(page);
  await openEnvironment(page, user, env.url_slug);
  await expectNothingRan(page, fired, 'dashboard (environment and user names)');

  await test.step('the customer list, page by page', async () => {
    await navigateInApp(page, `/env/${env.url_slug}/dyn/customers`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kunden' })).toBeVisible();
    await page.getByLabel('Einträge pro Seite').selectOption('50');
    const pages = Math.ceil((xssCorpus.length + 10) / 50);
    for (let n = 1; n <= pages; n++) {
      await expect(page.getByRole('table')).toBeVisible();
      await expectNothingRan(page, fired, `customer list page ${n}`);
      const next = page.getByRole('button', { name: 'Nächste Seite' });
      if (n === pages || (await next.isDisabled())) break;
      await next.click();
    }
  });

  // Inside the app, as its links go: the form is rendered afresh for each payload without the app's
  // start a reload would repeat a hundred times.
  await test.step('every edit form', async () => {
    for (const [i, id] of ids.entries()) {
      await navigateInApp(page, `/env/${env.url_slug}/dyn/customers/${encodeURIComponent(id)}/edit`);
      await expect(page.getByLabel('Notizen')).toHaveValue(xssCorpus[i] ?? '');
      await expectNothingRan(page, fired, `edit form of payload ${i}: ${xssCorpus[i]}`);
    }
  });

  await test.step('the customer selector of a new invoice lists the names as text', async () => {
    await navigateInApp(page, `/env/${env.url_slug}/dyn/invoices/new/edit`);
    await page.getByRole('button', { name: 'Kunde', exact: true }).click();
    await page.getByRole('textbox', { name: 'Suchen …' }).fill('Firma <script>');
    const option = page.getByRole('option', { name: /Firma <script>/ }).first();
    await expect(option).toBeVisible();
    await expectNothingRan(page, fired, 'customer selector');
    await option.click();
    await expect(page.getByRole('button', { name: 'Kunde', exact: true })).toContainText('Firma <script>');
    await expectNothingRan(page, fired, 'chosen customer');
  });
});

test('the corpus in a public query form: questions, choices, answers and the answers table', async ({ browser }) => {
  test.setTimeout(360_000);
  const owner = await createUser('xss-form');
  const env = await createEnvironment(owner.token, uniqueName('XSS Formulare'), 'craftsman');
  // Every payload is a question's title; every third also a choice's label.
  const questions = xssCorpus.map((payload, i) =>
    i % 3 === 2
      ? {
          type: 'question',
          questionType: 'selection',
          key: `q${i}`,
          title: payload,
          columns: 12,
          options: [{ value: `v${i}`, label: payload.slice(0, 200) }],
        }
      : { type: 'question', questionType: i % 3 ? 'text' : 'string', key: `q${i}`, title: payload, columns: 12 },
  );
  const saved = await postOk(
    '/api/query-forms/save',
    {
      _env: env.url_slug,
      id: 'new',
      title: xssCorpus[0],
      definition: questions.slice(0, 200),
      answer_table_columns: [0, 1, 3, 4].map((i) => ({
        type: 'setting-field',
        mapping: `q${i}`,
        label: (xssCorpus[i] ?? '').slice(0, 200),
      })),
      filled_once: false,
      publications: { html_website: { is_active: true, publish_key: null } },
    },
    owner.token,
  );
  const id = (saved.data as { id: string }).id;
  const details = await postOk('/api/query-forms/details', { _env: env.url_slug, id }, owner.token);
  const url = (details.data as { public_url: string }).public_url;

  const visitor = await (await browser.newContext()).newPage();
  const fired = watch(visitor);
  await visitor.goto(url);
  await expect(visitor.getByRole('button', { name: 'Absenden' })).toBeVisible();
  await expectNothingRan(visitor, fired, 'public form page');
  // The answers are payloads too; the time check wants a human's few seconds.
  for (const i of [0, 1, 3, 4]) await visitor.locator(`[name="q[q${i}]"]`).fill(imgPayload);
  await visitor.waitForTimeout(3200);
  await visitor.getByRole('button', { name: 'Absenden' }).click();
  await expect(visitor.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible();
  await expectNothingRan(visitor, fired, 'thank-you page');

  const page = await (await browser.newContext()).newPage();
  const staffFired = watch(page);
  await openEnvironment(page, owner, env.url_slug);
  await navigateInApp(page, `/env/${env.url_slug}/query-forms/form/${encodeURIComponent(id)}/details`);
  await expect(page.getByText(imgPayload).first()).toBeVisible();
  await expectNothingRan(page, staffFired, 'answers table in the back office');
});

test('the watch itself notices a payload that runs (control)', async ({ page }) => {
  const fired = watch(page);
  await page.setContent('<main></main>');
  await page.evaluate((payload) => {
    document.querySelector('main')?.insertAdjacentHTML('beforeend', payload);
  }, imgPayload);
  await expect.poll(() => page.evaluate(() => (window as { __xss?: number }).__xss)).toBe(1);
  await expect.poll(() => fired.length).toBeGreaterThan(0);
});
