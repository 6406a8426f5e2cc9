import type { RecordType, Stage } from '@kontor/contract/api/record-types';
import type { StageChangeData, StageDetailsData, StageTransition } from '@kontor/contract/api/stages';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../../db/env-scope';
import { isUuid } from '../../db/ids';
import type { TypeCatalog } from '../../engine/record-types.service';
import { type RecordRow, recordsRepo } from '../../engine/records.repo';
import { initialStage, searchTextOf } from '../../engine/records.service';
import { checkStageRight, type RecordActor, requireTypeRight } from '../../engine/type-access';
import { AppError } from '../../http/errors';
import { appendAudit, verifyAuditChain as verifyChain } from './audit';

/** The environment's audit chain, for other features' entries (members' roles and access). */
export { appendAudit };

import { createCancellation, type Frozen, freezeRecord } from './frozen-documents';
import { stagesRepo } from './stages.repo';

export type StagesContext = Readonly<{
  scope: EnvScope;
  types: TypeCatalog;
  t: Translate;
  now: Date;
  /** Whose rights apply: who may read the type, into which stages they may move a record (issue 29 item 2). */
  actor: RecordActor;
  /** Who acts, as the stage history shows it. */
  userName: string;
  dateFormat: string;
  /**
   * Files a frozen document's PDF in the file manager's read-only system folder (issue 9): the
   * same bytes as the frozen document, inside the stage change's transaction.
   */
  archive: (p: { filename: string; bytes: Buffer }) => Promise<unknown>;
  /**
   * Makes and stores the e-invoice files of a document frozen just now (issue 15), inside the same
   * transaction; refuses the freeze when a business term is missing. None for types without a mapping.
   */
  einvoice: (p: {
    type: RecordType;
    recordId: string;
    frozen: { id: string; number: string; bytes: Buffer };
    data: Record<string, unknown>;
  }) => Promise<ReadonlyArray<{ format: string; filename: string; sha256: string; bytes: Buffer }>>;
  /** What an e-invoice of the record would still miss (German messages); empty when nothing or no mapping. */
  einvoiceProblems: (type: RecordType, data: Record<string, unknown>) => Promise<string[]>;
}>;

/** The e-invoice files of a freeze as the audit entry records them: format → SHA-256. */
const einvoiceHashes = (files: ReadonlyArray<{ format: string; sha256: string }>) =>
  files.length > 0 ? { einvoices: Object.fromEntries(files.map((f) => [f.format, f.sha256])) } : {};

/** The XML goes to the file manager beside the PDF; the ZUGFeRD PDF stays downloadable from the record. */
const archiveXml = async (
  ctx: StagesContext,
  files: ReadonlyArray<{ format: string; filename: string; bytes: Buffer }>,
) => {
  for (const f of files) if (f.format === 'xrechnung') await ctx.archive({ filename: f.filename, bytes: f.bytes });
};

type Body = { type: string; stage: string; id: string };

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

const currentOf = (type: RecordType, row: RecordRow): Stage | null => {
  const key = row.stage ?? initialStage(type);
  return type.stages.find((s) => s.key === key) ?? null;
};

/**
 * What both calls check, in the order a person would ask: the type, the stage, the record, then
 * whether the move is allowed. `lock` takes the record's row lock (the change); details only reads.
 */
const check = async (ctx: StagesContext, body: Body, lock: boolean) => {
  const { t } = ctx;
  const type = requireTypeRight(ctx, body.type, 'read');
  const target = type.stages.find((s) => s.key === body.stage);
  if (!target) throw new AppError('not_found', { message: t('stages.unknownStage') });
  checkStageRight(ctx, type, target.key);
  const repo = stagesRepo(ctx.scope);
  const row = !isUuid(body.id)
    ? undefined
    : lock
      ? await repo.lockRecord(type.key, body.id)
      : await recordsRepo(ctx.scope).byId(type.key, body.id);
  if (!row) throw new AppError('not_found', { message: t('records.notFound') });
  const current = currentOf(type, row);
  const refuse = (message: string): never => {
    throw new AppError('stage_not_allowed', { message });
  };
  if (target.required) refuse(t('stages.requiredStage', { stage: target.name }));
  if (current?.key === target.key) refuse(t('stages.sameStage'));
  if (target.from && !target.from.includes(current?.key ?? '')) {
    refuse(t('stages.notFrom', { from: current?.name ?? t('records.stageEmpty'), stage: target.name }));
  }
  const frozen = await repo.isFrozen(row.id);
  if (target.cancels && !frozen) refuse(t('stages.notFrozen'));
  return { type, target, row, current, frozen };
};

/** What entering `target` changes: a lock only when the record is not locked already. */
const consequences = (target: Stage, current: Stage | null, frozen: boolean) => ({
  editLock: Boolean(target.editDisabled) && !current?.editDisabled && !frozen,
  freeze: Boolean(target.export) && !frozen,
  cancellation: Boolean(target.cancels),
});

