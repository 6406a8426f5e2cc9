import type { AnyStorage } from '../../storage/create-storage';
import { maxEinvoiceImportBytes } from './einvoice-import';

/** A stored object's bytes, at most the import's limit (the row's size was checked before). */
export const readStoredBytes = async (storage: AnyStorage, key: string): Promise<Uint8Array> => {
  const { body } = await storage.get(key, { start: 0, end: maxEinvoiceImportBytes });
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
