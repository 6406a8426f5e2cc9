import zlib from 'node:zlib';
import { PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';

/**
 * Hostile files for the tests of the parse limits (issue 28 item 1), built in milliseconds: no
 * gibibyte is ever compressed or held.
 */

const mib = 1024 * 1024;

/**
 * zlib data that inflates to `mebibytes` MiB of zeros: one MiB compressed and fully flushed (so
 * it refers to nothing before it), repeated, then an empty final block and the checksum.
 */
export const zerosDeflated = (mebibytes: number): Buffer => {
  const oneMib = zlib.deflateRawSync(Buffer.alloc(mib), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const adler = Buffer.alloc(4);
  // Adler-32 of n zeros: a stays 1, b is n mod 65521.
  adler.writeUInt16BE((mebibytes * mib) % 65521, 0);
  adler.writeUInt16BE(1, 2);
  return Buffer.concat([
    Buffer.from([0x78, 0x01]),
    ...Array.from({ length: mebibytes }, () => oneMib),
    Buffer.from([0x03, 0x00]),
    adler,
  ]);
};

/** 1 GiB of zeros behind two FlateDecode filters: a few kilobytes (the bomb). */
export const gibibyteBehindTwoFilters = (): Buffer => zlib.deflateSync(zerosDeflated(1024), { level: 9 });

type Attachment = Readonly<{
  name: string;
  /** The stream's bytes as stored (already encoded for `filters`). */
  stored: Uint8Array;
  filters?: readonly string[];
}>;

/**
 * A one-page PDF whose EmbeddedFiles name tree holds the attachments (and the catalog's AF array
 * names them, as in a ZUGFeRD PDF). `objectStreams: false` writes a classic cross-reference table.
 */
export const pdfWithAttachments = async (
  attachments: readonly Attachment[],
  options: { objectStreams?: boolean; kids?: boolean } = {},
): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  const pairs = attachments.map((a) => {
    const file = pdf.context.register(
      pdf.context.stream(a.stored, {
        Type: 'EmbeddedFile',
        Subtype: PDFName.of('text/xml'),
        ...(a.filters ? { Filter: a.filters.map((f) => PDFName.of(f)) } : {}),
      }),
    );
    const spec = pdf.context.register(
      pdf.context.obj({
        Type: 'Filespec',
        F: PDFString.of(a.name),
        UF: PDFHexString.fromText(a.name),
        AFRelationship: 'Alternative',
        EF: { F: file, UF: file },
      }),
    );
    return { key: PDFHexString.fromText(a.name), spec };
  });
  const leaf = (items: typeof pairs) => pdf.context.obj({ Names: items.flatMap((p) => [p.key, p.spec]) });
  const tree = options.kids
    ? pdf.context.obj({ Kids: pairs.map((p) => pdf.context.register(leaf([p]))) })
    : leaf(pairs);
  pdf.catalog.set(PDFName.of('Names'), pdf.context.obj({ EmbeddedFiles: tree }));
  pdf.catalog.set(PDFName.of('AF'), pdf.context.obj(pairs.map((p) => p.spec)));
  return pdf.save({ useObjectStreams: options.objectStreams ?? true });
};

/** An XML text of `count` elements under one root, about 8 bytes each. */
export const manyElements = (count: number, root = 'Invoice'): string =>
  `<?xml version="1.0" encoding="UTF-8"?><${root}>${'<a>1</a>'.repeat(count)}</${root}>`;
