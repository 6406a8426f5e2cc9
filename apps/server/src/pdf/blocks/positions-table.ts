import { type Cents, sumCents } from '@kontor/contract/logic/money';
import type { Content, CustomTableLayout, TableCell } from 'pdfmake/interfaces';
import { mmToPt } from '../page-geometry';
import type { PdfPositionRow } from '../pdf-input';
import { type BlockContext, type BlockOf, type BlockRenderer, colors } from './block';

/**
 * The positions table: Pos., Bezeichnung, Menge, Einheit, Einzelpreis, Gesamt. Its header row
 * repeats on every page; where the table breaks, an "Übertrag" row with the running net subtotal
 * closes the page and the same row opens the next. pdfmake has no footer rows, so the table is
 * laid out twice (render-pdf.ts): the probe marks each row while the page margins keep room for
 * both carry rows (document-definition.ts), the final layout splits the table into one table per
 * page at the pages the probe found.
 */

export const positionRowId = (blockIndex: number, rowIndex: number): string => `positions-${blockIndex}-${rowIndex}`;

const cellPadding = 3;

/** Height the probe keeps free at the top and bottom of the table's pages for a carry row (generous). */
export const carryRowReserve = (fontSize: number): number => (fontSize - 1) * 1.6 + 2 * cellPadding + 2;

type Labels = BlockOf<'positionsTable'>['labels'];

// The unit column holds the longest unit label ('Quadratmeter') on one line: a unit never breaks
// into 'Quadrat/meter' (issue 31 item 3).
const widths = [mmToPt(9), '*', mmToPt(14), mmToPt(22), mmToPt(23), mmToPt(25)];
const numeric = [false, false, true, false, true, true];

const headerRow = (labels: Labels): TableCell[] =>
  [labels.pos, labels.title, labels.quantity, labels.unit, labels.priceSingle, labels.priceFull].map((text, i) => ({
    text,
    bold: true,
    alignment: numeric[i] ? 'right' : 'left',
  }));

const carryRow = (label: string, amount: string): TableCell[] => [
  { text: label, colSpan: 5, bold: true },
  {},
  {},
  {},
  {},
  { text: amount, alignment: 'right', bold: true },
];

/**
 * Lines: a strong rule under the header, at the end and between a carry row and the positions
 * (`strongLines` holds those line indices: line i lies above body row i), hairlines elsewhere.
 */
const tableLayout = (strongLines: ReadonlySet<number>): CustomTableLayout => {
  const strong = (i: number, rows: number) => i === 1 || i === rows || strongLines.has(i);
  return {
    hLineWidth: (i, node) => (i === 0 ? 0 : strong(i, node.table.body.length) ? 0.7 : 0.3),
    hLineColor: (i, node) => (strong(i, node.table.body.length) ? colors.rule : colors.hairline),
    vLineWidth: () => 0,
    paddingLeft: (i) => (i === 0 ? 0 : 4),
    paddingRight: (i) => (i === widths.length - 1 ? 0 : 4),
    paddingTop: () => cellPadding,
    paddingBottom: () => cellPadding,
  };
};

const positionTable = (body: TableCell[][], strongLines: ReadonlySet<number>, headerRows: number): Content => ({
  table: { headerRows, dontBreakRows: true, widths, body },
  layout: tableLayout(strongLines),
});

/** The net amount per distinct tax, right-aligned under the table, when it tells more than the net total. */
const taxBasisLines = (block: BlockOf<'positionsTable'>, { input, format, fontSize }: BlockContext): Content[] => {
  const taxes = input.summary.taxes.filter((tax) => tax.baseCents !== undefined);
  const informative = taxes.length > 1 || taxes.some((tax) => tax.baseCents !== input.summary.netCents);
  if (!block.taxBasis || taxes.length === 0 || !informative) return [];
  return [
    {
      margin: [0, 4, 0, 0],
      table: {
        widths: ['*', widths.at(-1) ?? '*'],
        body: taxes.map((tax) => [
          { text: block.labels.taxBasis.replace('{tax}', format.taxLabel(tax)), alignment: 'right' },
          { text: format.money(tax.baseCents ?? 0), alignment: 'right' },
        ]),
      },
      fontSize: fontSize - 2,
      color: colors.muted,
      layout: {
        hLineWidth: () => 0,
        vLineWidth: () => 0,
        paddingLeft: () => 0,
        paddingRight: () => 0,
        paddingTop: () => 0.5,
        paddingBottom: () => 0.5,
      },
    },
  ];
};

/**
 * A position's title in pieces of at most 12 lines and 600 characters, split at line ends or
 * spaces. Rows may not break across pages (a carry row must never sit inside a position), and
 * pdfmake drops a row taller than a page; continuation rows of a long title avoid both.
 */
