import { type ExportTemplate, exportTemplateSchema } from '@kontor/contract/api/export-templates';

/**
 * The default invoice: DIN 5008 form B on A4, letterhead, address field with return line,
 * information block, positions with carried-forward subtotals, totals, payment terms with the
 * GiroCode, bank footer on every page, and from page 2 a running header with number and page.
 */
export const invoiceTemplate: ExportTemplate = exportTemplateSchema.parse({
  key: 'invoice',
  name: 'Rechnung',
  page: { runningHeader: { text: 'Rechnung {{number}} vom {{date}}', fromPage: 2 } },
  blocks: [
    { kind: 'letterhead' },
    { kind: 'addressWindow' },
    {
      kind: 'referenceLine',
      items: [
        { label: 'Rechnungsnr.', value: '{{number}}' },
        { label: 'Rechnungsdatum', value: '{{date}}' },
        { label: 'Kundennr.', value: '{{customer_number}}' },
        { label: 'Leistungsdatum', value: '{{delivery_date}}' },
        { label: 'Fällig am', value: '{{due_date}}' },
      ],
    },
    { kind: 'title', text: 'Rechnung {{number}}' },
    { kind: 'text', text: '{{subject}}', style: 'bold' },
    { kind: 'text', text: '{{intro}}' },
    { kind: 'positionsTable' },
    { kind: 'totals' },
    {
      kind: 'paymentTerms',
      text: 'Bitte überweisen Sie den Rechnungsbetrag von {{_gross}} bis zum {{due_date}} unter Angabe der Rechnungsnummer {{number}} auf das unten genannte Konto.',
    },
    { kind: 'epcQr' },
    { kind: 'text', text: '{{closing}}' },
    { kind: 'bankFooter' },
  ],
});
