import { z } from 'zod';
import { call, envScoped } from '../call';
import { downloadAnswerSchema } from './records';

/**
 * E-invoices (issue 15): the frozen XRechnung XML and ZUGFeRD PDF of a record, downloaded through
 * a short-lived signed link (the title bar's 'E-Rechnung (XRechnung)' and 'PDF mit ZUGFeRD').
 */

export const einvoiceFormats = ['xrechnung', 'zugferd'] as const;
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
