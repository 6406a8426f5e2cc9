import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { failed, field, ok, renderForm } from '../testing/record-test-env';

afterEach(() => vi.unstubAllGlobals());

const customers = [
  { _id: '11111111-1111-4111-8111-111111111111', label: 'K-1001 · Bäckerei Schröder' },
  { _id: '22222222-2222-4222-8222-222222222222', label: 'K-1002 · Müller & Söhne' },
];
const fields = {
  customer: field('customer', 'model', 'Kunde', { selector: { type: 'customer' } }),
  partners: field('partners', 'models', 'Partner', { selector: { type: 'customer' } }),
};

const answers = (search: (body: { search?: string }) => ReturnType<typeof ok> | ReturnType<typeof failed>) =>
  fakeFetch({
    '/api/model-selector/search': (body) => search(body as { search?: string }),
    '/api/model-selector/result': (body) => {
      const ids = (body as { value: string[] }).value;
      return ok(customers.filter((c) => ids.includes(c._id)));
    },
  });

describe('the model selector (spec 01 §2)', { timeout: 30_000 }, () => {
  test('shows the label of the current value and clears it', async () => {
    vi.stubGlobal('fetch', answers(() => ok(customers)).fn);
    const onValues = vi.fn();
    renderForm({
      elements: [{ type: 'field', field: 'customer' }],
      fields,
      initial: { customer: customers[0]?._id },
      onValues,
    });
    expect(await screen.findByText('K-1001 · Bäckerei Schröder')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Auswahl entfernen' }));
    expect(onValues).toHaveBeenLastCalledWith({ customer: null });
  });

  test('searches debounced and picks a result with the keyboard', async () => {
    const fake = answers((body) =>
      ok(customers.filter((c) => c.label.toLowerCase().includes((body.search ?? '').toLowerCase()))),
    );
    vi.stubGlobal('fetch', fake.fn);
    const onValues = vi.fn();
    renderForm({ elements: [{ type: 'field', field: 'customer' }], fields, onValues });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: /Kunde/ }));
    await u.type(await screen.findByRole('textbox', { name: 'Suchen …' }), 'müll');
    await waitFor(() => expect(screen.queryByText('K-1001 · Bäckerei Schröder')).not.toBeInTheDocument());
    expect(await screen.findByText('K-1002 · Müller & Söhne')).toBeInTheDocument();
    await u.keyboard('{Enter}');
    expect(onValues).toHaveBeenLastCalledWith({ customer: customers[1]?._id });
    const searches = fake.calls.filter((c) => c.path === '/api/model-selector/search').map((c) => c.body);
    // Typing "müll" asks once for the whole word, not once per key stroke.
    expect(searches.filter((b) => (b as { search?: string }).search?.startsWith('m')).length).toBeLessThanOrEqual(2);
  });

  test('says when nothing was found or loading failed', async () => {
    vi.stubGlobal('fetch', answers((body) => (body.search === 'kaputt' ? failed(500) : ok([]))).fn);
    renderForm({ elements: [{ type: 'field', field: 'customer' }], fields });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: /Kunde/ }));
    expect(await screen.findByText('Es wurden keine Datensätze gefunden ...')).toBeInTheDocument();
    await u.type(screen.getByRole('textbox', { name: 'Suchen …' }), 'kaputt');
    expect(await screen.findByText('Fehler beim Laden')).toBeInTheDocument();
  });

  test('says when the label of a selected record is missing', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/api/model-selector/result': ok([]) }).fn);
    renderForm({
      elements: [{ type: 'field', field: 'customer' }],
      fields,
      initial: { customer: '33333333-3333-4333-8333-333333333333' },
    });
    expect(await screen.findByText('Missing label information')).toBeInTheDocument();
  });

  test('multi: adds and removes records', async () => {
    vi.stubGlobal('fetch', answers(() => ok(customers)).fn);
    const onValues = vi.fn();
    renderForm({
      elements: [{ type: 'field', field: 'partners' }],
      fields,
      initial: { partners: [customers[0]?._id] },
      onValues,
    });
    expect(await screen.findByText('K-1001 · Bäckerei Schröder')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('textbox', { name: 'Partner' }));
    await u.click(await screen.findByRole('option', { name: 'K-1002 · Müller & Söhne' }));
    expect(onValues).toHaveBeenLastCalledWith({ partners: [customers[0]?._id, customers[1]?._id] });
    await u.click(screen.getByRole('button', { name: 'K-1001 · Bäckerei Schröder entfernen' }));
    expect(onValues).toHaveBeenLastCalledWith({ partners: [customers[1]?._id] });
  });
});
