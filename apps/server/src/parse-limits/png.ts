import zlib from 'node:zlib';
import { parseLimits } from './limits';

const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Colour types and the bit depths each allows (PNG §11.2.2), with their samples per pixel. */
const colourTypes: Record<number, { depths: number[]; samples: number }> = {
  0: { depths: [1, 2, 4, 8, 16], samples: 1 },
  2: { depths: [8, 16], samples: 3 },
  3: { depths: [1, 2, 4, 8], samples: 1 },
  4: { depths: [8, 16], samples: 2 },
  6: { depths: [8, 16], samples: 4 },
};

/** Adam7's passes as png-js walks them: x0, y0, dx, dy. */
const adam7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Whether the PDF engine may embed these PNG bytes (a drawn signature, a logo). pdfkit reads PNGs
 * with png-js, which trusts the file: a chunk length with the top bit set walks backwards for ever,
 * an image with alpha is inflated without any limit into a buffer of width × height × 4 (a 20 KB
 * file declaring 20,000 × 20,000 pixels held the server for 24 s at 3.2 GB), and a damaged
 * stream or an unknown row filter throws inside a zlib callback, which ends the process
 * (issue 28 item 1). So the chunks are walked as png-js walks them, the pixel bytes capped, and
 * where pdfkit will decode the pixels (alpha, interlacing, a transparent palette) the data is
 * inflated here first, as png-js will, under the same cap, and every row filter checked.
 */
export const pngIsSafeToEmbed = (bytes: Uint8Array, maxPixelBytes: number = parseLimits.imagePixelBytes): boolean => {
  if (bytes.length < 8 || signature.some((b, i) => bytes[i] !== b)) return false;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let pos = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlaced: boolean } | undefined;
  let transparency = false;
  const data: Buffer[] = [];
  for (;;) {
    if (pos + 8 > view.length) return false;
    const length = view.readUInt32BE(pos);
    const type = view.toString('latin1', pos + 4, pos + 8);
    // png-js reads the length as a signed number; a "negative" one would send it backwards.
    if (length >= 2 ** 31 || pos + 12 + length > view.length) return false;
    const body = view.subarray(pos + 8, pos + 8 + length);
    if (type === 'IEND') break;
    if (type === 'IHDR') {
      // png-js reads 13 bytes whatever the length says: any other length misaligns it.
      if (header || length !== 13) return false;
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8] ?? 0,
        colour: body[9] ?? 0,
        interlaced: body[12] === 1,
      };
      if (body[10] !== 0 || body[11] !== 0 || (body[12] ?? 0) > 1) return false;
    } else if (!header) return false;
    else if (type === 'IDAT') data.push(body);
    // png-js skips a tRNS chunk's bytes only for colour types 0, 2 and 3 (the only ones it may follow).
    else if (type === 'tRNS') {
      if (header.colour === 4 || header.colour === 6) return false;
      transparency = true;
    }
    pos += 12 + length;
  }
  if (!header || data.length === 0) return false;
  const { width, height, depth, colour, interlaced } = header;
  const kind = colourTypes[colour];
  if (!kind?.depths.includes(depth) || width < 1 || height < 1 || width >= 2 ** 31 || height >= 2 ** 31) return false;
  const pixelBytes = (depth * kind.samples) / 8;
  // png-js's pixel buffer, and the filtered rows it reads (one filter byte each), pass by pass.
  if (width * height * Math.max(1, pixelBytes) > maxPixelBytes) return false;
  const passes = (interlaced ? adam7 : ([[0, 0, 1, 1]] as const)).map(([x0, y0, dx, dy]) => {
    const w = Math.max(0, Math.ceil((width - x0) / dx));
    return { rows: Math.max(0, Math.ceil((height - y0) / dy)), rowBytes: Math.ceil(pixelBytes * w) };
  });
  const filtered = passes.reduce((sum, p) => sum + p.rows * (1 + p.rowBytes), 0);
  if (filtered > maxPixelBytes) return false;
  const decoded = colour === 4 || colour === 6 || interlaced || (colour === 3 && transparency);
  if (!decoded) return true;

  // Inflated here first, as png-js will (a truncated stream fails alike), but no further than the rows reach.
  let rows: Buffer;
  try {
    rows = zlib.inflateSync(Buffer.concat(data), { maxOutputLength: Math.max(1, filtered) });
  } catch {
    return false;
  }
  let at = 0;
  for (const pass of passes) {
    for (let row = 0; row < pass.rows && at < rows.length; row++) {
      if ((rows[at] ?? 0) > 4) return false;
      at += 1 + pass.rowBytes;
    }
  }
  return true;
};
