import { createHash } from 'node:crypto';
import type { EinvoiceFormat } from '@kontor/contract/api/einvoice';
import type { RecordType } from '@kontor/contract/api/record-types';
import type { DownloadAnswer } from '@kontor/contract/api/records';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { PositionInput } from '@kontor/contract/logic/positions';
import type { EnvScope } from '../../db/env-scope';
import { isUuid } from '../../db/ids';
import { requireType, type TypeCatalog } from '../../engine/record-types.service';
import { recordsRepo } from '../../engine/records.repo';
import { AppError } from '../../http/errors';
import { einvoiceRepo } from './einvoice.repo';
import { buildEinvoice, type EinvoiceRecord, type Problem } from './einvoice-document';
import { xrechnungXml, zugferdPdf } from './einvoice-files';
import { einvoiceLinks } from './einvoice-links';
import { buyerOf, sellerOf } from './einvoice-parties';

/**
 * E-invoices of frozen documents (issue 15). Entering a freezing stage calls `freezeEinvoice` in
 * the same transaction as the PDF: it stores the XRechnung XML and the ZUGFeRD PDF (the frozen
 * PDF with the XML attached) with their SHA-256 for the audit entry. A record that still misses
 * a business term gets no e-invoice: `einvoiceProblems` names each missing term in German on the
 * confirmation before the freeze, and the download afterwards.
 */

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

const sha256Hex = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

const labelOf = (type: RecordType, key: string | undefined) =>
  type.fields.find((f) => f.key === key)?.label ?? key ?? '';

const recordOf = (type: RecordType, data: Record<string, unknown>): EinvoiceRecord => {
  const mapping = type.einvoice;
  const field = (key: string | undefined) => (key ? str(data[key]) : '');
  return {
    number: str(data[type.numbering?.field ?? 'number']),
    date: str(data.date),
    dueDate: field(mapping?.dueDateField),
    buyerReference: field(mapping?.buyerReferenceField),
    vatCase: field(mapping?.vatCaseField),
    subject: str(data.subject),
    positions: (Array.isArray(data.positions) ? data.positions : []) as PositionInput[],
    cancels: str(data.cancelled_number) ? { number: str(data.cancelled_number), date: str(data.cancelled_date) } : null,
  };
};

const build = async (scope: EnvScope, types: TypeCatalog, type: RecordType, data: Record<string, unknown>) => {
  const mapping = type.einvoice;
  if (!mapping) return null;
  const [seller, buyer] = await Promise.all([sellerOf(scope), buyerOf(scope, types, type, data)]);
  return buildEinvoice({
    record: recordOf(type, data),
    seller,
    buyer,
    mapping,
    fieldLabels: {
      buyer: labelOf(type, mapping.buyerField),
      buyerReference: labelOf(type, mapping.buyerReferenceField),
    },
  });
};

const messagesOf = (t: Translate, problems: Problem[]) => problems.map((p) => t(p.key, p.params));

/**
 * What an e-invoice of this record would still miss (the change-stage confirmation lists them
 * before the freeze); empty when the type issues none or nothing is missing.
 */
export const einvoiceProblems = async (
  scope: EnvScope,
  types: TypeCatalog,
  type: RecordType,
  data: Record<string, unknown>,
  t: Translate,
): Promise<string[]> => {
  // The number comes with the freeze; a placeholder stands in for it here.
  const result = await build(scope, types, type, { ...data, [type.numbering?.field ?? 'number']: 'X' });
  return result && !result.ok ? messagesOf(t, result.problems) : [];
};

type FrozenEinvoice = Readonly<{ format: EinvoiceFormat; filename: string; sha256: string; bytes: Buffer }>;

/** Makes and stores the e-invoice files of a document frozen just now; none when its type issues none. */
export const freezeEinvoice = async (
  scope: EnvScope,
  types: TypeCatalog,
  type: RecordType,
  p: {
    recordId: string;
    frozen: { id: string; number: string; bytes: Buffer };
    data: Record<string, unknown>;
    now: Date;
    t: Translate;
  },
): Promise<FrozenEinvoice[]> => {
  const result = await build(scope, types, type, p.data);
  // Incomplete data makes no file at all (never an invalid one); the change-stage confirmation
  // named the missing terms before the freeze, and the downloads name them afterwards.
  if (!result?.ok) return [];
  const base = p.frozen.number || p.recordId;
  let xml: string;
  let pdf: Buffer;
  try {
    xml = await xrechnungXml(result.invoice, 'ubl');
    pdf = await zugferdPdf(result.invoice, p.frozen.bytes, `${base}.pdf`);
  } catch (error) {
    // The library checks the data against its schema; what it refuses is never issued.
    const reason = error instanceof Error ? error.message.slice(0, 300) : String(error);
    throw new AppError('invalid', { message: p.t('einvoice.generateFailed', { reason }) });
  }
  const files: FrozenEinvoice[] = [
    { format: 'xrechnung', filename: `${base}.xml`, bytes: Buffer.from(xml, 'utf8'), sha256: '' },
    { format: 'zugferd', filename: `${base}-zugferd.pdf`, bytes: pdf, sha256: '' },
  ].map((f) => ({ ...f, sha256: sha256Hex(f.bytes) }) as FrozenEinvoice);
  const repo = einvoiceRepo(scope);
  for (const f of files) {
    await repo.insert({
      recordId: p.recordId,
      frozenId: p.frozen.id,
      format: f.format,
      filename: f.filename,
      bytes: f.bytes,
      sha256: f.sha256,
      createdAt: p.now,
    });
  }
  return files;
};

/** The stored file of a record's e-invoice, or a German 404 when it has none. */
export const einvoiceFile = async (
  scope: EnvScope,
  types: TypeCatalog,
  t: Translate,
  p: { type: string; id: string; format: EinvoiceFormat },
) => {
  const type = requireType(types, p.type, t);
  if (!type.einvoice) throw new AppError('not_found', { message: t('einvoice.noMapping') });
  const row = isUuid(p.id) ? await recordsRepo(scope).byId(type.key, p.id) : undefined;
  if (!row) throw new AppError('not_found', { message: t('records.notFound') });
  const file = (await einvoiceRepo(scope).ofRecord(row.id)).find((f) => f.format === p.format);
  if (file) return file;
  // Frozen without an e-invoice: say what was missing, so it can be corrected by a cancellation.
  const problems = await einvoiceProblems(scope, types, type, row.data, t);
  throw new AppError('not_found', {
    message:
      problems.length > 0 ? t('einvoice.frozenIncomplete', { list: problems.join('; ') }) : t('einvoice.notFrozen'),
  });
};

/** einvoice/download: a signed link to the file (checked here, so a missing one answers 404 at once). */
export const einvoiceDownloadLink = async (
  ctx: { scope: EnvScope; types: TypeCatalog; t: Translate; now: Date; secret: string | undefined },
  body: { type: string; id: string; format: EinvoiceFormat },
): Promise<DownloadAnswer> => {
  const file = await einvoiceFile(ctx.scope, ctx.types, ctx.t, body);
  const token = einvoiceLinks(ctx.secret).sign(
    { env: ctx.scope.envId, user: ctx.scope.userId ?? '', type: body.type, id: file.recordId, format: body.format },
    ctx.now,
  );
  return { url: `${einvoiceFilePath}?token=${token}`, type: body.format === 'zugferd' ? 'pdf' : 'xml' };
};

export const einvoiceFilePath = '/api/einvoice/file';
