import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { BlockOutput, PageSlot, Pagination } from './blocks/block';
import { colors } from './blocks/block';
import { carryRowReserve } from './blocks/positions-table';
import { renderBlock } from './blocks/registry';
import { mmToPt, type PageGeometry, pageGeometry } from './page-geometry';
import { pdfFormat } from './pdf-format';
import type { PdfDocumentInput } from './pdf-input';
import { fontFamily } from './pdfmake-printer';

/**
 * The pdfmake document of one input: every block rendered by its renderer, page 1's fixed parts
 * (letterhead, address field, information block) placed absolutely with the body flow starting
 * below the address field, the running header from the template's page on, the running footer
 * on every page, fold and hole marks on page 1.
 */

const pageLabel = ({ page, pages }: PageSlot): string => `Seite ${page} von ${pages}`;

const foldMarks = (geometry: PageGeometry): Content => ({
  canvas: [
    ...geometry.foldMarks.map((y) => ({ y, length: mmToPt(5) })),
    { y: geometry.holeMark, length: mmToPt(7) },
  ].map(({ y, length }) => ({
    type: 'line' as const,
    x1: mmToPt(4),
    y1: y,
    x2: mmToPt(4) + length,
    y2: y,
    lineWidth: 0.4,
    lineColor: colors.rule,
  })),
});

/** Moves page 1's flow from the top margin (`top`) down to below the address field. */
const firstPageSpacer = (geometry: PageGeometry, top: number): Content => ({
  text: '',
  margin: [0, Math.max(0, geometry.firstBodyTop - top), 0, 0],
});

/** The blocks' flow in order; content meant `besidePrevious` shares a row with the block before it. */
const composeFlow = (outputs: readonly BlockOutput[]): Content[] => {
  const parts: Content[][] = [];
  for (const output of outputs) {
    const previous = parts.at(-1);
    if (output.besidePrevious && previous && previous.length > 0) {
      const { width, content } = output.besidePrevious;
      parts[parts.length - 1] = [
        {
          columns: [
            { width: '*', stack: previous },
            { width, stack: [content] },
          ],
          columnGap: mmToPt(6),
        },
      ];
    } else if (output.besidePrevious) {
      parts.push([output.besidePrevious.content]);
    }
    if (output.flow && output.flow.length > 0) parts.push(output.flow);
  }
  return withoutTrailingMargin(parts.flat());
};

/** pdfmake starts a blank page for a bottom margin that no longer fits, so the last one is dropped. */
const withoutTrailingMargin = (flow: Content[]): Content[] => {
  const last = flow.at(-1);
  if (!last || typeof last !== 'object' || Array.isArray(last) || !('margin' in last)) return flow;
  const margin = last.margin;
  if (!Array.isArray(margin) || margin.length !== 4) return flow;
  return [...flow.slice(0, -1), { ...last, margin: [margin[0], margin[1], margin[2], 0] }];
};

type DocumentOptions = Readonly<{ pagination: Pagination }>;

export const documentDefinition = (input: PdfDocumentInput, { pagination }: DocumentOptions): TDocumentDefinitions => {
  const { page } = input.template;
  const geometry = pageGeometry(page);
  const format = pdfFormat(input);
  const fontSize = page.fontSize;
  const outputs = input.template.blocks.map((block, blockIndex) =>
    renderBlock(block, { input, format, geometry, fontSize, blockIndex, pagination }),
  );
  const firstPage = outputs.flatMap((output) => output.firstPage ?? []);
  const { margins } = geometry;
  // The probe keeps room for the carry rows that will close and open each page (positions-table.ts);
  // page 1's flow still starts where it will in the end.
  const reserve = pagination.kind === 'probe' ? carryRowReserve(fontSize) : 0;
  const top = margins.top + reserve;
  const spacer = firstPage.length > 0 ? [firstPageSpacer(geometry, top)] : [];
  const pageMargins: [number, number, number, number] = [margins.left, top, margins.right, margins.bottom + reserve];
  const header = page.runningHeader;
  const createdAt = new Date(input.meta.createdAt);

  if (pagination.kind === 'probe') {
    // Only what can move a table row: the flow up to the last positions table. Page 1's fixed
    // parts, header, footer and marks sit outside the flow.
    const lastTable = input.template.blocks.findLastIndex((block) => block.kind === 'positionsTable');
    return {
      pageSize: 'A4',
      pageMargins,
      defaultStyle: { font: fontFamily, fontSize, lineHeight: 1.15 },
      content: [...spacer, ...composeFlow(outputs.slice(0, lastTable + 1))],
    };
  }

  const footers = outputs.flatMap((output) => (output.footer ? [output.footer] : []));
  const images = Object.assign({}, ...outputs.map((output) => output.images ?? {}));
  return {
    pageSize: 'A4',
    pageMargins,
    info: {
      title: input.meta.title,
      author: input.company.name,
      creator: 'Kontor',
      producer: 'Kontor (pdfmake)',
      creationDate: createdAt,
      modDate: createdAt,
    },
    defaultStyle: { font: fontFamily, fontSize, lineHeight: 1.15, color: colors.text },
    images,
    content: [...firstPage, ...spacer, ...composeFlow(outputs)],
    background: (current) => (current === 1 && page.foldMarks ? foldMarks(geometry) : null),
    header: (current, pages) =>
      header && current >= header.fromPage
        ? {
            margin: [margins.left, mmToPt(10), margins.right, 0],
            fontSize: fontSize - 2,
            color: colors.muted,
            columns: [
              { width: '*', text: format.fill(header.text) },
              { width: 'auto', text: pageLabel({ page: current, pages }) },
            ],
          }
        : null,
    footer: (current, pages) => ({
      margin: [margins.left, mmToPt(2), margins.right, 0],
      stack: [
        ...(page.pageNumbersInFooter && !(header && current >= header.fromPage)
          ? [
              {
                text: pageLabel({ page: current, pages }),
                fontSize: 7,
                color: colors.muted,
                alignment: 'right' as const,
                margin: [0, 0, 0, 3] as [number, number, number, number],
              },
            ]
          : []),
        ...footers.map((footer) => footer({ page: current, pages })),
      ],
    }),
  };
};
