import { deflateRawSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { parseLimits } from '../parse-limits/limits';
import { octetStream, sniffBytes, sniffContentType } from './content-type';

const bytes = (...parts: Array<string | number[] | Buffer>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** A zip archive with one deflated entry (local header only, as a file's first bytes show it). */
const zipWith = (name: string, content: string) => {
  const data = deflateRawSync(Buffer.from(content));
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8); // deflate
  header.writeUInt32LE(0, 14); // crc (not checked by a sniffer)
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(Buffer.byteLength(content), 22);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name), data]);
};

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('sniffContentType', () => {
  test.each([
    ['pdf', bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'application/pdf'],
    ['png', png, 'image/png'],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]), 'image/jpeg'],
    ['gif', bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0]), 'image/gif'],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ', [0x18, 0, 0, 0]), 'image/webp'],
    ['zip', zipWith('hello.txt', 'hallo'), 'application/zip'],
    [
      'docx',
      zipWith(
        '[Content_Types].xml',
        '<?xml version="1.0"?><Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'xlsx',
      zipWith(
        '[Content_Types].xml',
        '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      ),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
  ])('recognises %s by its magic bytes', async (_name, input, expected) => {
    expect(await sniffContentType(input)).toBe(expected);
  });

  test('calls SVG text/xml, whatever stands before the root element', async () => {
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '\uFEFF<?xml version="1.0"?>\n<!-- x -->\n<!DOCTYPE svg>\n  <SVG onload="alert(1)"/>',
    ]) {
      expect(await sniffContentType(Buffer.from(svg))).toBe('text/xml');
    }
  });

  test('tells CSV from plain text and names the charset', async () => {
    expect(await sniffContentType(Buffer.from('Name;Ort;Betrag\nMüller;Köln;12,50\nSchulz;Ulm;3,00\n'))).toBe(
      'text/csv; charset=utf-8',
    );
    expect(await sniffContentType(Buffer.from('Name;Ort\nM\xfcller;K\xf6ln\n', 'latin1'))).toBe(
      'text/csv; charset=windows-1252',
    );
    expect(await sniffContentType(Buffer.from('Sehr geehrte Damen und Herren,\nanbei die Rechnung.'))).toBe(
      'text/plain; charset=utf-8',
    );
    // A multi-byte character cut off at the sample's end is still UTF-8.
    expect(await sniffContentType(Buffer.from('Grüße').subarray(0, 4))).toBe('text/plain; charset=utf-8');
  });

  test('does not trust what the uploader would claim: HTML is text, binary junk is octet-stream', async () => {
    expect(await sniffContentType(Buffer.from('<html><script>alert(1)</script></html>'))).toBe(
      'text/plain; charset=utf-8',
    );
    expect(await sniffContentType(bytes([0, 1, 2, 3, 0xff, 0xfe, 0x00, 0x10]))).toBe(octetStream);
    expect(await sniffContentType(new Uint8Array())).toBe(octetStream);
  });

  describe('inflates no more than the parse limits allow (issue 28 item 1)', () => {
    /** Runs `work` and counts what the global DecompressionStream (file-type's inflater) puts out meanwhile. */
    const inflatedDuring = async <T>(work: () => Promise<T>) => {
      const Original = globalThis.DecompressionStream;
      let inflated = 0;
      globalThis.DecompressionStream = class extends Original {
        constructor(format: CompressionFormat) {
          super(format);
          const counted = super.readable.pipeThrough(
            new TransformStream<Uint8Array, Uint8Array>({
              transform(chunk, controller) {
                inflated += chunk.length;
                controller.enqueue(chunk);
              },
            }),
          );
          Object.defineProperty(this, 'readable', { get: () => counted });
        }
      };
      try {
        return { result: await work(), inflated };
      } finally {
        globalThis.DecompressionStream = Original;
      }
    };

    test('a 20 KB gzip that would have file-type inflate 15 MiB (an ID3 tag to skip) is named from its magic bytes', async () => {
      const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
      const size = 15 * 1024 * 1024;
      id3.set([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f], 6);
      const gz = gzipSync(Buffer.concat([id3, Buffer.alloc(20 * 1024 * 1024)]), { level: 9 });
      expect(gz.length).toBeLessThan(sniffBytes);
      const { result, inflated } = await inflatedDuring(() => sniffContentType(gz));
      expect(result).toBe('application/gzip');
      expect(inflated).toBe(0);
    });

    test('a ZIP whose [Content_Types].xml inflates to 64 MiB: file-type stops at 1 MiB', async () => {
      const entry = zipWith('[Content_Types].xml', '');
      const data = deflateRawSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
      entry.writeUInt32LE(data.length, 18);
      // The header lies about the size, so file-type does inflate it (a truthful one it would skip).
      entry.writeUInt32LE(1000, 22);
      const zip = Buffer.concat([entry.subarray(0, 30 + '[Content_Types].xml'.length), data]);
      expect(zip.length).toBeLessThan(sniffBytes);
      const { result, inflated } = await inflatedDuring(() => sniffContentType(zip));
      expect(result).toBe('application/zip');
      expect(inflated).toBeGreaterThan(0);
      expect(inflated).toBeLessThanOrEqual(Math.min(1024 * 1024 + 64 * 1024, parseLimits.inflatedBytes));
    });
  });
});
