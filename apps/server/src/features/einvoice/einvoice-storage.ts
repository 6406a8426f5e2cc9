import type { AnyStorage } from '../../storage/create-storage';
import { maxEinvoiceImportBytes } from './einvoice-import';

/**
 * A stored object's bytes, at most the import's limit (the row's size was checked before), in
 * one buffer of their own that the import hands to its worker without a copy. The buffer is made
 * at the row's size and filled chunk by chunk as they arrive: joining 8 MiB of chunks at the end,
 * and copying them again for the worker, held the thread for some 60 ms (issue 28 item 1).
 */
export const readStoredBytes = async (storage: AnyStorage, key: string, size: number): Promise<Uint8Array> => {
  const { body } = await storage.get(key, { start: 0, end: maxEinvoiceImportBytes });
  let out = new Uint8Array(Math.min(Math.max(size, 0), maxEinvoiceImportBytes + 1));
  let at = 0;
  for await (const chunk of body) {
    const bytes = chunk as Uint8Array;
    if (at + bytes.length > out.length) {
      // More than the row said (never for an upload, whose length is checked): grow, still bounded by the range.
      const grown = new Uint8Array(Math.min(maxEinvoiceImportBytes + 1, Math.max(out.length * 2, at + bytes.length)));
      grown.set(out.subarray(0, at));
      out = grown;
    }
    const taken = bytes.subarray(0, out.length - at);
    out.set(taken, at);
    at += taken.length;
  }
  return at === out.length ? out : out.slice(0, at);
};
