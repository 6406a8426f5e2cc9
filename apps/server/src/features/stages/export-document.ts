import type { Export, RecordType } from '@kontor/contract/api/record-types';
import { parseLocalDate } from '@kontor/contract/logic/dates';
import type { CurrencySetting, DateFormat } from '@kontor/contract/logic/number-format';
import type { PositionInput } from '@kontor/contract/logic/positions';
import type { EnvScope } from '../../db/env-scope';
import { selectableTypeKeys, type TypeCatalog } from '../../engine/record-types.service';
import { recordsRepo } from '../../engine/records.repo';
import type { PdfAddress, PdfBank, PdfCompany, PdfDocumentInput } from '../../pdf/pdf-input';
import { positionRows, positionSummary } from '../../pdf/pdf-positions';
import { renderPdf } from '../../pdf/render-pdf';
import { environmentById } from '../environments/environments.service';
import { mappedSignatureFields, type SignatureField } from '../query-forms/signature-fields.service';

/**
 * A record as the PDF engine's input: the environment's letterhead data (name, default invoice
 * address, default bank details), the customer as recipient, the positions and totals through
 * pdf-positions.ts (the same contract/logic functions as the screen), the environment's formats.
 */

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

const addressOf = (data: Record<string, unknown>): PdfAddress => ({
  street: str(data.street),
  housenumber: str(data.housenumber),
  zip: str(data.zip),
  city: str(data.city),
  country: str(data.country),
});

const recipientLines = (data: Record<string, unknown> | undefined): string[] => {
  if (!data) return [];
  const a = addressOf(data);
  return [
    str(data.name),
    str(data.addition),
    [a.street, a.housenumber].filter(Boolean).join(' '),
    [a.zip, a.city].filter(Boolean).join(' '),
    str(a.country),
  ].filter((line) => line.trim() !== '');
};

const oneRecord = async (scope: EnvScope, type: string, id: unknown) =>
  typeof id === 'string' && id !== '' ? (await recordsRepo(scope).byIds([type], [id]))[0] : undefined;

/** Days from the invoice date to the due date when a document leaves it empty. */
const defaultPaymentDays = 14;

/** `2026-11-20` + 14 → `2026-12-04` (calendar arithmetic in UTC, no time zone involved). */
const addDays = (date: string, days: number): string => {
  const day = parseLocalDate(date);
  if (!day) return '';
  return new Date(Date.UTC(day.year, day.month - 1, day.day + days)).toISOString().slice(0, 10);
};

/** The values a document prints that its record may leave empty: a due date after the payment term. */
export const documentDefaults = (type: RecordType, data: Record<string, unknown>): Record<string, unknown> =>
  type.fields.some((f) => f.key === 'due_date') &&
  !data.due_date &&
  !data.cancelled_number &&
  typeof data.date === 'string'
    ? { ...data, due_date: addDays(data.date, defaultPaymentDays) }
    : data;

export const requireExport = (type: RecordType, key: string | null | undefined): Export | undefined =>
  type.exports.find((e) => e.key === (key || type.defaultExport));

/**
 * The template with a signature block for every field a query form's signature lands in, unless
 * the template places that field itself: after the last block, where a signature belongs
 * (below totals and payment terms; the bank footer lives in the page footer).
 */
const withSignatureBlocks = (template: Export, fields: readonly SignatureField[]): Export => {
  const placed = new Set(template.blocks.flatMap((b) => (b.kind === 'signature' ? [b.field] : [])));
  const missing = fields.filter((f) => !placed.has(f.field));
  if (missing.length === 0) return template;
  return {
    ...template,
    blocks: [
      ...template.blocks,
      ...missing.map((f) => ({ kind: 'signature' as const, field: f.field, label: f.label })),
    ],
  };
};

const documentInput = async (
  scope: EnvScope,
  types: TypeCatalog,
  type: RecordType,
  template: Export,
  data: Record<string, unknown>,
  createdAt: Date,
): Promise<PdfDocumentInput> => {
  const env = await environmentById(scope);
  const [address, bankRow] = await Promise.all([
    oneRecord(scope, 'envAddresses', env?.defaultAddressInvoice),
    oneRecord(scope, 'envBankDetails', env?.defaultBankDetails),
  ]);
  const selector = type.fields.find((f) => f.type === 'model' && f.key === 'customer')?.selector;
  const customer =
    selector && typeof data.customer === 'string' && data.customer !== ''
      ? (await recordsRepo(scope).byIds(selectableTypeKeys(types, selector.type), [data.customer]))[0]
      : undefined;
  const company: PdfCompany = {
    name: env?.name ?? '',
    ...(address ? addressOf(address.data) : {}),
    phone: env?.phone ?? null,
    email: env?.email ?? null,
    website: env?.website ?? null,
    taxNumber: env?.taxNumber ?? null,
    vatId: env?.taxUstid ?? null,
    logo: null,
  };
  const bank: PdfBank | null =
    bankRow && str(bankRow.data.iban)
      ? {
          holder: str(bankRow.data.name) || null,
          bankName: str(bankRow.data.bank) || null,
          iban: str(bankRow.data.iban),
          bic: str(bankRow.data.bic) || null,
        }
      : null;
  // Units print with their label (Stück, Liter), as the position editor shows them.
  const units = type.fields
    .find((f) => f.subType === 'positions-map')
    ?.definition?.find((f) => f.key === 'unit')?.options;
  const positions = ((Array.isArray(data.positions) ? data.positions : []) as PositionInput[]).map((p) => ({
    ...p,
    unit: units?.find((u) => u.value === p.unit)?.label ?? p.unit,
  }));
  const number = str(data.number);
  return {
    template: withSignatureBlocks(template, await mappedSignatureFields(scope, type)),
    meta: { title: [type.singular, number].filter(Boolean).join(' '), createdAt },
    company,
    recipient: { lines: recipientLines(customer?.data) },
    record: { ...documentDefaults(type, data), customer_number: customer?.data.customer_number ?? '' },
    positions: positionRows(positions),
    summary: positionSummary(positions),
    bank,
    formats: {
      dateFormat: (env?.defaultDateformat ?? 'DD.MM.YYYY') as DateFormat,
      currency: (env?.defaultCurrency ?? 'euro') as CurrencySetting,
    },
  };
};

export const renderRecordPdf = async (
  scope: EnvScope,
  types: TypeCatalog,
  type: RecordType,
  template: Export,
  data: Record<string, unknown>,
  createdAt: Date,
): Promise<Buffer> => renderPdf(await documentInput(scope, types, type, template, data, createdAt));
