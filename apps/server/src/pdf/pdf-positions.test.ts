import { type PositionInput, summarizePositions } from '@kontor/contract/logic/positions';
import { describe, expect, test } from 'vitest';
import { positionRows, positionSummary } from './pdf-positions';

const vat19 = { name: 'USt.', percent: 19 };
const vat7 = { name: 'USt.', percent: '7' };

const positions: PositionInput[] = [
  { title: 'Beratung', quantity: '1.5', unit: 'Std.', price_single: '99.99', taxes: [vat19] },
  { title: 'Buch', quantity: 3, unit: 'Stk.', price_single: 12.5, taxes: [vat7] },
  { title: 'Zwischenüberschrift' },
  { title: 'Gutschrift', quantity: 1, unit: null, price_single: '-10.00', taxes: [vat19], price_full: 999 },
];

describe('positionRows', () => {
  test('numbers the rows and takes every amount from positions.ts, ignoring sent derived fields', () => {
    expect(positionRows(positions)).toEqual([
      { pos: '1', title: 'Beratung', quantity: '1.5', unit: 'Std.', priceSingleCents: 9999, priceFullCents: 14999 },
      { pos: '2', title: 'Buch', quantity: '3', unit: 'Stk.', priceSingleCents: 1250, priceFullCents: 3750 },
      {
        pos: '3',
        title: 'Zwischenüberschrift',
        quantity: null,
        unit: null,
        priceSingleCents: null,
        priceFullCents: null,
      },
      { pos: '4', title: 'Gutschrift', quantity: '1', unit: null, priceSingleCents: -1000, priceFullCents: -1000 },
    ]);
  });
});

describe('title, text and subtotal lines (issue 31 item 3)', () => {
  const mixed: PositionInput[] = [
    { kind: 'title', title: 'Küche' },
    positions[0] as PositionInput,
    { kind: 'text', title: 'Nach Aufmaß', quantity: 2, price_single: 50, taxes: [vat19] },
    positions[1] as PositionInput,
    { kind: 'subtotal', title: 'Summe Küche' },
    positions[3] as PositionInput,
  ];

  test('get no number and no amounts; a subtotal carries the sum of the items above it', () => {
    expect(positionRows(mixed)).toEqual([
      expect.objectContaining({ pos: '', kind: 'title', title: 'Küche', priceFullCents: null }),
      expect.objectContaining({ pos: '1', title: 'Beratung', priceFullCents: 14999 }),
      expect.objectContaining({ pos: '', kind: 'text', quantity: null, priceSingleCents: null, priceFullCents: null }),
      expect.objectContaining({ pos: '2', title: 'Buch', priceFullCents: 3750 }),
      expect.objectContaining({ pos: '', kind: 'subtotal', priceFullCents: null, subtotalCents: 18749 }),
      expect.objectContaining({ pos: '3', title: 'Gutschrift', priceFullCents: -1000 }),
    ]);
  });

  test('leave the summary as it is without them', () => {
    const items = [positions[0], positions[1], positions[3]] as PositionInput[];
    expect(positionSummary(mixed)).toEqual(positionSummary(items));
  });
});

describe('positionSummary', () => {
  test('is summarizePositions plus the net basis of each tax', () => {
    const summary = positionSummary(positions);
    const { taxes, ...totals } = summarizePositions(positions);
    expect(summary).toMatchObject(totals);
    expect(summary.taxes).toEqual([
      // 149,99 − 10,00 at 19 %: 28,50 − 1,90 (rounded per line).
      { ...taxes[0], baseCents: 13999 },
      { ...taxes[1], baseCents: 3750 },
    ]);
    expect(summary).toEqual({
      netCents: 17749,
      taxes: [
        { name: 'USt.', percent: 19, amountCents: 2660, baseCents: 13999 },
        { name: 'USt.', percent: 7, amountCents: 263, baseCents: 3750 },
      ],
      grossCents: 20672,
    });
  });
});
