import { parseDecimal } from '@kontor/contract/logic/decimal';
import { formatNumber, parseGermanNumber } from '@kontor/contract/logic/number-format';

export type NumberKind = 'integer' | 'float';

/** Decimals to show: two for floats (spec 01 §9), more only when the value has them; none for integers. */
const shownDecimals = (value: number, kind: NumberKind): number => {
  let scale = 0;
  try {
    scale = parseDecimal(value).scale;
  } catch {
    return kind === 'integer' ? 0 : 2;
  }
  return kind === 'integer' ? scale : Math.max(2, scale);
};

/** A stored number in German notation: 1234.5 → "1.234,50"; text that is not a number is shown as typed. */
export const displayGermanNumber = (value: unknown, kind: NumberKind): string => {
  if (typeof value === 'number' && Number.isFinite(value)) return formatNumber(value, shownDecimals(value, kind));
  return typeof value === 'string' ? value : '';
};

type ParsedInput = Readonly<{ ok: true; value: number | null }> | Readonly<{ ok: false; reason: 'number' | 'integer' }>;

/** What a person typed: blank → null, German notation → number; anything else is refused with its reason. */
export const readGermanInput = (text: string, kind: NumberKind): ParsedInput => {
  if (text.trim() === '') return { ok: true, value: null };
  const value = parseGermanNumber(text);
  if (value === null) return { ok: false, reason: 'number' };
  if (kind === 'integer' && !Number.isInteger(value)) return { ok: false, reason: 'integer' };
  return { ok: true, value };
};
