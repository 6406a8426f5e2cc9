import { z } from 'zod';
import { call, envScoped } from '../call';
import { downloadAnswerSchema } from './records';

/**
 * E-invoices (issue 15): the frozen XRechnung XML and ZUGFeRD PDF of a record, downloaded through
 * a short-lived signed link (the title bar's 'E-Rechnung (XRechnung)' and 'PDF mit ZUGFeRD').
 */

const einvoiceFormats = ['xrechnung', 'zugferd'] as const;
export const einvoiceFormatSchema = z.enum(einvoiceFormats);
export type EinvoiceFormat = z.infer<typeof einvoiceFormatSchema>;

export const einvoiceDownload = call('/api/einvoice/download', {
  body: envScoped({
    type: z.string().trim().min(1).max(60),
    id: z.string().trim().min(1).max(64),
    format: einvoiceFormatSchema,
  }),
  data: downloadAnswerSchema,
});

/**
 * Receiving (issue 15 item 5): a file already uploaded to the file manager (an XRechnung in UBL
 * or CII syntax, or a ZUGFeRD / Factur-X PDF) becomes a draft of an incoming-invoice type. The
 * answer names the draft and the rules the file breaks (German, like the draft's findings field).
 */
export const einvoiceImport = call('/api/einvoice/import', {
  body: envScoped({
    type: z.string().trim().min(1).max(60),
    file: z.string().trim().min(1).max(64),
  }),
  data: z.object({
    id: z.string().max(64),
    findings: z.array(z.string().max(500)).max(500),
  }),
});