/** stages/details: the change-stage screen's loading check and the confirmation's facts. */
export const stageDetails = async (ctx: StagesContext, body: Body): Promise<StageDetailsData> => {
  const { type, target, row, current, frozen } = await check(ctx, body, false);
  const effects = consequences(target, current, frozen);
  const einvoiceProblems = effects.freeze && type.einvoice ? await ctx.einvoiceProblems(type, row.data) : [];
  return {
    stage: target,
    currentStage: current,
    stages: type.stages,
    consequences: effects,
    singular: type.singular,
    plural: type.plural,
    label: str(row.data.number),
    ...(einvoiceProblems.length > 0 ? { einvoiceProblems } : {}),
  };
};

/**
 * stages/change, in the request's one transaction: the record's row is locked; entering a stage
 * with `export` freezes the document (number, PDF, snapshot); a cancelling stage makes the Storno;
 * the stage, its history entry and an audit entry chained to the previous one are written.
 */
export const changeStage = async (ctx: StagesContext, body: Body): Promise<StageChangeData> => {
  const { scope, t, now } = ctx;
  const { type, target, row, current, frozen: wasFrozen } = await check(ctx, body, true);
  const data = { ...row.data };
  let frozen: Frozen | null = null;
  let cancellation: { id: string; number: string } | null = null;
  let einvoices: Awaited<ReturnType<StagesContext['einvoice']>> = [];

  if (target.cancels) {
    const made = await createCancellation(scope, ctx.types, type, {
      original: { id: row.id, data },
      now,
      t,
      dateFormat: ctx.dateFormat,
    });
    cancellation = { id: made.id, number: made.frozen.number };
    await ctx.archive({ filename: `${made.frozen.number || made.id}.pdf`, bytes: made.frozen.bytes });
    const creditNote = await ctx.einvoice({ type, recordId: made.id, frozen: made.frozen, data: made.data });
    await archiveXml(ctx, creditNote);
    await stagesRepo(scope).addTransition({
      recordId: made.id,
      type: type.key,
      fromStage: null,
      toStage: made.stage.key,
      userName: ctx.userName,
      at: now,
    });
    await appendAudit(scope, {
      action: 'freeze',
      recordId: made.id,
      at: now,
      payload: {
        type: type.key,
        number: made.frozen.number,
        sha256: made.frozen.sha256,
        snapshotSha256: made.frozen.snapshotSha256,
        cancels: row.id,
        ...einvoiceHashes(creditNote),
      },
    });
  }
  if (target.export && !wasFrozen) {
    frozen = await freezeRecord(scope, ctx.types, type, {
      id: row.id,
      stage: target.key,
      exportKey: target.export,
      data,
      now,
      t,
    });
    await ctx.archive({ filename: `${frozen.number || row.id}.pdf`, bytes: frozen.bytes });
    einvoices = await ctx.einvoice({ type, recordId: row.id, frozen, data });
    await archiveXml(ctx, einvoices);
  }

  const repo = stagesRepo(scope);
  await repo.setStage(type.key, row.id, target.key, data, searchTextOf(type, data));
  await repo.addTransition({
    recordId: row.id,
    type: type.key,
    fromStage: current?.key ?? null,
    toStage: target.key,
    userName: ctx.userName,
    at: now,
  });
  await appendAudit(scope, {
    action: frozen ? 'freeze' : 'stage',
    recordId: row.id,
    at: now,
    payload: {
      type: type.key,
      from: current?.key ?? null,
      to: target.key,
      ...(frozen ? { number: frozen.number, sha256: frozen.sha256, snapshotSha256: frozen.snapshotSha256 } : {}),
      ...einvoiceHashes(einvoices),
      ...(cancellation ? { cancellation: cancellation.id } : {}),
    },
  });
  return {
    stage: target,
    frozen: frozen ? { id: frozen.id, number: frozen.number, sha256: frozen.sha256 } : null,
    cancellation,
  };
};

/** A record's stage history, newest first, with the stages' names of its type. */
export const stageHistory = async (
  ctx: Pick<StagesContext, 'scope' | 'types' | 't' | 'actor'>,
  body: { type: string; id: string },
): Promise<StageTransition[]> => {
  const type = requireTypeRight(ctx, body.type, 'read');
  const row = isUuid(body.id) ? await recordsRepo(ctx.scope).byId(type.key, body.id) : undefined;
  if (!row) throw new AppError('not_found', { message: ctx.t('records.notFound') });
  const name = (key: string | null) => (key ? (type.stages.find((s) => s.key === key)?.name ?? key) : null);
  return (await stagesRepo(ctx.scope).transitions(row.id)).map((r) => ({
    from: r.fromStage,
    fromName: name(r.fromStage),
    to: r.toStage,
    toName: name(r.toStage) ?? r.toStage,
    at: r.at.toISOString(),
    by: r.userName,
  }));
};

/** The frozen documents of a record (number, export, checksum), oldest first. */
export const frozenDocumentsOf = (scope: EnvScope, recordId: string) => stagesRepo(scope).frozenList(recordId);

/** Whether a record is a frozen document (the record hooks refuse to change it). */
export const isFrozen = (scope: EnvScope, recordId: string) => stagesRepo(scope).isFrozen(recordId);

/** Walks the environment's audit chain (the operator's `audit:verify`). */
export const verifyAuditChain = verifyChain;
