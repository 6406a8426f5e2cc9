import type { RecordType } from '@kontor/contract/api/record-types';
import type { MessageKey, Translate } from '@kontor/contract/i18n/catalogs';
import { centsToEuros } from '@kontor/contract/logic/money';
import { formatBytes, formatCents, formatNumber } from '@kontor/contract/logic/number-format';
import { positionAmounts, summarizePositions } from '@kontor/contract/logic/positions';
import { invoiceEinvoiceMapping } from '../../engine/base-types/einvoice-defaults';
import { requireType, selectableTypeKeys, type TypeCatalog } from '../../engine/record-types.service';
import { recordsRepo } from '../../engine/records.repo';
import { type RecordsContext, saveRecord } from '../../engine/records.service';
import { AppError } from '../../http/errors';
import { boundedWorker, WorkerLimitError } from '../../parse-limits/bounded-worker';
import { parseLimits } from '../../parse-limits/limits';
import type { ReadInvoice, ReadParty } from './einvoice-read';
import { checkEinvoiceRules } from './einvoice-rules';
import type { UploadOutcome, UploadRefusal } from './einvoice-upload';

/**
 * Receiving (issue 15 item 5): the bytes of an uploaded XRechnung (UBL or CII) or ZUGFeRD PDF
 * become a draft incoming invoice with its positions, taxes and supplier, and the German findings
 * of `checkEinvoiceRules`. The file stays in the file manager unchanged (the original is what must
 * be archived); the draft links it.
 */

/** Larger files are refused before they are read: an e-invoice with its attachments stays far below. */
export const maxEinvoiceImportBytes = 8 * 1024 * 1024;

const incomingInvoiceBase = 'incoming_invoice';

const refuse = (key: MessageKey, params?: Record<string, string>) =>
  new AppError('invalid', { key, ...(params ? { params } : {}) });

/** The incoming-invoice type to import into; any other type is refused like an unknown one. */
export const requireIncomingType = (types: TypeCatalog, key: string, t: Translate): RecordType => {
  const type = requireType(types, key, t);
  if (type.key !== incomingInvoiceBase && type.parent !== incomingInvoiceBase) {
    throw new AppError('not_found', { key: 'einvoice.importWrongType' });
  }
  return type;
};

export const checkImportSize = (size: number) => {
  if (size > maxEinvoiceImportBytes) {
    throw new AppError('too_large', {
      key: 'einvoice.importTooLarge',
      params: { max: formatBytes(maxEinvoiceImportBytes) },
    });
  }
};

/** One worker per process reads the uploads, one at a time (bounded-worker.ts). */
const uploadReader = boundedWorker<Uint8Array, UploadOutcome>(new URL('./einvoice.worker.ts', import.meta.url));

const tooComplex = () =>
  new AppError('too_large', {
    key: 'einvoice.importTooComplex',
    params: {
      max: formatBytes(parseLimits.inflatedBytes),
      elements: formatNumber(parseLimits.xmlElements, 0),
      depth: String(parseLimits.xmlDepth),
    },
  });

const refusal = (key: UploadRefusal) => (key === 'einvoice.importTooComplex' ? tooComplex() : refuse(key));

/**
 * The invoice in the bytes, read in the worker (einvoice-upload.ts): a PDF's attachment is
 * inflated under a budget, the XML's elements and depth are capped before a tree is built, and a
 * read that takes longer than the time limit, or more memory than the worker has, is stopped. The
 * request thread only waits, so other requests (`/healthz`) keep being answered (issue 28 item 1).
 */
export const readUploadedEinvoice = async (bytes: Uint8Array): Promise<ReadInvoice> => {
  // Bytes that fill a buffer of their own (readStoredBytes makes them so) are handed over without
  // a copy and are unusable here afterwards; any others are copied, so a buffer shared with other
  // data (Node's pool of small buffers) is never taken away.
  const { buffer } = bytes;
  const owned = buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength;
  const own = owned ? bytes : new Uint8Array(bytes);
  let outcome: UploadOutcome;
  try {
    outcome = await uploadReader.run(own, [own.buffer as ArrayBuffer]);
  } catch (error) {
    if (!(error instanceof WorkerLimitError)) throw error;
    if (error.reason === 'busy') {
      throw new AppError('rate_limited', { key: 'einvoice.importBusy', retryAfterSeconds: 10 });
    }
    throw tooComplex();
  }
  if ('refused' in outcome) throw refusal(outcome.refused);
  return outcome.invoice;
};

