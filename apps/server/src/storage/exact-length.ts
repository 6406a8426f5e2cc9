import { Readable, Transform } from 'node:stream';
import { StorageError } from './storage';

/**
 * Passes exactly `size` bytes on, or fails: `too_large` as soon as one byte more arrives,
 * `incomplete` when the source ends early. The latest chunk is held back until the source has
 * ended, so a consumer that commits when it has seen `size` bytes (S3 does at Content-Length)
 * never commits a body that turns out to be too long.
 */
export const exactLength = (size: number): Transform => {
  let received = 0;
  let held: Buffer | undefined;
  return new Transform({
    // Above a socket chunk (64 KiB), unlike the default 16 KiB; 1 MiB still keeps memory flat.
    highWaterMark: 1024 * 1024,
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > size) return callback(new StorageError('too_large', `body longer than ${size} bytes`));
      const previous = held;
      held = chunk;
      callback(null, previous);
    },
    flush(callback) {
      if (received < size)
        return callback(new StorageError('incomplete', `body ended after ${received} of ${size} bytes`));
      callback(null, held);
    },
  });
};

/** A Uint8Array as a stream, so both drivers have one path for buffers and streams. */
export const toReadable = (body: Readable | Uint8Array): Readable =>
  body instanceof Uint8Array ? Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]) : body;