export const titlePieces = (title: string, maxChars = 600, maxLines = 12): string[] => {
  const lines = title.split('\n').flatMap((line) => {
    const parts: string[] = [];
    let rest = line;
    while (rest.length > maxChars) {
      const space = rest.lastIndexOf(' ', maxChars);
      const cut = space > maxChars / 2 ? space : maxChars;
      parts.push(rest.slice(0, cut));
      rest = rest.slice(cut).trimStart();
    }
    return [...parts, rest];
  });
  const pieces: string[][] = [];
  for (const line of lines) {
    const current = pieces.at(-1);
    const size = current ? current.join('\n').length + 1 + line.length : Number.POSITIVE_INFINITY;
    if (current && current.length < maxLines && size <= maxChars) current.push(line);
    else pieces.push([line]);
  }
  return pieces.map((piece) => piece.join('\n'));
};

/** The table's rows: each position, and continuation rows for the rest of a long title. */
export const tableRows = (rows: readonly PdfPositionRow[]): PdfPositionRow[] =>
  rows.flatMap((row) =>
    titlePieces(row.title).map((title, k) =>
      k === 0
        ? { ...row, title }
        : {
            pos: '',
            title,
            quantity: null,
            unit: null,
            priceSingleCents: null,
            priceFullCents: null,
            ...(row.kind === 'text' ? { kind: row.kind } : {}),
          },
    ),
  );

/** Consecutive rows that share a page, in order. */
const chunksByPage = (pages: readonly number[]): number[][] => {
  const chunks: number[][] = [];
  pages.forEach((page, i) => {
    const last = chunks.at(-1);
    if (last && pages[last[0] ?? 0] === page) last.push(i);
    else chunks.push([i]);
  });
  return chunks;
};

export const renderPositionsTable: BlockRenderer<'positionsTable'> = (block, context) => {
  const { input, format, fontSize, pagination, blockIndex } = context;
  const { labels } = block;
  const rows = tableRows(input.positions);
  const cells = (row: PdfPositionRow, i: number): TableCell[] => [
    // The probe's marker cell must not be empty: pdfmake reports only nodes with content.
    pagination.kind === 'probe' ? { text: row.pos || ' ', id: positionRowId(blockIndex, i) } : { text: row.pos },
    // Titles and subtotals stand out in bold; a subtotal shows its amount where the line totals stand.
    { text: row.title, bold: row.kind === 'title' || row.kind === 'subtotal' },
    { text: format.quantity(row.quantity), alignment: 'right' },
    { text: row.unit ?? '' },
    { text: format.money(row.priceSingleCents), alignment: 'right' },
    row.kind === 'subtotal'
      ? { text: format.money(row.subtotalCents ?? 0), alignment: 'right', bold: true }
      : { text: format.money(row.priceFullCents), alignment: 'right' },
  ];
  const style = { fontSize: fontSize - 1, margin: [0, 0, 0, 0] as [number, number, number, number] };
  const after = taxBasisLines(block, context);

  if (pagination.kind === 'probe') {
    return {
      flow: [{ ...style, stack: [positionTable([headerRow(labels), ...rows.map(cells)], new Set(), 1)] }, ...after],
    };
  }

  const pages = rows.map((_, i) => pagination.rowPages.get(positionRowId(blockIndex, i)));
  const known = pages.every((page): page is number => page !== undefined);
  const chunks = block.carryForward && known ? chunksByPage(pages) : [rows.map((_, i) => i)];
  const lineCents = rows.map((row) => row.priceFullCents ?? 0);
  const subtotalThrough = (index: number): Cents => sumCents(lineCents.slice(0, index + 1));

  const tables = chunks.map((chunk, c): Content => {
    const first = chunk[0] ?? 0;
    const last = chunk.at(-1) ?? 0;
    const carryIn = c > 0 ? [carryRow(labels.carry, format.money(subtotalThrough(first - 1)))] : [];
    const carryOut = c < chunks.length - 1 ? [carryRow(labels.carry, format.money(subtotalThrough(last)))] : [];
    const body = [headerRow(labels), ...carryIn, ...chunk.map((i) => cells(rows[i] as PdfPositionRow, i)), ...carryOut];
    const strongLines = new Set<number>([
      ...(carryIn.length ? [2] : []),
      ...(carryOut.length ? [body.length - 1] : []),
    ]);
    const table = positionTable(body, strongLines, 1);
    return c < chunks.length - 1 ? { stack: [table], pageBreak: 'after' } : table;
  });
  return { flow: [{ ...style, stack: tables }, ...after] };
};
