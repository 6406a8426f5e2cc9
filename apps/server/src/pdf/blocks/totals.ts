import type { TableCell } from 'pdfmake/interfaces';
import { mmToPt } from '../page-geometry';
import { type BlockRenderer, colors } from './block';

/** Net amount, one line per tax ("USt. 19 %"), gross amount: right-aligned under the table. */
export const renderTotals: BlockRenderer<'totals'> = (block, { input, format, fontSize }) => {
  const { summary } = input;
  const line = (label: string, cents: number): TableCell[] => [
    { text: label, alignment: 'right' },
    { text: format.money(cents), alignment: 'right' },
  ];
  const body: TableCell[][] = [
    line(block.labels.net, summary.netCents),
    ...summary.taxes.map((tax) => line(format.taxLabel(tax), tax.amountCents)),
    [
      { text: block.labels.gross, alignment: 'right', bold: true, fontSize: fontSize + 1 },
      { text: format.money(summary.grossCents), alignment: 'right', bold: true, fontSize: fontSize + 1 },
    ],
  ];
  const grossRule = body.length - 1;
  return {
    flow: [
      {
        unbreakable: true,
        margin: [0, mmToPt(1), 0, mmToPt(5)],
        columns: [
          { width: '*', text: '' },
          {
            width: mmToPt(85),
            table: { widths: ['*', mmToPt(28)], body },
            layout: {
              hLineWidth: (i) => (i === grossRule ? 0.8 : i === body.length ? 0.8 : 0),
              hLineColor: () => colors.text,
              vLineWidth: () => 0,
              paddingLeft: () => 0,
              paddingRight: () => 0,
              paddingTop: (i) => (i === grossRule ? 4 : 1.5),
              paddingBottom: (i) => (i === grossRule ? 4 : 1.5),
            },
          },
        ],
      },
    ],
  };
};
