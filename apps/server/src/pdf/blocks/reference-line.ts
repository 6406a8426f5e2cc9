import type { TableCell } from 'pdfmake/interfaces';
import { mmToPt } from '../page-geometry';
import { type BlockRenderer, colors } from './block';

/** The information block right of the address field: label and value pairs, one per line. */
export const renderReferenceLine: BlockRenderer<'referenceLine'> = (block, { format, geometry, fontSize }) => {
  const rows = block.items
    .map((item) => ({ label: item.label, value: format.fill(item.value) }))
    .filter((row) => !block.hideEmpty || row.value.trim() !== '');
  if (rows.length === 0) return {};
  const small = fontSize - 1;
  const body: TableCell[][] = rows.map((row) => [
    { text: row.label, fontSize: small, color: colors.muted },
    { text: row.value, fontSize: small },
  ]);
  return {
    firstPage: [
      {
        absolutePosition: { x: geometry.info.left, y: geometry.info.top },
        table: { widths: [mmToPt(28), geometry.info.width - mmToPt(28)], body },
        layout: {
          hLineWidth: () => 0,
          vLineWidth: () => 0,
          paddingLeft: () => 0,
          paddingRight: () => 2,
          paddingTop: () => 0.5,
          paddingBottom: () => 0.5,
        },
      },
    ],
  };
};
