import { currencyFormatter } from '@kontor/contract/logic/number-format';
import { summarizePositions } from '@kontor/contract/logic/positions';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { positionsField, renderForm, renderInEnvironment } from '../../../engine/testing/record-test-env';
import { enterApplies } from './enter-applies';
import { PositionModal } from './position-modal';
import { taxLineLabel } from './position-values';

const money = currencyFormatter({ currency: 'euro', language: 'de_sie' });
const elements = [{ type: 'field' as const, field: 'positions' }];
const fields = { positions: positionsField };

const taxChoices = [
  { name: 'USt. 19 %', percent: 19, number: '8400' },
  { name: 'USt. 7 %', percent: 7, number: '8300' },
  { name: 'Sonder', percent: 5.5, number: null },
];

/** Positions as the server stores them: euro amounts with ≤ 2 decimals, quantities with ≤ 4. */
const position = fc.record({
  _id: fc.uuid(),
  title: fc.string({ minLength: 1, maxLength: 12 }),
  quantity: fc.option(
    fc.integer({ min: -50_000, max: 500_000 }).map((n) => n / 1000),
    { nil: null },
  ),
  unit: fc.constant('stk'),
  price_single: fc.option(
    fc.integer({ min: -1_000_000, max: 10_000_000 }).map((n) => n / 100),
    { nil: null },
  ),
  taxes: fc.subarray(taxChoices),
});

const summaryText = () => {
  const group = screen.getByRole('group', { name: 'Summen' });
  return group.textContent ?? '';
};

describe('the position editor (spec 01 §5)', { timeout: 120_000 }, () => {
  test('shows the totals of summarizePositions to the cent', () => {
    fc.assert(
      fc.property(fc.array(position, { maxLength: 5 }), (positions) => {
        cleanup();
        renderForm({ elements, fields, initial: { positions }, readOnly: true });
        const expected = summarizePositions(positions);
        const text = summaryText();
        expect(text).toContain(`Summe netto${money(expected.netCents)}`);
        for (const tax of expected.taxes) expect(text).toContain(`${taxLineLabel(tax)}${money(tax.amountCents)}`);
        expect(text).toContain(`Gesamtbetrag brutto${money(expected.grossCents)}`);
      }),
      { numRuns: 25 },
    );
  });

  test('names a tax line by name and percent without repeating the percent', () => {
    expect(taxLineLabel({ name: 'USt. 19 %', percent: 19 })).toBe('USt. 19 %');
    expect(taxLineLabel({ name: 'Sonder', percent: 5.5 })).toBe('Sonder (5,5 %)');
  });

  test('recomputes the full price and the totals while a row is edited', async () => {
    renderForm({
      elements,
      fields,
      initial: {
        positions: [{ _id: 'a', title: 'Stunde', quantity: 2, unit: 'stk', price_single: 10, taxes: [taxChoices[0]] }],
      },
    });
    const u = userEvent.setup();
    const quantity = screen.getByLabelText('Menge 1');
    await u.clear(quantity);
    await u.type(quantity, '1.000,5');
    expect(screen.getByRole('row', { name: /Stunde|1/ })).toBeDefined();
    expect(summaryText()).toContain(`Summe netto${money(1000500)}`);
    expect(summaryText()).toContain(`Gesamtbetrag brutto${money(1190595)}`);
  });

  test('adds a position with the default tax, moves and removes rows', async () => {
    const onValues = vi.fn();
    renderForm({
      elements,
      fields,
      onValues,
      initial: { positions: [{ _id: 'a', title: 'Erste', quantity: 1, unit: 'stk', price_single: 1, taxes: [] }] },
    });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Position hinzufügen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: 'USt. 19 %' })).toBeChecked();
    await u.type(within(dialog).getByLabelText(/^Bezeichnung/), 'Zweite');
    await u.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Bezeichnung 2')).toHaveValue('Zweite');
    expect(onValues).toHaveBeenLastCalledWith({
      positions: [
        expect.objectContaining({ title: 'Erste' }),
        expect.objectContaining({
          title: 'Zweite',
          quantity: 1,
          taxes: [{ name: 'USt. 19 %', percent: 19, number: '8400' }],
        }),
      ],
    });

    await u.click(screen.getByRole('button', { name: 'Position 2 nach oben' }));
    expect(screen.getByLabelText('Bezeichnung 1')).toHaveValue('Zweite');
    expect(screen.getByRole('button', { name: 'Position 1 nach oben' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Position 1 entfernen' }));
    expect(screen.getByLabelText('Bezeichnung 1')).toHaveValue('Erste');
    expect(screen.queryByLabelText('Bezeichnung 2')).not.toBeInTheDocument();
  });
});

