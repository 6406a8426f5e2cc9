import { type ExportTemplate, exportTemplateSchema, type LayoutBlock } from '@kontor/contract/api/export-templates';
import { invoiceTemplate } from './invoice-template';

/**
 * The cancellation invoice (Stornorechnung): the invoice's layout, titled as a cancellation,
 * naming the cancelled invoice, without payment request and GiroCode (nothing is to be paid).
 */
export const cancellationTemplate: ExportTemplate = exportTemplateSchema.parse({
  ...invoiceTemplate,
  key: 'invoice_cancellation',
  name: 'Stornorechnung',
  page: { ...invoiceTemplate.page, runningHeader: { text: 'Stornorechnung {{number}} vom {{date}}', fromPage: 2 } },
  blocks: invoiceTemplate.blocks.flatMap((block): LayoutBlock[] => {
    if (block.kind === 'paymentTerms' || block.kind === 'epcQr') return [];
    if (block.kind === 'title') return [{ ...block, text: 'Stornorechnung {{number}}' }];
    if (block.kind === 'referenceLine') {
      return [
        {
          ...block,
          items: [
            { label: 'Stornonr.', value: '{{number}}' },
            { label: 'Datum', value: '{{date}}' },
            { label: 'Kundennr.', value: '{{customer_number}}' },
            { label: 'Zu Rechnung', value: '{{cancelled_number}}' },
            { label: 'Vom', value: '{{cancelled_date}}' },
          ],
        },
      ];
    }
    return [block];
  }),
});
