/**
 * Work a request starts but does not wait for (e.g. the mail of forgot-pw, so a known address
 * answers as fast as an unknown one). Failures are logged, never lost silently; `idle` lets
 * shutdown and tests wait until everything started has finished.
 */
export type Background = Readonly<{
  run: (name: string, task: () => Promise<unknown>) => void;
  idle: () => Promise<void>;
}>;

export const createBackground = (warn: (obj: object, msg: string) => void): Background => {
  const running = new Set<Promise<unknown>>();
  return {
    run: (name, task) => {
      // Started on the next turn of the event loop, after the answer that started it went out: the
      // embedded database (PGlite) runs its queries on this thread, and work begun at once would
      // hold the answer back by as long as it takes (a timing difference the caller could see).
      const p = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) =>
          warn({ task: name, error: err instanceof Error ? err.message : String(err) }, 'background task failed'),
        )
        .finally(() => running.delete(p));
      running.add(p);
    },
    idle: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
};
