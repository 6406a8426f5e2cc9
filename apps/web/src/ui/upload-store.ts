import { useSyncExternalStore } from 'react';

/**
 * The browser's upload list (spec 01 §3 "Upload", §4 upload states). The file manager fills it and
 * runs the queue; the shell's top bar only shows it. Kept outside React so uploads survive
 * navigation between screens.
 */
export type UploadStatus = 'preparing' | 'prepared' | 'start-uploading' | 'uploading' | 'upload-finished' | 'failed';

type Upload = Readonly<{
  /** 10 random alphanumeric characters, made by the browser (spec 01 §9). */
  id: string;
  status: UploadStatus;
  filename: string;
  filesize: number;
  /** The server's file id, once prepared. */
  file_id: string | null;
  file: File | null;
  upload_percent: number;
  /** Why it failed, in the server's words when it gave some (a size limit, the quota). */
  error?: string | null;
  /** Starts a failed upload again as a new entry (a dropped connection, not a refusal). */
  retry?: () => void;
}>;

const uploadIdLength = 10;
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const newUploadId = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(uploadIdLength));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};

let uploads: readonly Upload[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const uploadStore = {
  get: (): readonly Upload[] => uploads,
  add(upload: Upload): void {
    uploads = [...uploads, upload];
    emit();
  },
  update(id: string, changes: Partial<Omit<Upload, 'id'>>): void {
    uploads = uploads.map((u) => (u.id === id ? { ...u, ...changes } : u));
    emit();
  },
  remove(id: string): void {
    uploads = uploads.filter((u) => u.id !== id);
    emit();
  },
  clear(): void {
    uploads = [];
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useUploads = (): readonly Upload[] =>
  useSyncExternalStore(uploadStore.subscribe, uploadStore.get, uploadStore.get);
