import type { FormatFactoryService, Invoice, InvoiceServiceOptions } from '@e-invoice-eu/core';
import type { ValidateFunction } from 'ajv/dist/2019.js';

/**
 * The files of an e-invoice, made by @e-invoice-eu/core from one set of EN 16931 data:
 * XRechnung 3.0 in UBL or CII syntax, and ZUGFeRD 2.3 / Factur-X profile EN 16931, which is the
 * given (frozen) PDF turned PDF/A-3 with the CII XML attached as `factur-x.xml` and XMP metadata.
 *
 * This is `InvoiceService.generate` of the library (2.3.4) with one change: it compiles the JSON
 * schema that checks the data on every call, which took most of a freeze's time; here each
 * format's schema is compiled once per process. Then, as there, the data is checked (anything
 * invalid throws), the format's defaults are filled in and the format service writes the file.
 * The library is imported on first use: its import takes one to two seconds, which every start
 * of the server would otherwise pay.
 */

/** The library logs warnings through this; they are not the user's business. */
const quietLogger = { log: () => {}, warn: () => {}, error: () => {} };

const library = async () => {
  const [core, ajv] = await Promise.all([import('@e-invoice-eu/core'), import('ajv/dist/2019.js')]);
  return { core, Ajv2019: ajv.default, factory: new core.FormatFactoryService() };
};
let loaded: ReturnType<typeof library> | undefined;

const prepared = new Map<
  string,
  { formatter: ReturnType<FormatFactoryService['createFormatService']>; validate: ValidateFunction }
>();

/** Imports the library now (tests warm it up outside their time limit); later calls reuse it. */
export const loadEinvoiceLibrary = () => {
  loaded ??= library();
  return loaded;
};

const formatterOf = async (format: string) => {
  const { core, Ajv2019, factory } = await loadEinvoiceLibrary();
  let entry = prepared.get(format);
  if (!entry) {
    const formatter = factory.createFormatService(format, quietLogger);
    const schema = structuredClone(core.invoiceSchema);
    formatter.patchSchema(schema);
    const validate = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
    entry = { formatter, validate };
    prepared.set(format, entry);
  }
  return { ...entry, factory };
};

export class EinvoiceDataError extends Error {}

const generate = async (invoice: Invoice, options: InvoiceServiceOptions) => {
  const { formatter, validate, factory } = await formatterOf(options.format);
  const data = structuredClone(invoice);
  if (!validate(data)) throw new EinvoiceDataError(JSON.stringify(validate.errors).slice(0, 1000));
  formatter.fillInvoiceDefaults(data);
  return formatter.generate(data, { ...options, format: factory.normalizeFormat(options.format) });
};

type XmlSyntax = 'ubl' | 'cii';

export const xrechnungXml = async (invoice: Invoice, syntax: XmlSyntax = 'ubl'): Promise<string> =>
  String(await generate(invoice, { format: syntax === 'ubl' ? 'XRECHNUNG-UBL' : 'XRECHNUNG-CII', lang: 'de-de' }));

export const zugferdPdf = async (invoice: Invoice, pdf: Uint8Array, filename: string): Promise<Buffer> => {
  const out = await generate(invoice, {
    format: 'Factur-X-EN16931',
    lang: 'de-de',
    pdf: { buffer: pdf, filename, mimetype: 'application/pdf' },
  });
  return Buffer.from(out as Uint8Array);
};
