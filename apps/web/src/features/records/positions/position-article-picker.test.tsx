import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { allRights, environmentState, ok, positionsField, renderForm } from '../../../engine/testing/record-test-env';
import { fakeFetch } from '../../../test/fake-fetch';

afterEach(() => vi.unstubAllGlobals());

const elements = [{ type: 'field' as const, field: 'positions' }];
const fields = { positions: positionsField };
const articleId = '33333333-3333-4333-8333-333333333333';
const withArticles = environmentState({
  recordTypes: [
    ...environmentState().recordTypes,
    { key: 'articles', parent: 'article', singular: 'Artikel', plural: 'Artikel', icon: null, rights: allRights },
  ],
});
const articleForm = {
  type: 'articles',
  singular: 'Artikel',
  form: [],
  fields: {},
  values: {
    _id: articleId,
    article_number: 'A-7',
    title: 'Eichenparkett verlegen',
    unit: 'std',
    price: 48.5,
    tax: 't7',
  },
  version: 1,
  stage: null,
  readOnly: false,
  stageActions: [],
  hasPreview: false,
  pages: [],
  rights: allRights,
};

const answers = () =>
  fakeFetch({
    '/api/model-selector/search': (body) => {
      const search = (body as { search?: string }).search ?? '';
      return ok(
        'A-7 · Eichenparkett verlegen'.toLowerCase().includes(search.toLowerCase())
          ? [{ _id: articleId, label: 'A-7 · Eichenparkett verlegen' }]
          : [],
      );
    },
    '/api/model-selector/result': ok([{ _id: articleId, label: 'A-7 · Eichenparkett verlegen' }]),
    '/api/dynamic-records/form': ok(articleForm),
  });

describe('picking an article for a position (issue 31 item 3)', { timeout: 60_000 }, () => {
  test('takes title, unit, price and tax of the article, keeps them editable and applies', async () => {
    const fake = answers();
    vi.stubGlobal('fetch', fake.fn);
    const onValues = vi.fn();
    renderForm({ elements, fields, onValues }, withArticles);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Position hinzufügen' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: /Artikel übernehmen/ }));
    await u.type(await screen.findByRole('textbox', { name: 'Suchen …' }), 'A-7');
    await screen.findByText('A-7 · Eichenparkett verlegen');
    await u.keyboard('{Enter}');

    // Enter picked the article; it did not apply the position.
    await waitFor(() => expect(within(dialog).getByLabelText(/^Bezeichnung/)).toHaveValue('Eichenparkett verlegen'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Einheit' })).toHaveValue('Stunde');
    expect(within(dialog).getByLabelText('Einzelpreis')).toHaveValue('48,50');
    expect(within(dialog).getByRole('checkbox', { name: 'USt. 7 %' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'USt. 19 %' })).not.toBeChecked();
    const load = fake.calls.find((call) => call.path === '/api/dynamic-records/form');
    expect(load?.body).toMatchObject({ _env: 'acme', type: 'articles', id: articleId });

    // Still editable: the person changes the title before applying.
    const title = within(dialog).getByLabelText(/^Bezeichnung/);
    await u.clear(title);
    await u.type(title, 'Parkett Wohnzimmer');
    await u.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onValues).toHaveBeenLastCalledWith({
      positions: [
        expect.objectContaining({
          title: 'Parkett Wohnzimmer',
          quantity: 1,
          unit: 'std',
          price_single: 48.5,
          taxes: [{ name: 'USt. 7 %', percent: 7, number: '8300' }],
        }),
      ],
    });
  });

  test('is not offered where the environment has no articles', async () => {
    renderForm({ elements, fields });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Position hinzufügen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Artikel übernehmen')).not.toBeInTheDocument();
  });
});
