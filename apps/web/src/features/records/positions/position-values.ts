import type { EnvironmentTax } from '@kontor/contract/api/environments';
import type { DataField } from '@kontor/contract/api/record-types';
import {
  checkPosition,
  type PositionInput,
  type PositionKind,
  type PositionSummary,
  positionAmounts,
  positionKind,
  positionSubtotals,
  summarizePositions,
} from '@kontor/contract/logic/positions';
import { type MapEntry, newEntryId } from '../../../engine/field-kit';

export type PositionTaxValue = { name: string; percent: number; number: string | number | null };
export type PositionValue = MapEntry & {
  kind?: unknown;
  title?: unknown;
  quantity?: unknown;
  unit?: unknown;
  price_single?: unknown;
  taxes?: unknown;
};

/** The tax entries of a position, as far as they are well-formed. */
export const taxesOf = (position: PositionValue): PositionTaxValue[] =>
  Array.isArray(position.taxes)
    ? position.taxes
        .filter((tax): tax is Record<string, unknown> => tax !== null && typeof tax === 'object')
        .map((tax) => ({
          name: typeof tax.name === 'string' ? tax.name : '',
          percent: typeof tax.percent === 'number' ? tax.percent : Number(tax.percent ?? 0),
          number: typeof tax.number === 'string' || typeof tax.number === 'number' ? tax.number : null,
        }))
    : [];

/** A tax of the environment as a position's tax entry (spec 01 §3: name, percent, number). */
export const taxEntryOf = (tax: EnvironmentTax): PositionTaxValue => ({
  name: tax.name,
  percent: tax.percentage,
  number: tax.number,
});

/** Same tax: same name and percent, as the summary groups them. */
export const sameTax = (a: { name: string; percent: number }, b: { name: string; percent: number }) =>
  a.name === b.name && a.percent === b.percent;

/** A new position: quantity 1, the first unit offered, and the environment's default tax. */
export const newPosition = (
  definition: readonly DataField[],
  defaultTax: EnvironmentTax | undefined,
): PositionValue => {
  const unit = definition.find((field) => field.key === 'unit');
  return {
    _id: newEntryId(),
    title: '',
    quantity: 1,
    unit: (typeof unit?.default === 'string' ? unit.default : unit?.options?.[0]?.value) ?? null,
    price_single: null,
    taxes: defaultTax ? [taxEntryOf(defaultTax)] : [],
  };
};

/**
 * A position that takes an article's title, unit, price and tax rate (issue 31 item 3); the
 * quantity and anything the article does not have stay as they were, and all remains editable.
 * A unit the positions do not offer and a tax the environment no longer has are not taken.
 */
export const positionFromArticle = (
  position: PositionValue,
  article: Readonly<Record<string, unknown>>,
  context: { definition: readonly DataField[]; taxes: readonly EnvironmentTax[] },
): PositionValue => {
  const units = context.definition.find((field) => field.key === 'unit')?.options ?? [];
  const tax = context.taxes.find((entry) => entry._id === article.tax);
  return {
    ...position,
    ...(typeof article.title === 'string' && article.title !== '' ? { title: article.title } : {}),
    ...(units.some((unit) => unit.value === article.unit) ? { unit: article.unit } : {}),
    ...(typeof article.price === 'number' ? { price_single: article.price } : {}),
    ...(tax ? { taxes: [taxEntryOf(tax)] } : {}),
  };
};

/** The kind of a row: title, text and subtotal lines have text only (issue 31 item 3). */
export const kindOf = (position: PositionValue): PositionKind => positionKind(position);

/** A new title, text or subtotal line. */
export const newLine = (kind: Exclude<PositionKind, 'item'>, title = ''): PositionValue => ({
  _id: newEntryId(),
  kind,
  title,
});

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** What the position maths read: numbers only; text still being typed counts as empty. */
export const positionInput = (position: PositionValue): PositionInput => ({
  kind: typeof position.kind === 'string' ? position.kind : null,
  title: typeof position.title === 'string' ? position.title : '',
  quantity: numberOrNull(position.quantity),
  unit: typeof position.unit === 'string' ? position.unit : null,
  price_single: numberOrNull(position.price_single),
  taxes: taxesOf(position),
});

/** Whether the maths can read the position (numbers within their decimals and range). */
const isComputable = (position: PositionValue): boolean =>
  Object.keys(checkPosition(positionInput(position))).length === 0;

/** price_full in cents, null when quantity or price is empty or invalid. */
export const priceFullCents = (position: PositionValue): number | null =>
  isComputable(position) ? positionAmounts(positionInput(position)).priceFullCents : null;

/** taxes_sum_price in cents, null while price_full is empty. */
export const taxesSumCents = (position: PositionValue): number | null =>
  isComputable(position) ? positionAmounts(positionInput(position)).taxesSumCents : null;

/**
 * The overall summary (net, one line per distinct tax, gross) through the shared maths, so it
 * equals what the server stores to the cent. A position that cannot be computed yet counts as empty
 * (the server refuses to save it anyway).
 */
const computableInputs = (positions: readonly PositionValue[]): PositionInput[] =>
  positions.map((position) =>
    isComputable(position)
      ? positionInput(position)
      : { ...positionInput(position), quantity: null, price_single: null, taxes: [] },
  );

export const positionsSummary = (positions: readonly PositionValue[]): PositionSummary =>
  summarizePositions(computableInputs(positions));

/** Each subtotal line's amount by index (null for other rows), through the shared maths. */
export const subtotalsOf = (positions: readonly PositionValue[]): (number | null)[] =>
  positionSubtotals(computableInputs(positions));

/** The number each item shows (1, 2, …); title, text and subtotal lines get none. */
export const itemNumbers = (positions: readonly PositionValue[]): (number | null)[] => {
  let count = 0;
  return positions.map((position) => (kindOf(position) === 'item' ? ++count : null));
};

/** A percentage as people write it: 19 → "19", 5.5 → "5,5". */
export const percentText = (percent: number): string => {
  const [whole = '', fraction] = String(percent).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return fraction ? `${grouped},${fraction}` : grouped;
};

/** A tax line's label with its name and percent, without repeating a percent the name already states. */
export const taxLineLabel = (tax: { name: string; percent: number }): string => {
  const percent = `${percentText(tax.percent)} %`;
  return tax.name.replace(/\s+/g, ' ').includes(percent) ? tax.name : `${tax.name} (${percent})`;
};
