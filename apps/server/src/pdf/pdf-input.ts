import type { ExportTemplate } from '@kontor/contract/api/export-templates';
import type { Cents } from '@kontor/contract/logic/money';
import type { CurrencySetting, DateFormat } from '@kontor/contract/logic/number-format';

/**
 * Everything one PDF is made of, as plain data: the engine knows nothing of records, stages or
 * the database. Amounts are integer cents computed by the caller with `logic/positions.ts`
 * (`pdf-positions.ts` turns a record's `positions` into `positions` and `summary`), so the PDF
 * prints exactly the sums the screen and the server show. Every string is printed as text, never
 * interpreted as markup.
 */
export type PdfDocumentInput = Readonly<{
  template: ExportTemplate;
  meta: PdfMeta;
  company: PdfCompany;
  recipient: PdfRecipient;
  /** The record's fields by key, for `{{placeholders}}` in the template's texts. */
  record: Readonly<Record<string, unknown>>;
  positions: readonly PdfPositionRow[];
  summary: PdfSummary;
  /** The account for the bank footer and the GiroCode; without it neither shows bank data. */
  bank?: PdfBank | null | undefined;
  formats: PdfFormats;
}>;

export type PdfMeta = Readonly<{
  /** Document title in the PDF's properties, e.g. "Rechnung RE-2024-0001". */
  title: string;
  /**
   * The instant the document counts as made (ISO 8601 with zone, or a Date). It becomes the PDF's
   * CreationDate and ModDate and, through them, its file ID, so the same input gives the same
   * bytes (a frozen document keeps its SHA-256). Pass the record's freeze or change time, never
   * "now".
   */
  createdAt: string | Date;
}>;

export type PdfAddress = Readonly<{
  street?: string | null | undefined;
  housenumber?: string | null | undefined;
  zip?: string | null | undefined;
  city?: string | null | undefined;
  country?: string | null | undefined;
}>;

export type PdfCompany = Readonly<
  {
    name: string;
    /** PNG or JPEG bytes; other formats are left out. */
    logo?: Uint8Array | null | undefined;
    phone?: string | null | undefined;
    email?: string | null | undefined;
    website?: string | null | undefined;
    taxNumber?: string | null | undefined;
    vatId?: string | null | undefined;
  } & PdfAddress
>;

/** The address field's lines, top to bottom (name, addition, street, zip and city, country). */
export type PdfRecipient = Readonly<{ lines: readonly string[] }>;

export type PdfBank = Readonly<{
  /** Account holder: the GiroCode's beneficiary; defaults to the company name. */
  holder?: string | null | undefined;
  bankName?: string | null | undefined;
  iban: string;
  bic?: string | null | undefined;
}>;

/** One table row. Empty amounts (a text-only line) stay empty. */
export type PdfPositionRow = Readonly<{
  /** Shown in the Pos. column: "1", "2", … */
  pos: string;
  title: string;
  /** Exact decimal text with a dot ("1.5"), as positions.ts normalises it; null when empty. */
  quantity: string | null;
  unit: string | null;
  priceSingleCents: Cents | null;
  priceFullCents: Cents | null;
  /** A title, text or subtotal line (issue 31 item 3); absent for an item. */
  kind?: 'title' | 'text' | 'subtotal' | undefined;
  /** A subtotal line's amount; never part of priceFullCents, so carry rows do not count it twice. */
  subtotalCents?: Cents | undefined;
}>;

export type PdfTaxLine = Readonly<{
  name: string;
  percent: number;
  amountCents: Cents;
  /** The net amount this tax applies to; the table's tax basis line needs it. */
  baseCents?: Cents | undefined;
}>;

export type PdfSummary = Readonly<{ netCents: Cents; taxes: readonly PdfTaxLine[]; grossCents: Cents }>;

export type PdfFormats = Readonly<{
  dateFormat: DateFormat;
  currency: CurrencySetting;
  /** Zone for instants in placeholders (default Europe/Berlin). */
  timeZone?: string | undefined;
}>;
