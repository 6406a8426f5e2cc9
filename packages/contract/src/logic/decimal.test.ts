import { describe, expect, test } from 'vitest';
import {
  compareDecimals,
  DecimalError,
  divideRounded,
  exactToScale,
  parseDecimal,
  roundToScale,
  unitsToNumber,
  unitsToString,
} from './decimal';

const code = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof DecimalError) return error.code;
    throw error;
  }
  return undefined;
};

describe('parseDecimal', () => {
  test('reads numbers through their decimal text, so 0.1 is exactly one tenth', () => {
    expect(parseDecimal(0.1)).toEqual({ units: 1n, scale: 1 });
    expect(parseDecimal(1234.5)).toEqual({ units: 12345n, scale: 1 });
    expect(parseDecimal(-3)).toEqual({ units: -3n, scale: 0 });
  });

  test('reads numeric strings with sign, spaces, leading or trailing dot and exponent', () => {
    expect(parseDecimal(' 12.50 ')).toEqual({ units: 125n, scale: 1 });
    expect(parseDecimal('+7')).toEqual({ units: 7n, scale: 0 });
    expect(parseDecimal('.5')).toEqual({ units: 5n, scale: 1 });
    expect(parseDecimal('5.')).toEqual({ units: 5n, scale: 0 });
    expect(parseDecimal('1.5e3')).toEqual({ units: 1500n, scale: 0 });
    expect(parseDecimal('25e-3')).toEqual({ units: 25n, scale: 3 });
    expect(parseDecimal(1e21)).toEqual({ units: 10n ** 21n, scale: 0 });
    expect(parseDecimal(1e-7)).toEqual({ units: 1n, scale: 7 });
  });

  test('normalises zeros and never yields a negative zero', () => {
    expect(parseDecimal('-0.000')).toEqual({ units: 0n, scale: 0 });
    expect(parseDecimal(-0)).toEqual({ units: 0n, scale: 0 });
    expect(parseDecimal('007.100')).toEqual({ units: 71n, scale: 1 });
  });

  test('refuses what is not a finite decimal number', () => {
    for (const bad of ['', ' ', '.', '-', 'abc', '1,5', '1.2.3', '0x10', '1e', 'Infinity', '12 €']) {
      expect(
        code(() => parseDecimal(bad)),
        bad,
      ).toBe('invalid_number');
    }
    expect(code(() => parseDecimal(Number.NaN))).toBe('invalid_number');
    expect(code(() => parseDecimal(Number.POSITIVE_INFINITY))).toBe('invalid_number');
    expect(code(() => parseDecimal(null as unknown as string))).toBe('invalid_number');
    expect(code(() => parseDecimal({} as unknown as string))).toBe('invalid_number');
  });

  test('refuses absurd magnitudes before building huge BigInts', () => {
    expect(code(() => parseDecimal('1e9999'))).toBe('out_of_range');
    expect(code(() => parseDecimal('1e-9999'))).toBe('out_of_range');
    expect(code(() => parseDecimal('9'.repeat(401)))).toBe('out_of_range');
    expect(parseDecimal(Number.MAX_VALUE).scale).toBe(0);
    expect(parseDecimal(Number.MIN_VALUE).scale).toBe(324);
  });
});

describe('rounding', () => {
  test('divideRounded rounds half away from zero in both directions', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(5n, -2n)).toBe(-3n);
    expect(divideRounded(7n, 3n)).toBe(2n);
    expect(divideRounded(-7n, 3n)).toBe(-2n);
    expect(divideRounded(149n, 100n)).toBe(1n);
    expect(divideRounded(150n, 100n)).toBe(2n);
    expect(divideRounded(0n, 7n)).toBe(0n);
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });

  test('roundToScale rounds, exactToScale refuses extra decimals', () => {
    expect(roundToScale(parseDecimal('1.005'), 2)).toBe(101n);
    expect(roundToScale(parseDecimal('-1.005'), 2)).toBe(-101n);
    expect(roundToScale(parseDecimal('1.004999'), 2)).toBe(100n);
    expect(roundToScale(parseDecimal('3'), 2)).toBe(300n);
    expect(exactToScale(parseDecimal('1.5'), 2)).toBe(150n);
    expect(code(() => exactToScale(parseDecimal('1.005'), 2))).toBe('too_many_decimals');
  });
});

describe('output', () => {
  test('unitsToString writes plain decimal text', () => {
    expect(unitsToString(-1205n, 2)).toBe('-12.05');
    expect(unitsToString(5n, 2)).toBe('0.05');
    expect(unitsToString(150n, 2, true)).toBe('1.5');
    expect(unitsToString(100n, 2, true)).toBe('1');
    expect(unitsToString(42n, 0)).toBe('42');
  });

  test('unitsToNumber gives the double whose text is the exact decimal, never -0', () => {
    expect(unitsToNumber(29n, 2)).toBe(0.29);
    expect(String(unitsToNumber(115n, 2))).toBe('1.15');
    expect(Object.is(unitsToNumber(0n, 2), 0)).toBe(true);
  });

  test('compareDecimals compares exactly across scales', () => {
    expect(compareDecimals(parseDecimal('1.10'), parseDecimal('1.1'))).toBe(0);
    expect(compareDecimals(parseDecimal('0.3'), parseDecimal(0.1 + 0.2))).toBe(-1);
    expect(compareDecimals(parseDecimal('-2'), parseDecimal('-1.999'))).toBe(-1);
    expect(compareDecimals(parseDecimal('10'), parseDecimal('9.9999'))).toBe(1);
  });
});
