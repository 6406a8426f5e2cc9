import { type ExportTemplate, exportTemplateSchema } from '@kontor/contract/api/export-templates';

/** The default offer: the invoice's layout without payment request and GiroCode. */
export const offerTemplate: ExportTemplate = exportTemplateSchema.parse({
  key: 'offer',
  name: 'Angebot',
  page: { runningHeader: { text: 'Angebot {{number}} vom {{date}}', fromPage: 2 } },
  blocks: [
    { kind: 'letterhead' },
    { kind: 'addressWindow' },
    {
      kind: 'referenceLine',
      items: [
        { label: 'Angebotsnr.', value: '{{number}}' },
        { label: 'Angebotsdatum', value: '{{date}}' },
        { label: 'Kundennr.', value: '{{customer_number}}' },
        { label: 'Gültig bis', value: '{{valid_until}}' },
      ],
    },
    { kind: 'title', text: 'Angebot {{number}}' },
    { kind: 'text', text: '{{subject}}', style: 'bold' },
    { kind: 'text', text: '{{intro}}' },
    { kind: 'positionsTable' },
    { kind: 'totals' },
    {
      kind: 'text',
      text: 'Dieses Angebot ist gültig bis zum {{valid_until}}. Wir freuen uns auf Ihren Auftrag.',
    },
    { kind: 'text', text: '{{closing}}' },
    { kind: 'bankFooter' },
  ],
});
