import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';

/** A CRC-32 as PNG chunks need it. */
const crc32 = (bytes: Buffer) => {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
};

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
};

/**
 * A 16×16 PNG the server sniffs as image/png: `pixel(x, y)` gives each pixel's RGB; `padTo` pads
 * it with a text chunk to about that many bytes (uploads of a given size).
 */
export const pngOf = (pixel: (x: number, y: number) => [number, number, number], padTo = 0) => {
  const rows = Array.from({ length: 16 }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: 16 }, (_, x) => pixel(x, y)).flat()]),
  );
  const image = Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', Buffer.from([0, 0, 0, 16, 0, 0, 0, 16, 8, 2, 0, 0, 0])),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
  ]);
  const padding =
    padTo > 0
      ? chunk(
          'tEXt',
          Buffer.concat([
            Buffer.from('Comment\0'),
            randomBytes(Math.max(0, padTo - image.length - 32)).map((b) => 65 + (b % 26)),
          ]),
        )
      : Buffer.alloc(0);
  return Buffer.concat([image, padding, chunk('IEND', Buffer.alloc(0))]);
};
