import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  assertCents,
  centsToDecimalString,
  centsToEuros,
  DecimalError,
  eurosToCents,
  isEuroAmount,
  maxCents,
  multiplyCents,
  percentOf,
  sumCents,
} from './money';

const code = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof DecimalError) return error.code;
    throw error;
  }
  return undefined;
};

/** Independent model: round(n / d) half away from zero via floor((2|n| + d) / 2d). */
const modelRound = (n: bigint, d: bigint): bigint => {
  const magnitude = ((n < 0n ? -n : n) * 2n + d) / (2n * d);
  return n < 0n ? -magnitude : magnitude;
};

const cents = fc.integer({ min: -maxCents, max: maxCents });
/** Up to ±100.000 €, so a product with a factor of up to ±1.000.000 stays in range. */
const smallCents = fc.integer({ min: -10_000_000, max: 10_000_000 });
/** A factor with up to 4 decimals as [units at 10^-4, wire text]. */
const factor = fc
  .tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 4 }))
  .map(([units, decimals]) => {
    const scaled = BigInt(units) * 10n ** BigInt(4 - decimals);
    const text = (Number(units) / 10 ** decimals).toString();
    return { units: scaled, text, value: Number(text) };
  })
  .filter(({ units, text }) => BigInt(Math.round(Number(text) * 10_000)) === units);

describe('eurosToCents', () => {
  test('converts wire amounts exactly, where float maths would fail', () => {
    expect(eurosToCents(0.1)).toBe(10);
    expect(eurosToCents(1.15)).toBe(115); // 1.15 * 100 is 114.99999999999999 in floats
    expect(eurosToCents(4.35)).toBe(435); // 4.35 * 100 is 434.99999999999994
    expect(eurosToCents('1234.5')).toBe(123450);
    expect(eurosToCents('-0.01')).toBe(-1);
    expect(eurosToCents(' 7 ')).toBe(700);
    expect(eurosToCents(0)).toBe(0);
    expect(Object.is(eurosToCents(-0), 0)).toBe(true);
    expect(eurosToCents(sumCents([eurosToCents(0.1), eurosToCents(0.2)]) / 100)).toBe(30);
  });

  test('refuses more than two decimals instead of rounding silently', () => {
    expect(code(() => eurosToCents('1.005'))).toBe('too_many_decimals');
    expect(code(() => eurosToCents(0.1 + 0.2))).toBe('too_many_decimals');
    expect(eurosToCents('1.500')).toBe(150); // trailing zeros are no extra precision
  });

  test('refuses garbage and non-finite values with a typed error', () => {
    expect(code(() => eurosToCents('12,50'))).toBe('invalid_number');
    expect(code(() => eurosToCents(''))).toBe('invalid_number');
    expect(code(() => eurosToCents(Number.NaN))).toBe('invalid_number');
    expect(code(() => eurosToCents(Number.POSITIVE_INFINITY))).toBe('invalid_number');
    expect(() => eurosToCents('abc')).toThrow(DecimalError);
  });

  test('refuses absurdly large amounts', () => {
    expect(eurosToCents('999999999999.99')).toBe(maxCents);
    expect(eurosToCents('-999999999999.99')).toBe(-maxCents);
    expect(code(() => eurosToCents('1000000000000'))).toBe('out_of_range');
    expect(code(() => eurosToCents(1e300))).toBe('out_of_range');
  });

  test('isEuroAmount tells valid wire amounts without throwing', () => {
    expect(isEuroAmount(12.5)).toBe(true);
    expect(isEuroAmount('12.50')).toBe(true);
    expect(isEuroAmount('12.505')).toBe(false);
    expect(isEuroAmount('abc')).toBe(false);
    expect(isEuroAmount(null)).toBe(false);
    expect(isEuroAmount(true)).toBe(false);
    expect(isEuroAmount(1e15)).toBe(false);
  });

  test('round trip: cents → euros → cents is the identity (numbers and text)', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(eurosToCents(centsToEuros(c))).toBe(c);
        expect(eurosToCents(centsToDecimalString(c))).toBe(c);
        expect(eurosToCents(String(centsToEuros(c)))).toBe(c);
      }),
    );
  });
});

