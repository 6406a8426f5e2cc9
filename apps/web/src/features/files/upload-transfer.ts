/**
 * One PUT of bytes to a signed URL with progress (XMLHttpRequest: fetch reports no upload
 * progress). Rejects with a TransferError on a network failure or a refusal.
 */
export class TransferError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'TransferError';
    this.status = status;
  }
}

export const putWithProgress = (
  url: string,
  headers: Readonly<Record<string, string>>,
  body: Blob,
  onProgress: (loaded: number) => void,
): Promise<void> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new TransferError(xhr.status, messageOf(xhr.responseText) ?? `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new TransferError(0, 'network error'));
    xhr.ontimeout = () => reject(new TransferError(0, 'timeout'));
    xhr.onabort = () => reject(new TransferError(0, 'aborted'));
    xhr.send(body);
  });

const messageOf = (text: string): string | undefined => {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : undefined;
  } catch {
    return undefined;
  }
};

/** A dropped connection or an overloaded server may heal; a refusal (4xx) will not. */
const isRetryable = (error: unknown): boolean =>
  error instanceof TransferError && (error.status === 0 || error.status >= 500);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tries a part again after 1, 3 and 9 seconds when the connection dropped. */
export const withRetries = async <T>(
  work: () => Promise<T>,
  delays: readonly number[] = [1000, 3000, 9000],
): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !isRetryable(error)) throw error;
      await pause(delay);
    }
  }
};
