import type { Numbering, RecordType } from '@kontor/contract/api/record-types';
import { numberPatternPattern } from '@kontor/contract/api/record-types';
import type { NumberRange, SaveNumberRangeBody } from '@kontor/contract/api/stages';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { wallClock } from '@kontor/contract/logic/dates';
import { formatNumber } from '@kontor/contract/logic/number-pattern';
import type { EnvScope } from '../../db/env-scope';
import type { TypeCatalog } from '../../engine/record-types.service';
import { recordsRepo } from '../../engine/records.repo';
import { AppError } from '../../http/errors';
import { stagesRepo } from './stages.repo';

/**
 * Number ranges (issue 31): every type with `numbering` draws its numbers from a counter of the
 * stages feature, with the environment's pattern. Invoices draw at the freeze, gap-free; customers,
 * articles and offers on their first save when the field was left empty (switchable). The next
 * number can be raised, never lowered below one already drawn: a number is never issued twice
 * (§ 14 Abs. 4 Nr. 4 UStG: fortlaufende Rechnungsnummer).
 */

/** The longest number a numbered field holds (the base types' maxLength). */
const numberMaxLength = 30;

/** A pattern naming the year counts per year; any other counts on (period 0). */
export const periodOf = (format: string, year: number): number => (format.includes('{YYYY}') ? year : 0);

const yearOf = (now: Date): number => {
  const today = wallClock(now);
  if (!today) throw new Error('no wall clock for the number range');
  return today.year;
};

/** The next number of the type's range, formatted with the environment's pattern (drawn: it is used up). */
export const drawNumber = async (scope: EnvScope, type: RecordType, numbering: Numbering, now: Date) => {
  const repo = stagesRepo(scope);
  const format = (await repo.rangeSetting(type.key))?.format ?? numbering.format;
  const year = yearOf(now);
  return formatNumber(format, year, await repo.nextNumber(type.key, periodOf(format, year), numbering.start ?? 1));
};

/**
 * A new record left without a number gets the next free one of its range, if the range draws by
 * itself. Numbers typed by hand are skipped, so the unique check never fails on a drawn one.
 */
export const assignOnCreate = async (
  scope: EnvScope,
  p: { type: RecordType; data: Record<string, unknown>; now: Date },
): Promise<void> => {
  const numbering = p.type.numbering;
  if (numbering?.assign !== 'create') return;
  const current = p.data[numbering.field];
  if (typeof current === 'string' ? current.trim() !== '' : current !== undefined && current !== null) return;
  if ((await stagesRepo(scope).rangeSetting(p.type.key))?.auto === false) return;
  for (let attempt = 0; attempt < 1000; attempt++) {
    const number = await drawNumber(scope, p.type, numbering, p.now);
    if (!(await recordsRepo(scope).valueTaken(p.type.key, numbering.field, number, null))) {
      p.data[numbering.field] = number;
      return;
    }
  }
};

const numberedTypes = (types: TypeCatalog): Array<{ type: RecordType; numbering: Numbering }> =>
  [...types.values()]
    .filter((type) => !type.system && type.numbering)
    .map((type) => ({ type, numbering: type.numbering as Numbering }))
    // Documents drawn at the freeze first, then by name.
    .sort(
      (a, b) =>
        Number(a.numbering.assign !== 'freeze') - Number(b.numbering.assign !== 'freeze') ||
        a.type.plural.localeCompare(b.type.plural, 'de'),
    );

const rangeOf = (
  p: { type: RecordType; numbering: Numbering },
  setting: { format: string; auto: boolean } | undefined,
  last: number | undefined,
  year: number,
): NumberRange => {
  const format = setting?.format ?? p.numbering.format;
  const next = last === undefined ? (p.numbering.start ?? 1) : last + 1;
  const assign = p.numbering.assign ?? 'freeze';
  return {
    type: p.type.key,
    name: p.type.plural,
    field: p.numbering.field,
    fieldLabel: p.type.fields.find((f) => f.key === p.numbering.field)?.label ?? p.numbering.field,
    assign,
    format,
    defaultFormat: p.numbering.format,
    auto: assign === 'freeze' || setting?.auto !== false,
    next,
    minNext: last === undefined ? 1 : last + 1,
    example: formatNumber(format, year, next),
  };
};

/** settings/number-ranges: every numbered type of the environment with its range as it stands. */
export const listNumberRanges = async (scope: EnvScope, types: TypeCatalog, now: Date): Promise<NumberRange[]> => {
  const repo = stagesRepo(scope);
  const year = yearOf(now);
  const settings = await repo.rangeSettings();
  const ranges: NumberRange[] = [];
  for (const entry of numberedTypes(types)) {
    const setting = settings.get(entry.type.key);
    const format = setting?.format ?? entry.numbering.format;
    const last = (await repo.lastNumbers(periodOf(format, year))).get(entry.type.key);
    ranges.push(rangeOf(entry, setting, last, year));
  }
  return ranges;
};

/** settings/number-ranges/save: pattern, next number and (for numbers drawn on creation) auto. */
export const saveNumberRange = async (
  scope: EnvScope,
  p: { types: TypeCatalog; body: SaveNumberRangeBody; now: Date; t: Translate },
): Promise<NumberRange> => {
  const entry = numberedTypes(p.types).find((e) => e.type.key === p.body.type);
  if (!entry) throw new AppError('not_found', { message: p.t('stages.rangeUnknown') });
  const { t, body } = p;
  const year = yearOf(p.now);
  const invalid = (field: 'format' | 'next', message: string) =>
    new AppError('invalid', { message, errors: { [field]: [message] } });
  if (!numberPatternPattern.test(body.format)) throw invalid('format', t('stages.rangeFormatInvalid'));
  if (formatNumber(body.format, year, body.next).length > numberMaxLength) {
    throw invalid('format', t('stages.rangeTooLong', { max: numberMaxLength }));
  }
  const repo = stagesRepo(scope);
  const period = periodOf(body.format, year);
  // Locked: a freeze drawing at the same time waits, so the check below holds when we write.
  const last = await repo.lastNumberForUpdate(body.type, period);
  const minNext = last === undefined ? 1 : last + 1;
  if (body.next < minNext) throw invalid('next', t('stages.rangeNextTooLow', { min: String(minNext) }));
  const auto = entry.numbering.assign === 'freeze' || body.auto;
  await repo.saveRangeSetting(body.type, body.format, auto);
  if (last === undefined ? body.next !== (entry.numbering.start ?? 1) : body.next !== minNext) {
    await repo.setLastNumber(body.type, period, body.next - 1);
  }
  return rangeOf(entry, { format: body.format, auto }, (await repo.lastNumbers(period)).get(body.type), year);
};