describe('Enter in the position modal (spec 01 §5)', { timeout: 60_000 }, () => {
  const initial = { positions: [{ _id: 'a', title: 'Alt', quantity: 1, unit: 'stk', price_single: 5, taxes: [] }] };

  test('applies the change from a plain input', async () => {
    renderForm({ elements, fields, initial });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Position 1 bearbeiten' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByLabelText(/^Bezeichnung/);
    await u.clear(title);
    await u.type(title, 'Neu{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Bezeichnung 1')).toHaveValue('Neu');
  });

  test('does not apply from the unit select', async () => {
    renderForm({ elements, fields, initial });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Position 1 bearbeiten' }));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByRole('combobox', { name: 'Einheit' }), '{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  test('refuses to apply a position without title and says why', async () => {
    renderForm({ elements, fields, initial });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Position 1 bearbeiten' }));
    const dialog = await screen.findByRole('dialog');
    await u.clear(within(dialog).getByLabelText(/^Bezeichnung/));
    await u.type(within(dialog).getByLabelText(/^Menge/), '{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByText('Dieses Feld muss ausgefüllt werden')).toBeInTheDocument();
  });

  test('knows where Enter applies', () => {
    const make = (html: string) => {
      const host = document.createElement('div');
      host.innerHTML = html;
      return host.firstElementChild as Element;
    };
    expect(enterApplies(make('<input type="text">'))).toBe(true);
    expect(enterApplies(make('<input type="checkbox">'))).toBe(true);
    expect(enterApplies(make('<textarea></textarea>'))).toBe(false);
    expect(enterApplies(make('<select></select>'))).toBe(false);
    expect(enterApplies(make('<input aria-haspopup="listbox">'))).toBe(false);
    expect(enterApplies(make('<button>OK</button>'))).toBe(false);
  });
});

describe('a position that vanished under the open modal', () => {
  test('says it was not found and asks to reload', async () => {
    renderInEnvironment(
      [
        {
          path: '/',
          element: (
            <PositionModal
              state={{ mode: 'edit', id: 'gone', index: 3 }}
              position={undefined}
              definition={positionsField.definition ?? []}
              serverError={() => undefined}
              onApply={() => {}}
              onClose={() => {}}
            />
          ),
        },
      ],
      '/',
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Position wurde nicht gefunden')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte laden Sie die Seite neu.')).toBeInTheDocument();
  });
});

describe('title, text and subtotal lines (issue 31 item 3)', { timeout: 60_000 }, () => {
  test('are added from the menu, show a subtotal of the items above and change no total', async () => {
    const onValues = vi.fn();
    const items = [
      { _id: 'a', title: 'Parkett', quantity: 10, unit: 'stk', price_single: 30, taxes: [taxChoices[0]] },
      { _id: 'b', title: 'Leiste', quantity: 4, unit: 'stk', price_single: 5, taxes: [taxChoices[0]] },
    ];
    renderForm({ elements, fields, onValues, initial: { positions: items } });
    const before = summaryText();
    const u = userEvent.setup();

    await u.click(screen.getByRole('button', { name: 'Weitere Zeilenarten' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Zwischensumme hinzufügen' }));
    expect(screen.getByLabelText('Zwischensumme 3')).toHaveValue('Zwischensumme');
    expect(screen.getByRole('row', { name: /Zwischensumme/ }).textContent).toContain(money(32000));

    await u.click(screen.getByRole('button', { name: 'Weitere Zeilenarten' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Text hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Text' });
    expect(within(dialog).queryByLabelText('Menge')).not.toBeInTheDocument();
    await u.type(within(dialog).getByLabelText(/^Text/), 'Untergrund bauseits.{Enter}Ohne Entsorgung.');
    // Enter made a new line in the text; it did not apply.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(summaryText()).toBe(before);
    expect(onValues).toHaveBeenLastCalledWith({
      positions: [
        expect.objectContaining({ _id: 'a' }),
        expect.objectContaining({ _id: 'b' }),
        expect.objectContaining({ kind: 'subtotal', title: 'Zwischensumme' }),
        expect.objectContaining({ kind: 'text', title: 'Untergrund bauseits.\nOhne Entsorgung.' }),
      ],
    });
    // Items keep their numbers; the other lines get none.
    const numbers = screen.getAllByRole('row').map((row) => row.querySelector('td')?.textContent ?? null);
    expect(numbers.slice(1)).toEqual(['1', '2', '', '']);
  });

  test('a title line needs its text before it is applied', async () => {
    renderForm({ elements, fields, initial: { positions: [] } });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Weitere Zeilenarten' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Titel hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Titel' });
    await u.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(within(dialog).getByText('Dieses Feld muss ausgefüllt werden')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText(/^Bezeichnung/), 'Wohnzimmer{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
