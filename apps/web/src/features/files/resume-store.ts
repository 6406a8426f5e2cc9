/**
 * Large uploads survive a reload: the browser remembers which server file a local file was going
 * to (by environment, name, size and modification time) so choosing it again resumes the upload
 * where its parts stopped. A File itself cannot be kept across a reload, so the person picks it again.
 */
const storageKey = 'kontor.resumableUploads';

type Entry = Readonly<{ fileId: string; filename: string; savedAt: number }>;

/** Entries older than the server keeps an interrupted upload (24 h) are useless. */
const maxAgeMs = 24 * 60 * 60_000;

export const fingerprint = (envKey: string, file: Pick<File, 'name' | 'size' | 'lastModified'>) =>
  `${envKey}\u0000${file.name}\u0000${file.size}\u0000${file.lastModified}`;

const read = (): Record<string, Entry> => {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Record<string, Entry>;
    const now = Date.now();
    return Object.fromEntries(Object.entries(parsed).filter(([, e]) => now - e.savedAt < maxAgeMs));
  } catch {
    return {};
  }
};

const write = (entries: Record<string, Entry>) => {
  try {
    localStorage.setItem(storageKey, JSON.stringify(entries));
  } catch {
    // Storage full or blocked: the upload still works, it only cannot resume after a reload.
  }
};

export const resumeStore = {
  find: (key: string): Entry | undefined => read()[key],
  save: (key: string, fileId: string, filename: string) =>
    write({ ...read(), [key]: { fileId, filename, savedAt: Date.now() } }),
  forget: (key: string) => {
    const { [key]: _gone, ...rest } = read();
    write(rest);
  },
  /** Uploads of this environment that a reload interrupted (for the hint on the files page). */
  pending: (envKey: string): Entry[] =>
    Object.entries(read())
      .filter(([key]) => key.startsWith(`${envKey}\u0000`))
      .map(([, e]) => e),
};
