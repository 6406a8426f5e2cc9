import type { PageDefinition, PageElement } from '@kontor/contract/api/pages';

const cardOf = (title: string, body: PageElement[]): PageElement => ({
  type: 'card',
  children: [
    { type: 'cardHeader', text: title },
    { type: 'cardBody', children: body },
  ],
});

const pairs = (rows: Array<[string, string]>): PageElement => ({
  type: 'table',
  children: [
    {
      type: 'tbody',
      children: rows.map(([label, value]) => ({
        type: 'tr',
        children: [
          { type: 'th', text: label },
          { type: 'td', text: value },
        ],
      })),
    },
  ],
});

/**
 * The default detail page of offers and invoices: summary and amounts, customer, positions,
 * stage history and the frozen documents with the PDF download. Placeholders are filled by the
 * server; `{{_stage}}` is drawn by the stage label element instead.
 */
export const documentPage = (singular: string, numberLabel: string, dateLabel: string): PageDefinition => ({
  key: 'details',
  name: 'Details',
  elements: [
    { type: 'pageTitle', text: `${singular} {{number}}`, subtitle: '{{customer_name}}' },
    {
      type: 'row',
      children: [
        {
          type: 'col',
          span: 7,
          children: [
            cardOf('Übersicht', [
              { type: 'dynrecordStageLabel' },
              pairs([
                [numberLabel, '{{number}}'],
                [dateLabel, '{{date}}'],
                ['Kunde', '{{customer_name}}'],
                ['Betreff', '{{subject}}'],
                ['Storniert Nummer', '{{cancelled_number}}'],
              ]),
              { type: 'link', label: 'Bearbeiten', to: '/dyn/{{_type}}/{{_id}}/edit' },
            ]),
          ],
        },
        {
          type: 'col',
          span: 5,
          children: [
            cardOf('Beträge', [
              pairs([
                ['Netto', '{{net|money}}'],
                ['Steuern', '{{tax_total|money}}'],
                ['Brutto', '{{gross|money}}'],
              ]),
            ]),
          ],
        },
      ],
    },
    cardOf('Positionen', [
      {
        type: 'simpleTable',
        source: 'positions',
        emptyText: 'Keine Positionen.',
        columns: [
          { label: 'Pos.', value: '{{pos}}' },
          { label: 'Bezeichnung', value: '{{title}}' },
          { label: 'Menge', value: '{{quantity}}', align: 'right' },
          { label: 'Einheit', value: '{{unit}}' },
          { label: 'Einzelpreis', value: '{{price_single}}', align: 'right' },
          { label: 'Gesamt', value: '{{price_full}}', align: 'right' },
        ],
      },
    ]),
    cardOf('Statusverlauf', [
      {
        type: 'simpleTable',
        source: 'transitions',
        emptyText: 'Noch keine Statusänderung.',
        columns: [
          { label: 'Zeitpunkt', value: '{{at}}' },
          { label: 'Von', value: '{{from}}' },
          { label: 'Nach', value: '{{to}}' },
          { label: 'Durch', value: '{{by}}' },
        ],
      },
    ]),
    cardOf('Dokumente', [
      { type: 'fileDownload', label: 'PDF herunterladen' },
      {
        type: 'simpleTable',
        source: 'documents',
        emptyText: 'Noch nicht festgeschrieben.',
        columns: [
          { label: 'Nummer', value: '{{number}}' },
          { label: 'Festgeschrieben am', value: '{{created}}' },
          { label: 'SHA-256', value: '{{sha256}}' },
        ],
      },
    ]),
  ],
});