describe('cents output', () => {
  test('centsToEuros and centsToDecimalString', () => {
    expect(centsToEuros(1050)).toBe(10.5);
    expect(centsToEuros(-1)).toBe(-0.01);
    expect(centsToDecimalString(-1205)).toBe('-12.05');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(0)).toBe('0.00');
  });

  test('assertCents refuses fractions, unsafe and out-of-range numbers', () => {
    expect(assertCents(42)).toBe(42);
    expect(code(() => assertCents(1.5))).toBe('invalid_number');
    expect(code(() => assertCents(Number.NaN))).toBe('invalid_number');
    expect(code(() => assertCents(2 ** 60))).toBe('invalid_number');
    expect(code(() => assertCents(maxCents + 1))).toBe('out_of_range');
    expect(code(() => centsToEuros(0.5))).toBe('invalid_number');
  });
});

describe('multiplyCents', () => {
  test('rounds the product half away from zero', () => {
    expect(multiplyCents(999, '1.5')).toBe(1499); // 1498.5
    expect(multiplyCents(-999, 1.5)).toBe(-1499);
    expect(multiplyCents(333, 3)).toBe(999);
    expect(multiplyCents(1, '0.5')).toBe(1);
    expect(multiplyCents(1, '0.4999')).toBe(0);
    expect(multiplyCents(1999, '0.3333')).toBe(666); // 666.2667
    expect(multiplyCents(1000, 0)).toBe(0);
    expect(multiplyCents(1050, '-2')).toBe(-2100);
  });

  test('allows four decimals by default, more only when asked', () => {
    expect(code(() => multiplyCents(100, '1.23456'))).toBe('too_many_decimals');
    expect(multiplyCents(100000, '1.23456', 5)).toBe(123456);
  });

  test('refuses a product beyond the range', () => {
    expect(code(() => multiplyCents(maxCents, 2))).toBe('out_of_range');
    expect(code(() => multiplyCents(100, 'x'))).toBe('invalid_number');
  });

  test('agrees with exact rational rounding for random inputs', () => {
    fc.assert(
      fc.property(smallCents, factor, (c, f) => {
        const expected = modelRound(BigInt(c) * f.units, 10_000n);
        expect(multiplyCents(c, f.text)).toBe(Number(expected));
        expect(multiplyCents(c, f.value)).toBe(Number(expected));
        expect(Number.isSafeInteger(multiplyCents(c, f.text))).toBe(true);
      }),
    );
  });

  test('is odd: negating the amount negates the result', () => {
    fc.assert(
      fc.property(smallCents, factor, (c, f) => multiplyCents(-c, f.text) === -multiplyCents(c, f.text) || c === 0),
    );
  });
});

describe('percentOf', () => {
  test('tax amounts: cents / 100 × percent, rounded half away from zero', () => {
    expect(percentOf(1999, 19)).toBe(380); // 379.81
    expect(percentOf(250, 7)).toBe(18); // 17.5
    expect(percentOf(-250, 7)).toBe(-18);
    expect(percentOf(1000, 5.5)).toBe(55);
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(1, '49.99')).toBe(0);
    expect(percentOf(10000, '0.0001')).toBe(0);
    expect(percentOf(12345, 100)).toBe(12345);
    expect(percentOf(12345, 0)).toBe(0);
  });

  test('agrees with exact rational rounding for random inputs', () => {
    fc.assert(
      fc.property(smallCents, factor, (c, p) => {
        expect(percentOf(c, p.text)).toBe(Number(modelRound(BigInt(c) * p.units, 1_000_000n)));
      }),
    );
  });
});

describe('sumCents', () => {
  test('adds exactly and checks the range', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([10, 20, -5])).toBe(25);
    expect(sumCents(new Set([1, 2]))).toBe(3);
    expect(code(() => sumCents([maxCents, 1]))).toBe('out_of_range');
    expect(code(() => sumCents([0.5]))).toBe('invalid_number');
  });

  test('equals the BigInt sum for random lists', () => {
    fc.assert(
      fc.property(fc.array(smallCents, { maxLength: 50 }), (list) => {
        expect(sumCents(list)).toBe(Number(list.reduce((sum, c) => sum + BigInt(c), 0n)));
      }),
    );
  });
});
