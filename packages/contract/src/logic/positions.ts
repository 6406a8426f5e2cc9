import { DecimalError, type DecimalErrorCode, exactToScale, parseDecimal, unitsToNumber } from './decimal';
import { type Cents, centsToEuros, eurosToCents, factorDecimals, multiplyCents, percentOf, sumCents } from './money';

/**
 * Position (invoice line) maths of spec 01 §5 in integer cents, shared by the position editor, the
 * server (which stores `net` and `gross` as cents) and the PDF, so all three agree to the cent:
 * - price_full = quantity × price_single, rounded half away from zero; empty if either is empty;
 * - each tax amount = price_full / 100 × percent, rounded to the cent per line;
 * - taxes_sum_percent = Σ percent; taxes_sum_price = Σ rounded tax amounts;
 * - summary: net = Σ price_full, one line per distinct tax (name and percent) with the sum of its
 *   rounded per-line amounts, gross = net + Σ taxes.
 * Derived fields sent by a client are ignored and recomputed. Amounts are decimal euros on the wire
 * (≤ 2 decimals); quantity and percent may have up to 4 decimals. Negative values are allowed
 * (credit lines, discounts). Invalid numbers throw `DecimalError`; `checkPosition` reports them
 * per field first.
 */

/**
 * What a line of the position list is (issue 31 item 3): an `item` (the default; an old position
 * without a kind is one) has quantity, price and taxes; a `title` heads a group, a `text` line
 * carries text only, a `subtotal` shows the sum of the items since the previous subtotal. Only
 * items have amounts: the other kinds never change a total and are no invoice lines in an
 * e-invoice (EN 16931 BG-25 is an invoice line with a price and a VAT category).
 */
export const positionKinds = ['item', 'title', 'text', 'subtotal'] as const;
export type PositionKind = (typeof positionKinds)[number];

/** The kind of a line: anything but a known other kind is an item. */
export const positionKind = (position: { kind?: unknown }): PositionKind =>
  position.kind === 'title' || position.kind === 'text' || position.kind === 'subtotal' ? position.kind : 'item';

export const isItem = (position: { kind?: unknown }): boolean => positionKind(position) === 'item';

/** A decimal as it travels: a number or numeric string with a dot ("12.5"). */
export type WireDecimal = number | string;

export type PositionTaxInput = Readonly<{ name: string; percent: WireDecimal; number?: string | number | null }>;

export type PositionInput = Readonly<{
  kind?: string | null;
  title?: string | null;
  quantity?: WireDecimal | null;
  unit?: string | null;
  price_single?: WireDecimal | null;
  taxes?: readonly PositionTaxInput[] | null;
  /** Derived: ignored on input and recomputed. */
  price_full?: unknown;
  taxes_sum_percent?: unknown;
  taxes_sum_price?: unknown;
}>;

type PositionTax = { name: string; percent: number; number: string | number | null };

type Position = {
  /** Set for title, text and subtotal lines; an item keeps what it had (absent or 'item'). */
  kind?: PositionKind | string | null | undefined;
  title: string;
  quantity: number | null;
  unit: string | null;
  price_single: number | null;
  price_full: number | null;
  taxes: PositionTax[];
  taxes_sum_percent: number;
  taxes_sum_price: number | null;
};

type PositionAmounts = Readonly<{
  priceSingleCents: Cents | null;
  priceFullCents: Cents | null;
  /** Per tax entry, in order: its rounded amount, null while price_full is empty. */
  taxes: ReadonlyArray<Readonly<{ name: string; percent: number; amountCents: Cents | null }>>;
  taxesSumCents: Cents | null;
  /** Σ percent in units of 10^-4 (exact). */
  taxesSumPercentUnits: bigint;
}>;

const isEmpty = (value: unknown): value is null | undefined | '' =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const factorUnits = (value: WireDecimal): bigint => exactToScale(parseDecimal(value), factorDecimals, value);

const noAmounts: PositionAmounts = {
  priceSingleCents: null,
  priceFullCents: null,
  taxes: [],
  taxesSumCents: null,
  taxesSumPercentUnits: 0n,
};

/** The exact amounts of one position (none for a title, text or subtotal line); throws `DecimalError` on an invalid number. */
export const positionAmounts = (input: PositionInput): PositionAmounts => {
  if (!isItem(input)) return noAmounts;
  const priceSingleCents = isEmpty(input.price_single) ? null : eurosToCents(input.price_single);
  const quantity = isEmpty(input.quantity) ? null : input.quantity;
  if (quantity !== null) factorUnits(quantity);
  const priceFullCents =
    priceSingleCents === null || quantity === null ? null : multiplyCents(priceSingleCents, quantity);
  const taxes = (input.taxes ?? []).map((tax) => {
    const units = factorUnits(tax.percent);
    return {
      name: tax.name,
      percent: unitsToNumber(units, factorDecimals),
      units,
      amountCents: priceFullCents === null ? null : percentOf(priceFullCents, tax.percent),
    };
  });
  return {
    priceSingleCents,
    priceFullCents,
    taxes: taxes.map(({ name, percent, amountCents }) => ({ name, percent, amountCents })),
    taxesSumCents: priceFullCents === null ? null : sumCents(taxes.map((tax) => tax.amountCents ?? 0)),
    taxesSumPercentUnits: taxes.reduce((sum, tax) => sum + tax.units, 0n),
  };
};

