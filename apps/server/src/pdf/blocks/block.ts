import type { BlockKind, LayoutBlock } from '@kontor/contract/api/export-templates';
import type { Content } from 'pdfmake/interfaces';
import type { PageGeometry } from '../page-geometry';
import type { PdfFormat } from '../pdf-format';
import type { PdfDocumentInput } from '../pdf-input';

/**
 * What a block renderer gets and gives. A renderer is a pure function of its block's settings
 * and the document's data; it may contribute to three places: absolutely placed content on the
 * first page (letterhead zone, address field, information block), the body flow, and the
 * running footer.
 */

/**
 * How the positions table learns its page breaks: a first, aborted layout (`probe`) marks every
 * row and records the page it lands on; the real layout (`final`) then splits the table there
 * and adds the carried-forward subtotals. See render-pdf.ts.
 */
export type Pagination =
  | Readonly<{ kind: 'probe' }>
  | Readonly<{ kind: 'final'; rowPages: ReadonlyMap<string, number> }>;

export type BlockContext = Readonly<{
  input: PdfDocumentInput;
  format: PdfFormat;
  geometry: PageGeometry;
  fontSize: number;
  /** Position of the block in the template: makes ids unique when a kind appears twice. */
  blockIndex: number;
  pagination: Pagination;
}>;

export type PageSlot = Readonly<{ page: number; pages: number }>;

export type BlockOutput = Readonly<{
  firstPage?: Content[];
  flow?: Content[];
  /** Content set to the right of the preceding block's flow (fixed width), or below it if there is none. */
  besidePrevious?: Readonly<{ width: number; content: Content }>;
  footer?: (slot: PageSlot) => Content;
  /** Images by name (data URLs) the block's content refers to. */
  images?: Readonly<Record<string, string>>;
}>;

export type BlockOf<K extends BlockKind> = Extract<LayoutBlock, { kind: K }>;

export type BlockRenderer<K extends BlockKind> = (block: BlockOf<K>, context: BlockContext) => BlockOutput;

/** Text colours: body, secondary (labels, footer), rules. */
export const colors = { text: '#1a1a1a', muted: '#5c5c5c', rule: '#9a9a9a', hairline: '#d0d0d0' } as const;
