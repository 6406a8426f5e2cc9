import type { RecordType, Stage } from '@kontor/contract/api/record-types';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { dateKey, wallClock } from '@kontor/contract/logic/dates';
import { formatDate } from '@kontor/contract/logic/number-format';
import { normalizePosition, type PositionInput } from '@kontor/contract/logic/positions';
import type { EnvScope } from '../../db/env-scope';
import type { TypeCatalog } from '../../engine/record-types.service';
import { recordsRepo } from '../../engine/records.repo';
import { computeTotals, searchTextOf } from '../../engine/records.service';
import { AppError } from '../../http/errors';
import { sha256Hex } from './audit';
import { canonicalJson } from './canonical-json';
import { documentDefaults, renderRecordPdf, requireExport } from './export-document';
import { drawNumber } from './number-ranges.service';
import { stagesRepo } from './stages.repo';

/**
 * Freezing (GoBD): inside the stage change's transaction the record gets the next number of its
 * range, its PDF is rendered once, and the bytes, their SHA-256 and a canonical snapshot of the
 * record are stored for good. If anything later in the transaction fails, all of it rolls back,
 * the number included, so the range keeps no gap.
 */

export type Frozen = Readonly<{ id: string; number: string; sha256: string; snapshotSha256: string; bytes: Buffer }>;

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export const freezeRecord = async (
  scope: EnvScope,
  types: TypeCatalog,
  type: RecordType,
  p: {
    id: string;
    stage: string;
    exportKey: string | undefined;
    data: Record<string, unknown>;
    now: Date;
    t: Translate;
  },
): Promise<Frozen> => {
  const template = requireExport(type, p.exportKey);
  if (!template) throw new AppError('not_found', { message: p.t('stages.noExport') });
  const repo = stagesRepo(scope);
  const today = wallClock(p.now);
  if (!today) throw new Error('no wall clock for the freeze time');
  const { data } = p;
  // Numbers drawn at the freeze (invoices); a range drawing on creation has filled its field already.
  if (type.numbering && type.numbering.assign !== 'create') {
    data[type.numbering.field] = await drawNumber(scope, type, type.numbering, p.now);
  }
  if (type.fields.some((f) => f.key === 'date') && !data.date) data.date = dateKey(today);
  // What the PDF prints is what the record keeps: an empty due date becomes the payment term's.
  Object.assign(data, documentDefaults(type, data));
  const number = str(data[type.numbering?.field ?? 'number']);
  const bytes = await renderRecordPdf(scope, types, type, template, data, p.now);
  const snapshot = { type: type.key, id: p.id, stage: p.stage, export: template.key, number, data };
  const sha256 = sha256Hex(bytes);
  const id = await repo.insertFrozen({
    recordId: p.id,
    type: type.key,
    exportKey: template.key,
    number,
    bytes,
    sha256,
    snapshot,
    createdAt: p.now,
  });
  return { id, number, sha256, snapshotSha256: sha256Hex(canonicalJson(snapshot)), bytes };
};

/** The stored bytes and number of a record's frozen document, when it has one for that export. */
export const frozenDocumentOf = async (
  scope: EnvScope,
  recordId: string,
  exportKey: string,
): Promise<{ bytes: Buffer; number: string } | null> => {
  const row = await stagesRepo(scope).frozenOf(recordId, exportKey);
  return row ? { bytes: row.bytes, number: row.number } : null;
};

/** The export a record was frozen with (its first frozen document), if any. */
export const frozenExportOf = async (scope: EnvScope, recordId: string): Promise<string | undefined> =>
  (await stagesRepo(scope).frozenOf(recordId))?.exportKey;

/** Positions with the sign of every price turned: the cancellation books the original's amounts back. */
const negatedPositions = (positions: unknown): PositionInput[] =>
  (Array.isArray(positions) ? (positions as PositionInput[]) : []).map((p) => {
    const n = normalizePosition(p);
    return normalizePosition({ ...n, price_single: n.price_single === null ? null : -n.price_single });
  });

/**
 * The cancellation (Storno) of a frozen document: a new record of the same type in the stage marked
 * `required` with an export (never offered as an action), with negated positions, referencing
 * the original's number and date, frozen with a number of its own.
 */
export const createCancellation = async (
  scope: EnvScope,
  types: TypeCatalog,
  type: RecordType,
  p: { original: { id: string; data: Record<string, unknown> }; now: Date; t: Translate; dateFormat: string },
): Promise<{ id: string; frozen: Frozen; stage: Stage; data: Record<string, unknown> }> => {
  const stage = type.stages.find((s) => s.required && s.export);
  if (!stage) throw new AppError('stage_not_allowed', { message: p.t('stages.notAllowed') });
  const original = p.original.data;
  const number = str(original.number);
  const date = formatDate(str(original.date), p.dateFormat === 'YYYY-MM-DD' ? 'YYYY-MM-DD' : 'DD.MM.YYYY');
  const data: Record<string, unknown> = {
    ...original,
    number: '',
    date: '',
    subject: p.t('stages.cancellationSubject', { number, date }),
    intro: p.t('stages.cancellationIntro', { number, date }),
    positions: negatedPositions(original.positions),
    cancels: p.original.id,
    cancelled_number: number,
    cancelled_date: str(original.date),
    // Nothing is due on a cancellation.
    ...(type.fields.some((f) => f.key === 'due_date') ? { due_date: '' } : {}),
  };
  computeTotals(type, data);
  const repo = recordsRepo(scope);
  const created = await repo.insert({ type: type.key, data, searchText: '', stage: stage.key });
  const frozen = await freezeRecord(scope, types, type, {
    id: created.id,
    stage: stage.key,
    exportKey: stage.export,
    data,
    now: p.now,
    t: p.t,
  });
  await stagesRepo(scope).setStage(type.key, created.id, stage.key, data, searchTextOf(type, data));
  return { id: created.id, frozen, stage, data };
};
