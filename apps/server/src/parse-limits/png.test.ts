import zlib from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { sampleInput } from '../../test/pdf-samples';
import { renderPdf } from '../pdf/render-pdf';
import { invoiceTemplate } from '../pdf/templates/invoice-template';
import { pngIsSafeToEmbed } from './png';
import { zerosDeflated } from './testing/bombs';

const chunk = (type: string, data: Uint8Array, length = data.length): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

type Header = { width: number; height: number; depth?: number; colour?: number; interlaced?: boolean };

/** A PNG from its header and its (already deflated) image data; `extra` chunks go before IDAT. */
const pngOf = (h: Header, idat: Uint8Array, extra: Buffer[] = []): Buffer => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(h.width, 0);
  ihdr.writeUInt32BE(h.height, 4);
  ihdr[8] = h.depth ?? 8;
  ihdr[9] = h.colour ?? 6;
  ihdr[12] = h.interlaced ? 1 : 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...extra,
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** An RGBA image as a signature pad draws it: rows with filter byte 0, dark strokes on transparency. */
const rgba = (width: number, height: number, filter = 0) => {
  const rows = Buffer.alloc((1 + width * 4) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (1 + width * 4)] = filter;
    for (let x = 0; x < width; x++)
      if ((x + y) % 7 === 0) rows.writeUInt32BE(0x202040ff, y * (1 + width * 4) + 1 + x * 4);
  }
  return pngOf({ width, height }, zlib.deflateSync(rows));
};

const hostile = {
  // A chunk length with the top bit set: png-js reads it as negative and walks backwards for ever.
  negativeLength: Buffer.concat([rgba(4, 4).subarray(0, 33), chunk('tEXt', Buffer.from('x'), 0xfffffff0)]),
  // 20,000 × 20,000 RGBA from 20 KB: 1.6 GB of pixels, inflated without limit.
  huge: pngOf({ width: 20_000, height: 20_000 }, zerosDeflated(20)),
  // A damaged stream: png-js throws inside zlib's callback, which ends the process.
  corrupt: pngOf({ width: 10, height: 10 }, Buffer.from('kein deflate')),
  // A row filter png-js does not know: thrown inside the same callback.
  badFilter: rgba(10, 10, 9),
  // Small dimensions, but the data inflates far beyond what the rows use.
  oversizedData: pngOf({ width: 10, height: 10 }, zerosDeflated(16)),
  // tRNS after an alpha colour type: png-js does not skip its bytes and loses its place.
  transparencyWithAlpha: pngOf({ width: 4, height: 4 }, zlib.deflateSync(Buffer.alloc(4 * 17)), [
    chunk('tRNS', Buffer.from([0, 0])),
  ]),
};

describe('pngIsSafeToEmbed', () => {
  test('accepts what signature pads and logos are: RGBA, RGB, palette, grey, interlaced', () => {
    expect(pngIsSafeToEmbed(rgba(600, 200))).toBe(true);
    expect(pngIsSafeToEmbed(pngOf({ width: 3, height: 2, colour: 2 }, zlib.deflateSync(Buffer.alloc(2 * 10))))).toBe(
      true,
    );
    const palette = chunk('PLTE', Buffer.from([0, 0, 0, 255, 255, 255]));
    const indexed = pngOf({ width: 8, height: 2, colour: 3, depth: 1 }, zlib.deflateSync(Buffer.alloc(4)), [
      palette,
      chunk('tRNS', Buffer.from([0])),
    ]);
    expect(pngIsSafeToEmbed(indexed)).toBe(true);
    // Interlaced 2 × 2 grey: passes 1, 6 and 7 hold rows (one filter byte each).
    const interlaced = pngOf({ width: 2, height: 2, colour: 0, interlaced: true }, zlib.deflateSync(Buffer.alloc(6)));
    expect(pngIsSafeToEmbed(interlaced)).toBe(true);
  });

  test.each(Object.entries(hostile))('refuses %s', (_name, bytes) => {
    expect(pngIsSafeToEmbed(bytes)).toBe(false);
  });

  test('refuses what is no PNG, and dimensions whose pixels pass the cap', () => {
    expect(pngIsSafeToEmbed(Buffer.from('GIF89a'))).toBe(false);
    expect(pngIsSafeToEmbed(rgba(600, 200).subarray(0, 50))).toBe(false);
    expect(pngIsSafeToEmbed(rgba(64, 64), 64 * 64 * 4 - 1)).toBe(false);
  });
});

describe('PDF export with a hostile signature (a query form answer lands in the record)', () => {
  const withSignature = (png: Buffer) => {
    const input = sampleInput();
    return {
      ...input,
      template: {
        ...invoiceTemplate,
        blocks: [...invoiceTemplate.blocks, { kind: 'signature' as const, field: 'sign', label: 'Unterschrift Kunde' }],
      },
      record: { ...input.record, sign: `data:image/png;base64,${png.toString('base64')}` },
    };
  };

  // Before, the first took the process down and the second held it for seconds at gigabytes.
  test.each(['corrupt', 'huge', 'badFilter'] as const)('renders without the image: %s', async (name) => {
    const started = performance.now();
    const pdf = await renderPdf(withSignature(hostile[name]));
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(Buffer.from(pdf).toString('latin1')).not.toMatch(/\/Subtype \/Image[^>]*\/SMask/);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  test('a sound drawn signature is still embedded', async () => {
    const pdf = Buffer.from(await renderPdf(withSignature(rgba(120, 40)))).toString('latin1');
    expect(pdf).toMatch(/\/SMask/);
  });
});
