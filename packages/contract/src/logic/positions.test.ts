import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DecimalError, eurosToCents } from './money';
import {
  checkPosition,
  normalizePosition,
  type PositionInput,
  positionAmounts,
  positionSubtotals,
  summarizePositions,
} from './positions';

const vat19 = { name: 'MwSt.', percent: 19, number: '8400' };
const vat7 = { name: 'MwSt.', percent: 7, number: '8300' };

describe('normalizePosition (spec 01 §5)', () => {
  test('price_full = quantity × price_single, taxes per line, sums', () => {
    const position = normalizePosition({
      title: 'Beratung',
      quantity: 3,
      unit: 'h',
      price_single: 95.5,
      taxes: [vat19],
    });
    expect(position).toEqual({
      title: 'Beratung',
      quantity: 3,
      unit: 'h',
      price_single: 95.5,
      price_full: 286.5,
      taxes: [{ name: 'MwSt.', percent: 19, number: '8400' }],
      taxes_sum_percent: 19,
      taxes_sum_price: 54.44, // 54.435 rounded half away from zero
    });
  });

  test('rounds price_full half away from zero to the cent', () => {
    expect(normalizePosition({ quantity: 1.5, price_single: 9.99 }).price_full).toBe(14.99); // 14.985
    expect(normalizePosition({ quantity: -1.5, price_single: 9.99 }).price_full).toBe(-14.99);
    expect(normalizePosition({ quantity: '0.3333', price_single: '19.99' }).price_full).toBe(6.66);
    expect(normalizePosition({ quantity: 0.1, price_single: 0.2 }).price_full).toBe(0.02);
  });

  test('price_full, tax amounts and taxes_sum_price are empty if quantity or price_single is empty', () => {
    for (const input of [
      { quantity: null, price_single: 10 },
      { quantity: '', price_single: 10 },
      { quantity: 2, price_single: undefined },
      { quantity: 2, price_single: '  ' },
      {},
    ]) {
      const position = normalizePosition({ ...input, taxes: [vat19] });
      expect(position.price_full).toBeNull();
      expect(position.taxes_sum_price).toBeNull();
      expect(position.taxes_sum_percent).toBe(19);
      expect(positionAmounts({ ...input, taxes: [vat19] }).taxes[0]?.amountCents).toBeNull();
    }
  });

  test('a quantity of zero is a value, not empty', () => {
    const position = normalizePosition({ quantity: 0, price_single: 10, taxes: [vat19] });
    expect(position.price_full).toBe(0);
    expect(position.taxes_sum_price).toBe(0);
  });

  test('taxes_sum_percent adds percentages exactly and taxes_sum_price adds rounded amounts', () => {
    const position = normalizePosition({
      quantity: 1,
      price_single: 0.5,
      taxes: [
        { name: 'A', percent: 0.1 },
        { name: 'B', percent: 0.2 },
        { name: 'C', percent: 5.5 },
      ],
    });
    expect(position.taxes_sum_percent).toBe(5.8); // not 5.800000000000001
    // 0.05 ct, 0.1 ct, 2.75 ct → 0 + 0 + 3 ct, where the unrounded sum 2.9 ct would give 3 ct too
    expect(position.taxes_sum_price).toBe(0.03);
    const perLine = normalizePosition({
      quantity: 1,
      price_single: 0.1,
      taxes: [
        { name: 'A', percent: 5 },
        { name: 'B', percent: 5 },
      ],
    });
    expect(perLine.taxes_sum_price).toBe(0.02); // 0.5 ct + 0.5 ct, each rounded up; 1 ct if summed first
  });

  test('ignores derived fields sent by a client and keeps other keys', () => {
    const position = normalizePosition({
      _id: 'p1',
      description: 'Text',
      quantity: '2',
      price_single: '10.00',
      price_full: 999,
      taxes_sum_percent: 50,
      taxes_sum_price: 123,
      taxes: [{ ...vat7, _id: 't1' }],
    });
    expect(position).toMatchObject({
      _id: 'p1',
      description: 'Text',
      quantity: 2,
      price_single: 10,
      price_full: 20,
      taxes_sum_percent: 7,
      taxes_sum_price: 1.4,
    });
    expect(position.taxes[0]).toEqual({ name: 'MwSt.', percent: 7, number: '8300', _id: 't1' });
  });

  test('fills missing title, unit, taxes and tax number', () => {
    expect(normalizePosition({ quantity: 1, price_single: 1, taxes: [{ name: 'USt', percent: '19.00' }] })).toEqual({
      title: '',
      quantity: 1,
      unit: null,
      price_single: 1,
      price_full: 1,
      taxes: [{ name: 'USt', percent: 19, number: null }],
      taxes_sum_percent: 19,
      taxes_sum_price: 0.19,
    });
    expect(normalizePosition({ quantity: 1, price_single: 1, taxes: null }).taxes).toEqual([]);
  });

  test('throws DecimalError on invalid numbers', () => {
    expect(() => normalizePosition({ quantity: 1, price_single: '1.005' })).toThrow(DecimalError);
    expect(() => normalizePosition({ quantity: '1,5', price_single: 1 })).toThrow(DecimalError);
    expect(() => normalizePosition({ quantity: 1, price_single: 1, taxes: [{ name: 'X', percent: '' }] })).toThrow(
      DecimalError,
    );
  });
});

