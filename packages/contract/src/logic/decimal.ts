/**
 * Exact decimal numbers for money, quantities and percentages: a value is parsed from its decimal
 * text (`String(0.1)` is "0.1", the digits a person typed) into a BigInt of units, so no binary
 * float ever takes part in the arithmetic. Used by `money.ts`, `positions.ts` and `number-format.ts`.
 */

export type DecimalErrorCode = 'invalid_number' | 'too_many_decimals' | 'out_of_range';

/**
 * Thrown for input that is not a finite decimal number, has more decimals than allowed, or is
 * absurdly large. Callers that take user input check first (`isEuroAmount`, zod) and turn a
 * failure into a field error; reaching this error in logic code means unchecked input.
 */
export class DecimalError extends Error {
  override readonly name = 'DecimalError';
  readonly code: DecimalErrorCode;
  readonly input: unknown;

  constructor(code: DecimalErrorCode, input: unknown) {
    super(`${code}: ${typeof input === 'string' ? JSON.stringify(input) : String(input)}`);
    this.code = code;
    this.input = input;
  }
}

/** `units / 10^scale`, normalised: no trailing zero in `units` while `scale > 0`. */
export type Decimal = Readonly<{ units: bigint; scale: number }>;

const pattern = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,4}))?$/i;
/** Doubles reach 309 integer digits and 324 decimals; anything longer is not a number anybody means. */
const maxDigits = 400;

/** Parses a finite number or a plain numeric string ("12.5", "-3", "1e3", " 7 "). */
export const parseDecimal = (value: number | string): Decimal => {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new DecimalError('invalid_number', value);
  if (typeof value !== 'number' && typeof value !== 'string') throw new DecimalError('invalid_number', value);
  const match = pattern.exec(typeof value === 'number' ? String(value) : value.trim());
  if (!match) throw new DecimalError('invalid_number', value);
  const [, sign = '', intPart = '', fracPart = '', exponent = '0'] = match;
  if (intPart === '' && fracPart === '') throw new DecimalError('invalid_number', value);
  let digits = (intPart + fracPart).replace(/^0+/, '');
  let scale = fracPart.length - Number(exponent);
  if (digits === '') return { units: 0n, scale: 0 };
  if (digits.length + Math.max(0, -scale) > maxDigits || scale > maxDigits)
    throw new DecimalError('out_of_range', value);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  while (scale > 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale -= 1;
  }
  const units = BigInt(digits);
  return { units: sign === '-' ? -units : units, scale };
};

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** `numerator / denominator` rounded half away from zero (the commercial rounding of invoices). */
export const divideRounded = (numerator: bigint, denominator: bigint): bigint => {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d + (2n * (n % d) >= d ? 1n : 0n);
  return negative ? -quotient : quotient;
};

/** The value in units of `10^-decimals`, rounded half away from zero. */
export const roundToScale = (value: Decimal, decimals: number): bigint =>
  value.scale <= decimals
    ? value.units * pow10(decimals - value.scale)
    : divideRounded(value.units, pow10(value.scale - decimals));

/** The value in units of `10^-decimals`; more decimals than that are an error, never silently rounded. */
export const exactToScale = (value: Decimal, decimals: number, input: unknown = value): bigint => {
  if (value.scale > decimals) throw new DecimalError('too_many_decimals', input);
  return value.units * pow10(decimals - value.scale);
};

/** Plain decimal text without exponent: `(-1234567n, 2)` → "-12345.67"; `trim` drops trailing zeros. */
export const unitsToString = (units: bigint, decimals: number, trim = false): string => {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const intPart = digits.slice(0, digits.length - decimals);
  let fracPart = digits.slice(digits.length - decimals);
  if (trim) fracPart = fracPart.replace(/0+$/, '');
  return `${negative ? '-' : ''}${intPart}${fracPart ? `.${fracPart}` : ''}`;
};

/**
 * The double nearest to the exact value; its `String()` gives the same digits back, so a value
 * with few decimals makes the round trip unchanged. Never `-0`.
 */
export const unitsToNumber = (units: bigint, decimals: number): number =>
  units === 0n ? 0 : Number(unitsToString(units, decimals));

/** Exact order of two decimals: -1, 0 or 1. */
export const compareDecimals = (a: Decimal, b: Decimal): -1 | 0 | 1 => {
  const scale = Math.max(a.scale, b.scale);
  const left = a.units * pow10(scale - a.scale);
  const right = b.units * pow10(scale - b.scale);
  return left < right ? -1 : left > right ? 1 : 0;
};
