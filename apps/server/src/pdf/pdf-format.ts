import type { Cents } from '@kontor/contract/logic/money';
import { currencyFormatter, formatDate, formatNumber } from '@kontor/contract/logic/number-format';
import {
  fillPlaceholders,
  fillPlaceholdersIfComplete,
  type PlaceholderFormats,
  valueAtPath,
} from '@kontor/contract/logic/placeholders';
import type { PdfDocumentInput } from './pdf-input';

/**
 * How the PDF writes values, all through the contract's German formatting (the screen's too):
 * money "1.234,50 €", dates in the environment's format, quantities and percentages without
 * trailing zeros ("1,5", "19"), and template texts with their placeholders filled.
 */
export type PdfFormat = Readonly<{
  money: (cents: Cents | null) => string;
  date: (value: string | Date | null | undefined) => string;
  /** Decimal text with a dot ("1.5") in German notation ("1,5"). */
  quantity: (value: string | null) => string;
  /** "USt. 19 %"; a name that already states its percentage is kept as it is. */
  taxLabel: (tax: Readonly<{ name: string; percent: number }>) => string;
  /** A template text with record placeholders and the document values `_net`, `_gross`, `_company`. */
  fill: (template: string) => string;
  /** As `fill`, but '' when a placeholder of the text is empty: paragraphs never print half a sentence. */
  fillParagraph: (template: string) => string;
}>;

/** German notation without trailing zeros: "1.5" → "1,5", "2" → "2", "1234.25" → "1.234,25". */
const trimmed = (value: number | string): string => {
  const text = formatNumber(value, 4);
  return text.includes(',') ? text.replace(/0+$/, '').replace(/,$/, '') : text;
};

export const pdfFormat = (input: PdfDocumentInput): PdfFormat => {
  const formatMoney = currencyFormatter({ currency: input.formats.currency, language: 'de_sie' });
  const money = (cents: Cents | null) => (cents === null ? '' : formatMoney(cents));
  const placeholderFormats: PlaceholderFormats = {
    dateFormat: input.formats.dateFormat,
    money: formatMoney,
    yes: 'Ja',
    no: 'Nein',
    timeZone: input.formats.timeZone,
  };
  const documentValues: Readonly<Record<string, string>> = {
    _net: money(input.summary.netCents),
    _gross: money(input.summary.grossCents),
    _company: input.company.name,
  };
  const lookup = (path: string): unknown =>
    Object.hasOwn(documentValues, path) ? documentValues[path] : valueAtPath(input.record, path);
  return {
    money,
    date: (value) => formatDate(value, input.formats.dateFormat, input.formats.timeZone),
    quantity: (value) => (value === null ? '' : trimmed(value)),
    // A no-break space keeps "19 %" on one line.
    taxLabel: (tax) => (tax.name.includes('%') ? tax.name : `${tax.name} ${trimmed(tax.percent)}\u00a0%`.trim()),
    fill: (template) => fillPlaceholders(template, lookup, placeholderFormats),
    fillParagraph: (template) => fillPlaceholdersIfComplete(template, lookup, placeholderFormats),
  };
};