/**
 * The position with its derived fields recomputed (idempotent). Other keys of the input (an `_id`,
 * extra child fields of the positions map) are kept.
 */
export const normalizePosition = <P extends PositionInput>(input: P): Omit<P, keyof Position> & Position => {
  const kind = positionKind(input);
  if (kind !== 'item') {
    // Numbers a title, text or subtotal line may still carry (it was an item before) are dropped.
    return {
      ...input,
      kind,
      title: input.title ?? '',
      quantity: null,
      unit: null,
      price_single: null,
      price_full: null,
      taxes: [],
      taxes_sum_percent: 0,
      taxes_sum_price: null,
    };
  }
  const amounts = positionAmounts(input);
  const quantity = isEmpty(input.quantity) ? null : unitsToNumber(factorUnits(input.quantity), factorDecimals);
  return {
    ...input,
    title: input.title ?? '',
    quantity,
    unit: input.unit ?? null,
    price_single: amounts.priceSingleCents === null ? null : centsToEuros(amounts.priceSingleCents),
    price_full: amounts.priceFullCents === null ? null : centsToEuros(amounts.priceFullCents),
    taxes: (input.taxes ?? []).map((tax, i) => ({
      ...tax,
      name: tax.name,
      percent: amounts.taxes[i]?.percent ?? 0,
      number: tax.number ?? null,
    })),
    taxes_sum_percent: unitsToNumber(amounts.taxesSumPercentUnits, factorDecimals),
    taxes_sum_price: amounts.taxesSumCents === null ? null : centsToEuros(amounts.taxesSumCents),
  };
};

/** Decimals a position field takes: amounts are whole cents, quantities and percentages four. */
export const positionFieldDecimals = (path: string): number =>
  path === 'price_single' || path === 'price_full' ? 2 : factorDecimals;

/**
 * Invalid numbers of a position by relative field path ('quantity', 'price_single',
 * 'taxes[0].percent'); empty when the position can be computed. The server prefixes
 * `positions[i].` and turns the codes into catalog messages.
 */
export const checkPosition = (input: PositionInput): Record<string, DecimalErrorCode> => {
  const errors: Record<string, DecimalErrorCode> = {};
  if (!isItem(input)) return errors;
  const attempt = (path: string, run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (!(error instanceof DecimalError)) throw error;
      errors[path] = error.code;
    }
  };
  if (!isEmpty(input.price_single)) attempt('price_single', () => eurosToCents(input.price_single as WireDecimal));
  if (!isEmpty(input.quantity)) attempt('quantity', () => factorUnits(input.quantity as WireDecimal));
  (input.taxes ?? []).forEach((tax, i) => {
    attempt(`taxes[${i}].percent`, () => factorUnits(tax.percent));
  });
  // Each part may be fine while the product or a sum leaves the range.
  if (Object.keys(errors).length === 0) attempt('price_full', () => positionAmounts(input));
  return errors;
};

export type PositionSummary = Readonly<{
  netCents: Cents;
  /** One line per distinct tax (same name and percent), in first-seen order. */
  taxes: ReadonlyArray<Readonly<{ name: string; percent: number; amountCents: Cents }>>;
  grossCents: Cents;
}>;

/** Net, tax lines and gross of a position list, from recomputed (never client-sent) line amounts. */
export const summarizePositions = (positions: readonly PositionInput[]): PositionSummary => {
  const lines = new Map<string, { name: string; percent: number; amounts: Cents[] }>();
  const net: Cents[] = [];
  for (const position of positions) {
    const amounts = positionAmounts(position);
    net.push(amounts.priceFullCents ?? 0);
    for (const tax of amounts.taxes) {
      const key = `${tax.name}\u0000${tax.percent}`;
      let line = lines.get(key);
      if (!line) {
        line = { name: tax.name, percent: tax.percent, amounts: [] };
        lines.set(key, line);
      }
      line.amounts.push(tax.amountCents ?? 0);
    }
  }
  const netCents = sumCents(net);
  const taxes = [...lines.values()].map(({ name, percent, amounts }) => ({
    name,
    percent,
    amountCents: sumCents(amounts),
  }));
  return { netCents, taxes, grossCents: sumCents([netCents, ...taxes.map((tax) => tax.amountCents)]) };
};

/**
 * The amount of each subtotal line, by index (null for every other line): the sum of the items'
 * price_full since the previous subtotal line or the start. Derived on every read, never stored,
 * so it cannot disagree with its items.
 */
export const positionSubtotals = (positions: readonly PositionInput[]): (Cents | null)[] => {
  let group: Cents[] = [];
  return positions.map((position) => {
    const kind = positionKind(position);
    if (kind === 'item') group.push(positionAmounts(position).priceFullCents ?? 0);
    if (kind !== 'subtotal') return null;
    const sum = sumCents(group);
    group = [];
    return sum;
  });
};