const clip = (value: string, max: number) => value.trim().slice(0, max);
const isoDate = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** The supplier: an address-book record with the same USt-IdNr., else the same name, else a new one. */
const supplierOf = async (ctx: RecordsContext, party: ReadParty): Promise<string> => {
  const keys = selectableTypeKeys(ctx.types, 'customer');
  const target = keys[0];
  if (!target) throw refuse('einvoice.importNoSupplierType');
  const repo = recordsRepo(ctx.scope);
  const vatId = clip(party.vatId, 20);
  const name = clip(party.name, 200) || clip(party.contactName, 200);
  const found =
    (vatId ? await repo.firstWithValue(keys, 'vat_id', vatId) : undefined) ??
    (name ? await repo.firstWithValue(keys, 'name', name) : undefined);
  if (found) return found.id;
  const email = clip(party.email, 254);
  const created = await saveRecord(ctx, {
    type: target,
    id: 'new',
    data: {
      name: name || '?',
      street: clip(party.street, 100),
      zip: clip(party.zip, 10),
      city: clip(party.city, 100),
      country: clip(party.country, 60),
      email: looksLikeEmail(email) ? email : '',
      phone: clip(party.phone, 40),
      vat_id: vatId,
    },
  });
  return created.key;
};

const taxNameOf = (category: string, percent: number) =>
  category === 'S' || category === 'Z' || category === '' ? `USt. ${percent} %` : `USt. ${percent} % (${category})`;

const unitByCode = new Map(invoiceEinvoiceMapping.units.map((u) => [u.code, u.value]));

type Built = { positions: Record<string, unknown>[]; lumped: number[] };

/**
 * The file's lines as positions. A credit note (381) has positive amounts in the file; here its
 * quantities turn negative, as a credit line is in the product. A line whose quantity × price the
 * product cannot reproduce to the cent (more decimals than it keeps) becomes quantity 1 at its
 * line amount, so the positions always add up to the file's lines.
 */
const positionsOf = (inv: ReadInvoice, sign: 1 | -1): Built => {
  const lumped: number[] = [];
  const positions = inv.lines.map((line, index) => {
    const taxes = [{ name: taxNameOf(line.category, line.percent), percent: String(line.percent) }];
    const unit = unitByCode.get(line.unitCode) ?? null;
    const title = clip(line.name, 500) || `Position ${line.id || index + 1}`;
    const quantity = String(line.quantity * sign);
    const price = Number.isFinite(line.priceCents) ? centsToEuros(line.priceCents) : null;
    let exact = false;
    try {
      exact =
        price !== null && positionAmounts({ quantity, price_single: price }).priceFullCents === line.netCents * sign;
    } catch {
      exact = false;
    }
    if (exact) return { title, quantity, unit, price_single: price, taxes };
    lumped.push(index + 1);
    return { title, quantity: String(sign), unit: null, price_single: centsToEuros(line.netCents), taxes };
  });
  return { positions, lumped };
};

type ImportResult = { id: string; findings: string[] };

/** Writes the draft (and, when new, the supplier) through the records' save path. */
export const importEinvoice = async (
  ctx: RecordsContext & { today: string },
  type: RecordType,
  inv: ReadInvoice,
  fileId: string,
): Promise<ImportResult> => {
  const t = ctx.t;
  const xrechnung = inv.customizationId.includes('xrechnung');
  const findings = checkEinvoiceRules(inv, { xrechnung }).map((f) =>
    t(`einvoice.finding.${f.kind}`, { rule: f.rule, term: f.term }),
  );
  const sign = inv.typeCode === '381' ? -1 : 1;
  const { positions, lumped } = positionsOf(inv, sign);
  for (const line of lumped) findings.push(t('einvoice.finding.lumpLine', { line: String(line) }));
  const stated = {
    net: inv.totals.taxExclusiveCents * sign,
    tax: inv.totals.taxCents * sign,
    gross: inv.totals.grossCents * sign,
  };
  const summary = summarizePositions(positions);
  if (Number.isFinite(stated.gross) && summary.grossCents !== stated.gross) {
    findings.push(
      t('einvoice.finding.totals', { computed: formatCents(summary.grossCents), stated: formatCents(stated.gross) }),
    );
  }
  const supplier = await supplierOf(ctx, inv.seller);
  const saved = await saveRecord(ctx, {
    type: type.key,
    id: 'new',
    data: {
      number: clip(inv.number, 100) || t('einvoice.finding.missingNumber'),
      supplier,
      date: isoDate(inv.date) || ctx.today,
      due_date: isoDate(inv.dueDate) || null,
      buyer_reference: clip(inv.buyerReference, 100),
      iban: clip(inv.iban, 40),
      positions,
      stated_net: Number.isFinite(stated.net) ? centsToEuros(stated.net) : null,
      stated_tax: Number.isFinite(stated.tax) ? centsToEuros(stated.tax) : null,
      stated_gross: Number.isFinite(stated.gross) ? centsToEuros(stated.gross) : null,
      einvoice_findings: (findings.length > 0 ? findings.join('\n') : t('einvoice.importNoFindings')).slice(0, 20000),
      einvoice_file: fileId,
    },
  });
  return { id: saved.key, findings: findings.slice(0, 500) };
};