describe('checkPosition', () => {
  test('reports invalid numbers per field path', () => {
    expect(checkPosition({ quantity: 2, price_single: 10, taxes: [vat19] })).toEqual({});
    expect(checkPosition({ quantity: null, price_single: null })).toEqual({});
    expect(
      checkPosition({
        quantity: '1.23456',
        price_single: '1.005',
        taxes: [vat19, { name: 'X', percent: 'neunzehn' }],
      }),
    ).toEqual({
      quantity: 'too_many_decimals',
      price_single: 'too_many_decimals',
      'taxes[1].percent': 'invalid_number',
    });
  });

  test('reports a product out of range on price_full', () => {
    expect(checkPosition({ quantity: 1_000_000, price_single: 999_999_999 })).toEqual({ price_full: 'out_of_range' });
    expect(checkPosition({ quantity: 1, price_single: '1e15' })).toEqual({ price_single: 'out_of_range' });
  });
});

describe('summarizePositions', () => {
  test('net, one line per distinct tax (name and percent) in first-seen order, gross', () => {
    const summary = summarizePositions([
      { title: 'Beratung', quantity: 3, price_single: 95.5, taxes: [vat19] },
      { title: 'Buch', quantity: 2, price_single: 19.99, taxes: [vat7] },
      { title: 'Anfahrt', quantity: 1, price_single: 30, taxes: [vat19] },
      { title: 'Sonder', quantity: 1, price_single: 10, taxes: [{ name: 'USt', percent: 19 }] },
    ]);
    expect(summary).toEqual({
      netCents: 28650 + 3998 + 3000 + 1000,
      taxes: [
        { name: 'MwSt.', percent: 19, amountCents: 5444 + 570 },
        { name: 'MwSt.', percent: 7, amountCents: 280 },
        { name: 'USt', percent: 19, amountCents: 190 },
      ],
      grossCents: 28650 + 3998 + 3000 + 1000 + 5444 + 570 + 280 + 190,
    });
  });

  test('sums rounded line amounts, not the rounded sum', () => {
    const lines = Array.from({ length: 3 }, () => ({
      quantity: 1,
      price_single: 0.1,
      taxes: [{ name: 'A', percent: 5 }],
    }));
    expect(summarizePositions(lines).taxes).toEqual([{ name: 'A', percent: 5, amountCents: 3 }]); // 3 × 0.5 ct → 3 × 1 ct
  });

  test('the same percent written differently is one tax line', () => {
    const summary = summarizePositions([
      { quantity: 1, price_single: 100, taxes: [{ name: 'MwSt.', percent: 7 }] },
      { quantity: 1, price_single: 100, taxes: [{ name: 'MwSt.', percent: '7.00' }] },
    ]);
    expect(summary.taxes).toEqual([{ name: 'MwSt.', percent: 7, amountCents: 1400 }]);
  });

  test('empty list and empty positions', () => {
    expect(summarizePositions([])).toEqual({ netCents: 0, taxes: [], grossCents: 0 });
    expect(summarizePositions([{ title: 'Noch leer', taxes: [vat19] }])).toEqual({
      netCents: 0,
      taxes: [{ name: 'MwSt.', percent: 19, amountCents: 0 }],
      grossCents: 0,
    });
  });

  test('credit lines reduce the totals', () => {
    const summary = summarizePositions([
      { quantity: 1, price_single: 100, taxes: [vat19] },
      { title: 'Gutschrift', quantity: -1, price_single: 20, taxes: [vat19] },
    ]);
    expect(summary).toEqual({
      netCents: 8000,
      taxes: [{ name: 'MwSt.', percent: 19, amountCents: 1520 }],
      grossCents: 9520,
    });
  });

  test('throws on invalid numbers and on totals out of range', () => {
    expect(() => summarizePositions([{ quantity: 'x', price_single: 1 }])).toThrow(DecimalError);
    const huge = { quantity: 1, price_single: '999999999999.99' };
    expect(() => summarizePositions([huge, huge])).toThrow(DecimalError);
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests against a model with exact rational arithmetic.

type Fraction = { n: bigint; d: bigint };
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const fraction = (n: bigint, d: bigint): Fraction => {
  const g = gcd(n, d) || 1n;
  return d < 0n ? { n: -n / g, d: -d / g } : { n: n / g, d: d / g };
};
const times = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.n, a.d * b.d);
const plus = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
/** The model's own decimal reader: "-12.345" → -12345/1000. */
const fromText = (text: string): Fraction => {
  const [int = '0', frac = ''] = text.replace('-', '').split('.');
  const value = fraction(BigInt(int + frac), 10n ** BigInt(frac.length));
  return text.startsWith('-') ? fraction(-value.n, value.d) : value;
};
/** Round half away from zero: the integer nearest to n/d, ties away from zero. */
const roundFraction = ({ n, d }: Fraction): bigint => {
  const doubled = 2n * (n < 0n ? -n : n);
  const magnitude = (doubled + d) / (2n * d);
  return n < 0n ? -magnitude : magnitude;
};
const plainText = (units: number, decimals: number): string => {
  const negative = units < 0;
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
};

/**
 * A decimal `units / 10^decimals` with `minDecimals..maxDecimals` decimals, sent as number or as
 * text. Magnitudes stay where ten positions with three taxes remain far inside `maxCents`.
 */
const wireDecimal = (maxUnits: number, maxDecimals: number, allowNegative = true, minDecimals = 0) =>
  fc
    .record({
      units: fc.integer({ min: allowNegative ? -maxUnits : 0, max: maxUnits }),
      decimals: fc.integer({ min: minDecimals, max: maxDecimals }),
      asText: fc.boolean(),
    })
    .map(({ units, decimals, asText }) => {
      const text = plainText(units, decimals);
      return asText ? text : Number(text);
    });

const taxArb = fc.record({
  name: fc.constantFrom('MwSt.', 'USt', 'Abgabe'),
  percent: fc.oneof(fc.constantFrom(0, 7, 19, 5.5, '19.00', 16), wireDecimal(30_000, 4, false, 2)),
  number: fc.option(fc.constantFrom('8400', '8300', 4711), { nil: undefined }),
});

const positionArb: fc.Arbitrary<PositionInput> = fc.record(
  {
    title: fc.string({ maxLength: 8 }),
    quantity: fc.oneof(
      { weight: 6, arbitrary: wireDecimal(10_000, 4) },
      { weight: 1, arbitrary: fc.constantFrom(null, '') },
    ),
    unit: fc.constantFrom('Stk.', 'h', 'kg', null),
    price_single: fc.oneof(
      { weight: 6, arbitrary: wireDecimal(10_000_000, 2, true, 2) },
      { weight: 1, arbitrary: fc.constantFrom(null, '') },
    ),
    taxes: fc.array(taxArb, { maxLength: 3 }),
    price_full: fc.constantFrom(undefined, 0, 12.34),
  },
  { requiredKeys: ['quantity', 'price_single', 'taxes'] },
);

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** The model: spec 01 §5 in exact fractions, rounded only where the spec rounds. */
const modelPosition = (p: PositionInput) => {
  const priceFull =
    isEmpty(p.quantity) || isEmpty(p.price_single)
      ? null
      : roundFraction(times(times(fromText(String(p.quantity)), fromText(String(p.price_single))), fraction(100n, 1n)));
  const taxes = (p.taxes ?? []).map((tax) => ({
    name: tax.name,
    percent: fromText(String(tax.percent)),
    amount: priceFull === null ? null : roundFraction(times(fraction(priceFull, 100n), fromText(String(tax.percent)))),
  }));
  return { priceFull, taxes };
};

const runs = { numRuns: 300 };

describe('position properties', () => {
  test('agrees with an exact rational model for random positions', () => {
    fc.assert(
      fc.property(positionArb, (p) => {
        const model = modelPosition(p);
        const amounts = positionAmounts(p);
        expect(amounts.priceFullCents === null ? null : BigInt(amounts.priceFullCents)).toEqual(model.priceFull);
        amounts.taxes.forEach((tax, i) => {
          expect(tax.amountCents === null ? null : BigInt(tax.amountCents)).toEqual(model.taxes[i]?.amount);
        });
        const normalized = normalizePosition(p);
        const percentSum = model.taxes.reduce((sum, tax) => plus(sum, tax.percent), fraction(0n, 1n));
        expect(fromText(String(normalized.taxes_sum_percent))).toEqual(percentSum);
        const taxSum = model.priceFull === null ? null : model.taxes.reduce((sum, tax) => sum + (tax.amount ?? 0n), 0n);
        expect(normalized.taxes_sum_price === null ? null : BigInt(eurosToCents(normalized.taxes_sum_price))).toEqual(
          taxSum,
        );
      }),
      runs,
    );
  });

  test('never a fractional cent: every amount is whole cents, every euro value has ≤ 2 decimals', () => {
    fc.assert(
      fc.property(fc.array(positionArb, { maxLength: 8 }), (positions) => {
        for (const p of positions) {
          const amounts = positionAmounts(p);
          for (const cents of [
            amounts.priceFullCents,
            amounts.taxesSumCents,
            ...amounts.taxes.map((t) => t.amountCents),
          ]) {
            if (cents !== null) expect(Number.isSafeInteger(cents)).toBe(true);
          }
          const normalized = normalizePosition(p);
          for (const euros of [normalized.price_single, normalized.price_full, normalized.taxes_sum_price]) {
            if (euros !== null) expect(() => eurosToCents(euros)).not.toThrow();
          }
        }
        const summary = summarizePositions(positions);
        for (const cents of [summary.netCents, summary.grossCents, ...summary.taxes.map((t) => t.amountCents)]) {
          expect(Number.isSafeInteger(cents)).toBe(true);
        }
      }),
      runs,
    );
  });

  test('recomputing a normalised position changes nothing', () => {
    fc.assert(
      fc.property(positionArb, (p) => {
        const once = normalizePosition(p);
        expect(normalizePosition(once)).toEqual(once);
      }),
      runs,
    );
  });

  test('net is the sum of line price_full cents; gross = net + Σ tax lines; tax lines add the line amounts', () => {
    fc.assert(
      fc.property(fc.array(positionArb, { maxLength: 10 }), (positions) => {
        const summary = summarizePositions(positions);
        const lines = positions.map((p) => normalizePosition(p));
        const net = lines.reduce(
          (sum, line) => sum + (line.price_full === null ? 0 : eurosToCents(line.price_full)),
          0,
        );
        expect(summary.netCents).toBe(net);
        expect(summary.grossCents).toBe(summary.netCents + summary.taxes.reduce((sum, t) => sum + t.amountCents, 0));
        for (const line of summary.taxes) {
          const expected = positions
            .flatMap((p) => positionAmounts(p).taxes)
            .filter((tax) => tax.name === line.name && tax.percent === line.percent)
            .reduce((sum, tax) => sum + (tax.amountCents ?? 0), 0);
          expect(line.amountCents).toBe(expected);
        }
        const distinct = new Set(
          positions.flatMap((p) => positionAmounts(p).taxes.map((t) => `${t.name}|${t.percent}`)),
        );
        expect(summary.taxes).toHaveLength(distinct.size);
      }),
      runs,
    );
  });

  test('the summary does not depend on the order of positions (except the order of tax lines)', () => {
    fc.assert(
      fc.property(
        fc
          .array(positionArb, { maxLength: 10 })
          .chain((positions) =>
            fc.tuple(fc.constant(positions), fc.shuffledSubarray(positions, { minLength: positions.length })),
          ),
        ([positions, shuffled]) => {
          const a = summarizePositions(positions);
          const b = summarizePositions(shuffled);
          expect(b.netCents).toBe(a.netCents);
          expect(b.grossCents).toBe(a.grossCents);
          const byKey = (s: typeof a) =>
            [...s.taxes].sort((x, y) => `${x.name}|${x.percent}`.localeCompare(`${y.name}|${y.percent}`));
          expect(byKey(b)).toEqual(byKey(a));
        },
      ),
      runs,
    );
  });

  test('summarising normalised positions gives the same result as the raw input', () => {
    fc.assert(
      fc.property(fc.array(positionArb, { maxLength: 6 }), (positions) => {
        expect(summarizePositions(positions.map((p) => normalizePosition(p)))).toEqual(summarizePositions(positions));
      }),
      runs,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Title, text and subtotal lines (issue 31 item 3).

/** A line that is no item, carrying whatever numbers it may have had as an item before. */
const nonItemArb = fc
  .record({ kind: fc.constantFrom('title', 'text', 'subtotal'), rest: positionArb })
  .map(({ kind, rest }): PositionInput => ({ ...rest, kind }));
/** Items as before, now and then marked as such explicitly. */
const itemArb = fc
  .record({ marked: fc.boolean(), p: positionArb })
  .map(({ marked, p }): PositionInput => (marked ? { ...p, kind: 'item' } : p));

describe('title, text and subtotal lines', () => {
  test('never change a total, wherever they stand and whatever numbers they carry', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { maxLength: 6 }),
        fc.array(fc.record({ at: fc.nat(), line: nonItemArb }), { maxLength: 4 }),
        (items, inserts) => {
          const mixed = [...items];
          for (const { at, line } of inserts) mixed.splice(at % (mixed.length + 1), 0, line);
          expect(summarizePositions(mixed)).toEqual(summarizePositions(items));
          expect(summarizePositions(mixed.map((p) => normalizePosition(p)))).toEqual(summarizePositions(items));
        },
      ),
      runs,
    );
  });

  test('have no amounts, no taxes and no number problems; normalising drops their numbers', () => {
    fc.assert(
      fc.property(nonItemArb, (line) => {
        const amounts = positionAmounts(line);
        expect(amounts.priceFullCents).toBeNull();
        expect(amounts.taxes).toEqual([]);
        expect(checkPosition({ ...line, quantity: 'abc', price_single: '1.234' })).toEqual({});
        const normalized = normalizePosition(line);
        expect(normalized).toMatchObject({ kind: line.kind, quantity: null, price_single: null, price_full: null });
        expect(normalized.taxes).toEqual([]);
        expect(normalizePosition(normalized)).toEqual(normalized);
      }),
      runs,
    );
  });

  test('a position without a kind is an item, and an unknown kind counts as one', () => {
    expect(normalizePosition({ title: 'A', quantity: 2, price_single: 3 }).price_full).toBe(6);
    expect(normalizePosition({ kind: 'mystery', title: 'A', quantity: 2, price_single: 3 }).price_full).toBe(6);
  });

  test('a subtotal sums the items since the previous subtotal; all subtotals together make the net', () => {
    const item = (price: number): PositionInput => ({ title: 'x', quantity: 1, price_single: price });
    expect(
      positionSubtotals([
        { kind: 'title', title: 'Küche' },
        item(10),
        item(2.5),
        { kind: 'subtotal', title: 'Summe Küche' },
        { kind: 'text', title: 'Hinweis' },
        item(4),
        { kind: 'subtotal', title: 'Summe Bad' },
        { kind: 'subtotal', title: 'leer' },
      ]),
    ).toEqual([null, null, null, 1250, null, null, 400, 0]);
    fc.assert(
      fc.property(fc.array(fc.oneof(itemArb, nonItemArb), { maxLength: 10 }), (lines) => {
        const closed = [...lines, { kind: 'subtotal', title: 'Ende' }];
        const subtotals = positionSubtotals(closed).filter((x): x is number => x !== null);
        expect(subtotals.reduce((a, b) => a + b, 0)).toBe(summarizePositions(lines).netCents);
      }),
      runs,
    );
  });
});
