import type { Export, RecordType } from '@kontor/contract/api/record-types';
import type { DownloadAnswer } from '@kontor/contract/api/records';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../../db/env-scope';
import { isUuid } from '../../db/ids';
import { recordTypesRepo } from '../../engine/record-types.repo';
import type { ChildTypeDefinition, TypeCatalog } from '../../engine/record-types.service';
import { type RecordRow, recordsRepo } from '../../engine/records.repo';
import { type RecordActor, requireTypeRight } from '../../engine/type-access';
import { AppError } from '../../http/errors';
import { updateEnvironmentSettings } from '../environments/environments.service';
import { renderRecordPdf, requireExport } from './export-document';
import { exportFilePath, exportLinks } from './export-links';
import { frozenDocumentOf, frozenExportOf } from './frozen-documents';

/** `actor`: whose rights on the type apply (issue 29 item 2); 'system' behind a signed link. */
export type ExportsContext = Readonly<{
  scope: EnvScope;
  types: TypeCatalog;
  t: Translate;
  now: Date;
  actor: RecordActor;
}>;

const findRecord = async (ctx: ExportsContext, type: RecordType, id: string): Promise<RecordRow> => {
  const row = isUuid(id) ? await recordsRepo(ctx.scope).byId(type.key, id) : undefined;
  if (!row) throw new AppError('not_found', { message: ctx.t('records.notFound') });
  return row;
};

const exportOf = (ctx: ExportsContext, type: RecordType, key: string | undefined): Export => {
  const template = requireExport(type, key);
  if (!template) {
    throw new AppError('not_found', { message: ctx.t(key ? 'stages.unknownExport' : 'stages.noExport') });
  }
  return template;
};

/**
 * exports/preview: checks type, record and export, then answers two short-lived links to the PDF
 * (spec 01 §7 download answer): `url` as a download, `urlPreview` shown inline (names: exportFile).
 */
export const previewLinks = async (
  ctx: ExportsContext,
  secret: string | undefined,
  body: { type: string; id: string; export?: string | undefined },
): Promise<DownloadAnswer> => {
  const type = requireTypeRight(ctx, body.type, 'read');
  const row = await findRecord(ctx, type, body.id);
  // A frozen document's own export is its default: the preview shows the bytes that were issued.
  const frozen = body.export ? undefined : await frozenExportOf(ctx.scope, row.id);
  const template = exportOf(ctx, type, body.export ?? frozen);
  const link = (inline: boolean) =>
    `${exportFilePath}?token=${exportLinks(secret).sign(
      { env: ctx.scope.envId, user: ctx.scope.userId ?? '', type: type.key, id: row.id, export: template.key, inline },
      ctx.now,
    )}`;
  return { url: link(false), type: 'pdf', urlPreview: link(true) };
};

/** What a link serves: the PDF and the name the browser saves it under. */
export type ExportFile = Readonly<{ bytes: Buffer; filename: string }>;

/** Spec 01 §7: a preview is preview.pdf; an issued document is named after its number (issue 31). */
const previewName = 'preview.pdf';
const fileNameOf = (number: unknown): string =>
  typeof number === 'string' && number.trim() !== '' ? `${number.trim()}.pdf` : previewName;

/**
 * The PDF a link names: the frozen bytes when the record was frozen with that export, else rendered
 * now. The frozen document (and a document whose number is its own from the start, an offer) is
 * saved under its number; a draft still waiting for its number under preview.pdf.
 */
export const exportFile = async (
  ctx: ExportsContext,
  p: { type: string; id: string; export: string },
): Promise<ExportFile> => {
  const type = requireTypeRight(ctx, p.type, 'read');
  const row = await findRecord(ctx, type, p.id);
  const template = exportOf(ctx, type, p.export);
  const frozen = await frozenDocumentOf(ctx.scope, row.id, template.key);
  if (frozen) return { bytes: frozen.bytes, filename: fileNameOf(frozen.number) };
  // A draft whose number comes with the freeze has none yet: its preview says so instead of a blank.
  const atFreeze = type.numbering && type.numbering.assign !== 'create' ? type.numbering.field : undefined;
  const data = atFreeze && !row.data[atFreeze] ? { ...row.data, [atFreeze]: ctx.t('stages.draftNumber') } : row.data;
  // The record's last change is the document's date: the same record gives the same bytes.
  const bytes = await renderRecordPdf(ctx.scope, ctx.types, type, template, data, row.updatedAt);
  const filename = atFreeze ? previewName : fileNameOf(row.data[type.numbering?.field ?? 'number']);
  return { bytes, filename };
};

/** A child type's stored definition, for a change of its own exports. */
const ownDefinition = async (ctx: ExportsContext, type: RecordType) => {
  const row = type.system ? undefined : await recordTypesRepo(ctx.scope).byKeyForUpdate(type.key);
  if (!row) throw new AppError('not_found', { message: ctx.t('records.unknownType') });
  return row.definition as ChildTypeDefinition;
};

const saveDefinition = async (ctx: ExportsContext, key: string, definition: ChildTypeDefinition) => {
  await recordTypesRepo(ctx.scope).updateDefinition(key, definition as Record<string, unknown>);
  // A changed type is a configuration change: caches and the clients' reload warning follow it.
  await updateEnvironmentSettings(ctx.scope, {}, ctx.now, true);
};

/** settings/dynamic-records/exports/copy: a new own export with the layout of `from`. */
export const copyExport = async (
  ctx: ExportsContext,
  body: { type: string; from: string; name: string; key: string },
): Promise<{ key: string }> => {
  const type = requireTypeRight(ctx, body.type, 'read');
  const source = type.exports.find((e) => e.key === body.from);
  if (!source) throw new AppError('not_found', { message: ctx.t('stages.unknownExport') });
  if (type.exports.some((e) => e.key === body.key)) {
    throw new AppError('invalid', {
      message: ctx.t('stages.exportKeyTaken'),
      errors: { key: [ctx.t('stages.exportKeyTaken')] },
    });
  }
  const definition = await ownDefinition(ctx, type);
  const { isParent: _inherited, ...layout } = source;
  await saveDefinition(ctx, type.key, {
    ...definition,
    exports: [...(definition.exports ?? []), { ...layout, key: body.key, name: body.name }],
  });
  return { key: body.key };
};

/** settings/dynamic-records/exports/delete: only an own export that is not the default one. */
export const deleteExport = async (ctx: ExportsContext, body: { type: string; export: string }): Promise<void> => {
  const type = requireTypeRight(ctx, body.type, 'read');
  const target = type.exports.find((e) => e.key === body.export);
  if (!target) throw new AppError('not_found', { message: ctx.t('stages.unknownExport') });
  if (target.isParent) throw new AppError('conflict', { message: ctx.t('stages.exportParent') });
  if (type.defaultExport === target.key) throw new AppError('conflict', { message: ctx.t('stages.exportDefault') });
  const definition = await ownDefinition(ctx, type);
  await saveDefinition(ctx, type.key, {
    ...definition,
    exports: (definition.exports ?? []).filter((e) => e.key !== target.key),
  });
};
