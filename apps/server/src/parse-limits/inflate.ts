import zlib from 'node:zlib';
import { parseLimits } from './limits';

/** The data unpacks (or nests) beyond the limits: refused, not read further. */
export class TooLargeError extends Error {}

/** The data is broken or uses an encoding the capped reader does not read. */
export class UnreadableError extends Error {}

/**
 * The bytes one file may still inflate to, shared by every stream and filter level read for it:
 * a bomb hides behind chained filters, each harmless alone (issue 28 item 1).
 */
export class InflateBudget {
  #left: number;

  constructor(total: number = parseLimits.inflatedBytes) {
    this.#left = total;
  }

  get left(): number {
    return this.#left;
  }

  take(bytes: number): void {
    if (bytes > this.#left) throw new TooLargeError(`inflates beyond ${parseLimits.inflatedBytes} bytes`);
    this.#left -= bytes;
  }
}

const tooLarge = (error: unknown) =>
  error instanceof RangeError || (error as { code?: string } | null)?.code === 'ERR_BUFFER_TOO_LARGE';

/**
 * Inflates zlib (or, from sloppy producers, raw deflate) data, stopping as soon as the output
 * passes what the budget has left: zlib's `maxOutputLength` ends the work at the cap instead of
 * after it. A stream cut short gives what it holds, as PDF readers do.
 */
export const inflateCapped = (data: Uint8Array, budget: InflateBudget): Buffer => {
  if (budget.left <= 0) throw new TooLargeError('inflate budget spent');
  const options = { maxOutputLength: budget.left, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  let out: Buffer;
  try {
    out = zlib.inflateSync(data, options);
  } catch (error) {
    if (tooLarge(error)) throw new TooLargeError('inflates beyond the limit');
    // Only a wrong header is retried as raw deflate: it fails on the first two bytes, so the
    // budget is never spent twice on the same data.
    if (!/header/i.test(String((error as Error).message))) throw new UnreadableError('not deflate data');
    try {
      out = zlib.inflateRawSync(data, options);
    } catch (raw) {
      if (tooLarge(raw)) throw new TooLargeError('inflates beyond the limit');
      throw new UnreadableError('not deflate data');
    }
  }
  budget.take(out.length);
  return out;
};
