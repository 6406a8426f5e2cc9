import { z } from 'zod';
import { call, envScoped } from '../call';

/**
 * An export template as data (spec 02 §3 "Export: key, name, isParent"): page settings and an
 * ordered list of layout blocks, so the data-structure editor can edit it and the server's PDF
 * engine renders it. Block kinds are a closed union; the engine maps each kind to one renderer.
 * Texts may hold record placeholders (`{{number}}`, `{{due_date}}`, `{{gross|money}}`, see
 * `logic/placeholders.ts`) and the document values `{{_net}}`, `{{_gross}}` (formatted totals)
 * and `{{_company}}`. Lengths are in millimetres. Labels default to the German wording.
 */

const text = (max: number) => z.string().max(max);
const mm = (max: number) => z.number().min(0).max(max);

const letterheadBlockSchema = z.object({
  kind: z.literal('letterhead'),
  showLogo: z.boolean().default(true),
  /** Address, phone, e-mail and website in one small line under the company name. */
  showContactLine: z.boolean().default(true),
});

/** DIN 5008 address field: the return-address line above up to six recipient lines. */
const addressWindowBlockSchema = z.object({
  kind: z.literal('addressWindow'),
  returnAddress: z.boolean().default(true),
});

/** The information block right of the address field: label and value pairs. */
const referenceLineBlockSchema = z.object({
  kind: z.literal('referenceLine'),
  items: z.array(z.object({ label: text(40), value: text(200) })).max(10),
  /** Leave out a pair whose value comes out empty (a record without customer number). */
  hideEmpty: z.boolean().default(true),
});

const titleBlockSchema = z.object({ kind: z.literal('title'), text: text(200) });

const textBlockSchema = z.object({
  kind: z.literal('text'),
  text: text(10_000),
  style: z.enum(['normal', 'small', 'bold']).default('normal'),
});

/**
 * A signature from a record field (issue 12 item 6: a query form's signature answer mapped into the
 * record): a drawn one (PNG data URL) as an image, a typed name as text, over a line and a label.
 */
const signatureBlockSchema = z.object({
  kind: z.literal('signature'),
  field: z.string().trim().min(1).max(64),
  label: text(200).default('Unterschrift'),
});

const positionsTableBlockSchema = z.object({
  kind: z.literal('positionsTable'),
  labels: z
    .object({
      pos: text(20).default('Pos.'),
      title: text(40).default('Bezeichnung'),
      quantity: text(20).default('Menge'),
      unit: text(20).default('Einheit'),
      priceSingle: text(20).default('Einzelpreis'),
      priceFull: text(20).default('Gesamt'),
      carry: text(40).default('Übertrag'),
      /** One line per distinct tax after the table; `{tax}` becomes e.g. "USt. 19 %". */
      taxBasis: text(60).default('Nettobetrag zu {tax}'),
    })
    .prefault({}),
  /** A carried-forward subtotal at the bottom of each page the table leaves and the top of the next. */
  carryForward: z.boolean().default(true),
  /** The net amount per distinct tax after the table (§ 14 UStG asks for it with mixed rates). */
  taxBasis: z.boolean().default(true),
});

const totalsBlockSchema = z.object({
  kind: z.literal('totals'),
  labels: z.object({ net: text(40).default('Nettobetrag'), gross: text(40).default('Gesamtbetrag') }).prefault({}),
});

const paymentTermsBlockSchema = z.object({ kind: z.literal('paymentTerms'), text: text(2_000) });

/** The running footer on every page: company, contact, tax ids, bank, in columns. */
const bankFooterBlockSchema = z.object({
  kind: z.literal('bankFooter'),
  labels: z
    .object({
      phone: text(20).default('Tel.'),
      email: text(20).default('E-Mail'),
      taxNumber: text(30).default('Steuernummer'),
      vatId: text(30).default('USt-IdNr.'),
      iban: text(20).default('IBAN'),
      bic: text(20).default('BIC'),
    })
    .prefault({}),
});

/** The GiroCode (EPC QR) over the gross amount, drawn only when the payload can be built. */
const epcQrBlockSchema = z.object({
  kind: z.literal('epcQr'),
  caption: text(60).default('Zahlen mit Code'),
  /** The remittance information, normally the document number. */
  remittance: text(140).default('{{number}}'),
  /** `beside`: right of the preceding block (the payment terms); `below`: a block of its own. */
  placement: z.enum(['beside', 'below']).default('beside'),
});

export const layoutBlockSchema = z.discriminatedUnion('kind', [
  letterheadBlockSchema,
  addressWindowBlockSchema,
  referenceLineBlockSchema,
  titleBlockSchema,
  textBlockSchema,
  positionsTableBlockSchema,
  totalsBlockSchema,
  paymentTermsBlockSchema,
  bankFooterBlockSchema,
  epcQrBlockSchema,
  signatureBlockSchema,
]);
export type LayoutBlock = z.output<typeof layoutBlockSchema>;
export type BlockKind = LayoutBlock['kind'];

export const pageSettingsSchema = z.object({
  size: z.literal('A4').default('A4'),
  /** DIN 5008 form A (address field 27 mm from the top) or B (45 mm). */
  din5008Form: z.enum(['A', 'B']).default('B'),
  /** DIN 5008: 25 mm left, at least 20 mm right; bottom leaves room for the running footer. */
  margins: z
    .object({
      left: mm(60).default(25),
      right: mm(60).default(20),
      top: mm(80).default(25),
      bottom: mm(80).default(30),
    })
    .prefault({}),
  /** Fold marks (105 mm, 210 mm for form B) and the hole mark (148.5 mm) on the first page. */
  foldMarks: z.boolean().default(true),
  fontSize: z.number().min(7).max(14).default(10),
  /** From `fromPage` on: this text on the left, "Seite x von y" on the right. */
  runningHeader: z
    .object({ text: text(200), fromPage: z.number().int().min(1).max(2).default(2) })
    .nullable()
    .default(null),
  /** "Seite x von y" in the footer of every page the running header does not number already. */
  pageNumbersInFooter: z.boolean().default(true),
});
export type PageSettings = z.output<typeof pageSettingsSchema>;

/** Export keys as record type keys are spelled (§5: letters, digits, underscores). */
const exportKeySchema = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/);

export const exportTemplateSchema = z.object({
  key: exportKeySchema,
  name: z.string().min(1).max(100),
  /** Inherited from the base type: read-only, cannot be removed. */
  isParent: z.boolean().optional(),
  page: pageSettingsSchema.prefault({}),
  blocks: z.array(layoutBlockSchema).max(40),
});
export type ExportTemplate = z.output<typeof exportTemplateSchema>;

// ---- Data-structure exports (spec 02 §7 settings/dynamic-records/exports/…) ----

/** §5: the key suggested from a name: lower case, spaces to underscores, nothing but [a-z0-9_]. */
export const suggestExportKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/ /g, '_')
    .replace(/[^a-z0-9_]/g, '');

const typeKey = z.string().trim().min(1).max(60);

export const copyExport = call('/api/settings/dynamic-records/exports/copy', {
  body: envScoped({
    type: typeKey,
    from: z.string().trim().min(1).max(60),
    name: z.string().trim().min(1).max(100),
    key: exportKeySchema,
  }),
  data: z.object({ key: z.string() }),
});

export const deleteExport = call('/api/settings/dynamic-records/exports/delete', {
  body: envScoped({ type: typeKey, export: z.string().trim().min(1).max(60) }),
  data: z.undefined(),
});
