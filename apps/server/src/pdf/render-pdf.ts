import type { Readable } from 'node:stream';
import { positionRowId, tableRows } from './blocks/positions-table';
import { documentDefinition } from './document-definition';
import type { PdfDocumentInput } from './pdf-input';
import { collectBytes, type PdfKitDocument, printDocument } from './pdfmake-printer';

/**
 * The PDF engine's entry: plain data in (`PdfDocumentInput`), PDF bytes out. No file system, no
 * network, no clock: the same input gives the same bytes, because the document's CreationDate,
 * ModDate and therefore its file ID (pdfkit derives it from the info dictionary) come from
 * `input.meta`, fonts are embedded as deterministic subsets and streams are deflated the same
 * way every time. A frozen document's SHA-256 can thus be checked by rendering it again with the
 * same pdfmake version.
 *
 * A document with a positions table is laid out twice: a probe finds the page of every row
 * (pdfmake reports node positions to `pageBreakBefore`) and is abandoned before drawing, then the
 * real layout splits the table at those pages and adds the "Übertrag" rows.
 */

/** Thrown from the probe's callback once every row's page is known, to skip drawing the probe. */
class ProbeComplete extends Error {}

const tableRowIds = (input: PdfDocumentInput): Set<string> =>
  new Set(
    input.template.blocks.flatMap((block, blockIndex) =>
      block.kind === 'positionsTable' && block.carryForward
        ? tableRows(input.positions).map((_, rowIndex) => positionRowId(blockIndex, rowIndex))
        : [],
    ),
  );

/** The page each table row lands on, by row id; empty when there is no table to split. */
const probeRowPages = async (input: PdfDocumentInput): Promise<Map<string, number>> => {
  const wanted = tableRowIds(input);
  const pages = new Map<string, number>();
  if (wanted.size === 0) return pages;
  const definition = documentDefinition(input, { pagination: { kind: 'probe' } });
  definition.pageBreakBefore = (node) => {
    if (node.id !== undefined && wanted.has(node.id)) {
      pages.set(node.id, node.startPosition.pageNumber);
      if (pages.size === wanted.size) throw new ProbeComplete();
    }
    return false;
  };
  try {
    await printDocument(definition);
  } catch (error) {
    if (!(error instanceof ProbeComplete)) throw error;
  }
  return pages;
};

const layOut = async (input: PdfDocumentInput): Promise<PdfKitDocument> => {
  const rowPages = await probeRowPages(input);
  return printDocument(documentDefinition(input, { pagination: { kind: 'final', rowPages } }));
};

/** The PDF as bytes (starting with "%PDF-"). */
export const renderPdf = async (input: PdfDocumentInput): Promise<Buffer> => collectBytes(await layOut(input));

/** The PDF as a stream, for an HTTP response; the layout is done before the first byte flows. */
export const renderPdfToStream = async (input: PdfDocumentInput): Promise<Readable> => {
  const doc = await layOut(input);
  doc.end();
  return doc;
};
