import { DecimalError, divideRounded, exactToScale, parseDecimal, unitsToNumber, unitsToString } from './decimal';

/**
 * Money in integer cents (CLARIFICATIONS "Money"): amounts travel as decimal euros with at most two
 * decimals, every calculation converts to cents first and rounds half away from zero, so screen,
 * server and PDF agree to the cent.
 *
 * Errors: invalid input throws `DecimalError` (re-exported here) with `code` 'invalid_number'
 * (not finite, not numeric), 'too_many_decimals' or 'out_of_range' (beyond `maxCents`). Check user
 * input with `isEuroAmount` (or zod) first and report a field error instead.
 */
export { DecimalError } from './decimal';

/** Integer cents. */
export type Cents = number;

/** 999.999.999.999,99 €: far beyond any invoice, and a sum of 90 of them is still a safe integer. */
export const maxCents: Cents = 99_999_999_999_999;

/** Decimals a quantity or percentage may carry (a factor of a money amount). */
export const factorDecimals = 4;

const inRange = (cents: bigint, input: unknown): Cents => {
  if (cents > BigInt(maxCents) || cents < -BigInt(maxCents)) throw new DecimalError('out_of_range', input);
  return Number(cents);
};

/** Checks that a number is whole cents within range; returns it (throws `DecimalError` otherwise). */
export const assertCents = (cents: number): Cents => {
  if (!Number.isSafeInteger(cents)) throw new DecimalError('invalid_number', cents);
  return inRange(BigInt(cents), cents);
};

/** Decimal euros from the wire (12.5, "12.50", "-3") to cents, exactly: 0.1 → 10, "1.005" throws. */
export const eurosToCents = (euros: number | string): Cents =>
  inRange(exactToScale(parseDecimal(euros), 2, euros), euros);

/** Whether a wire value is a valid euro amount (number or numeric string, ≤ 2 decimals, in range). */
export const isEuroAmount = (value: unknown): value is number | string => {
  if (typeof value !== 'number' && typeof value !== 'string') return false;
  try {
    eurosToCents(value);
    return true;
  } catch (error) {
    if (error instanceof DecimalError) return false;
    throw error;
  }
};

/** Cents to the euro number for the wire: 1050 → 10.5 (exact round trip with `eurosToCents`). */
export const centsToEuros = (cents: Cents): number => unitsToNumber(BigInt(assertCents(cents)), 2);

/** Cents as plain decimal text with two decimals: -1205 → "-12.05" (PDF, CSV, logs). */
export const centsToDecimalString = (cents: Cents): string => unitsToString(BigInt(assertCents(cents)), 2);

/**
 * `cents × factor` rounded half away from zero; the factor (a quantity) may have up to
 * `decimals` decimals: `multiplyCents(999, '1.5')` → 1499 (14.985 → 14.99).
 */
export const multiplyCents = (cents: Cents, factor: number | string, decimals = factorDecimals): Cents => {
  const scaled = exactToScale(parseDecimal(factor), decimals, factor);
  return inRange(divideRounded(BigInt(assertCents(cents)) * scaled, 10n ** BigInt(decimals)), factor);
};

/** `cents / 100 × percent` rounded half away from zero: `percentOf(1999, 19)` → 380 (379.81). */
export const percentOf = (cents: Cents, percent: number | string, decimals = factorDecimals): Cents => {
  const scaled = exactToScale(parseDecimal(percent), decimals, percent);
  return inRange(divideRounded(BigInt(assertCents(cents)) * scaled, 100n * 10n ** BigInt(decimals)), percent);
};

/** Sum of cents, checked for range (BigInt inside, so no intermediate overflow). */
export const sumCents = (values: Iterable<Cents>): Cents => {
  let total = 0n;
  for (const cents of values) total += BigInt(assertCents(cents));
  return inRange(total, total);
};
