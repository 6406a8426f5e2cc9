import { ClientGoneError, DatabaseBusyError } from './errors';

/**
 * One turn at a time, first come first served, with a bounded wait. PGlite runs every statement
 * in the Node thread and cannot interrupt one, so its time budget is kept before work starts: a
 * request that waited longer than `maxWaitMs` for its turn is refused (DatabaseBusyError, 503)
 * instead of lengthening the backlog, and one whose client has gone is dropped unrun.
 */
export const turnGate = (maxWaitMs: number) => {
  let busy = false;
  const waiting: Array<() => void> = [];
  const next = () => {
    const wake = waiting.shift();
    if (wake) wake();
    else busy = false;
  };
  const acquire = (signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new ClientGoneError());
      if (!busy) {
        busy = true;
        return resolve();
      }
      const leave = (error: Error) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const at = waiting.indexOf(wake);
        if (at >= 0) waiting.splice(at, 1);
        reject(error);
      };
      const onAbort = () => leave(new ClientGoneError());
      const timer = setTimeout(() => leave(new DatabaseBusyError()), maxWaitMs);
      // The turn is handed over: `busy` stays true.
      const wake = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(wake);
    });
  return async <T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
    await acquire(signal);
    try {
      return await work();
    } finally {
      next();
    }
  };
};
