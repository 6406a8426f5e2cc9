import { exactToScale, parseDecimal, unitsToString } from '@kontor/contract/logic/decimal';
import { type Cents, factorDecimals, sumCents } from '@kontor/contract/logic/money';
import {
  type PositionInput,
  positionAmounts,
  positionKind,
  positionSubtotals,
  summarizePositions,
} from '@kontor/contract/logic/positions';
import type { PdfPositionRow, PdfSummary } from './pdf-input';

/**
 * A record's `positions` (the wire shape of logic/positions.ts) as table rows and summary, with
 * every amount taken from `positionAmounts` and `summarizePositions`: the PDF shows the very cents
 * the position editor and the server computed. Throws `DecimalError` on an invalid number, as
 * positions.ts does; a saved record has passed `checkPosition` already.
 */
export const positionRows = (positions: readonly PositionInput[]): PdfPositionRow[] => {
  const subtotals = positionSubtotals(positions);
  let items = 0;
  return positions.map((position, i) => {
    const kind = positionKind(position);
    if (kind !== 'item') {
      // Title, text and subtotal lines get no number and no amounts of their own (issue 31 item 3).
      return {
        pos: '',
        title: position.title ?? '',
        quantity: null,
        unit: null,
        priceSingleCents: null,
        priceFullCents: null,
        kind,
        ...(kind === 'subtotal' ? { subtotalCents: subtotals[i] ?? 0 } : {}),
      };
    }
    const amounts = positionAmounts(position);
    const quantity = position.quantity;
    items += 1;
    return {
      pos: String(items),
      title: position.title ?? '',
      quantity:
        quantity === null || quantity === undefined || String(quantity).trim() === ''
          ? null
          : unitsToString(exactToScale(parseDecimal(quantity), factorDecimals), factorDecimals, true),
      unit: position.unit ?? null,
      priceSingleCents: amounts.priceSingleCents,
      priceFullCents: amounts.priceFullCents,
    };
  });
};

/**
 * Net, one line per distinct tax and gross from `summarizePositions`, each tax line with the net
 * amount of the positions carrying it (its basis, for the table's tax lines).
 */
export const positionSummary = (positions: readonly PositionInput[]): PdfSummary => {
  const summary = summarizePositions(positions);
  const bases = new Map<string, Cents[]>();
  for (const position of positions) {
    const amounts = positionAmounts(position);
    for (const tax of amounts.taxes) {
      const key = `${tax.name}\u0000${tax.percent}`;
      const list = bases.get(key) ?? [];
      list.push(amounts.priceFullCents ?? 0);
      bases.set(key, list);
    }
  }
  return {
    netCents: summary.netCents,
    grossCents: summary.grossCents,
    taxes: summary.taxes.map((tax) => ({
      ...tax,
      baseCents: sumCents(bases.get(`${tax.name}\u0000${tax.percent}`) ?? []),
    })),
  };
};
