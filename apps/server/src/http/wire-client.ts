import { Worker } from 'node:worker_threads';

/** For tests: one request over a real socket, from a client thread of its own (wire-client.worker.mjs). */
export type WireRequest = Readonly<{
  port: number;
  /** POST unless given. */
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** The body as it is sent; without it `size` bytes of filler. */
  body?: string;
  size?: number;
  /** Chunked framing without a length instead of Content-Length. */
  chunked?: boolean;
  /** Bytes per write (64 KiB) and the pause between writes (none). */
  chunk?: number;
  pauseMs?: number;
  /** The client gives up after this long (60 s). */
  timeoutMs?: number;
}>;

export type WireAnswer = { status: number; headers: Record<string, string>; body: string };

export type WireOutcome = {
  /** The answer, once its head and its whole Content-Length body had arrived. */
  answer?: WireAnswer;
  /** The socket's first error (EPIPE, ECONNRESET), and whether it came before the complete answer. */
  error?: string;
  errorBeforeAnswer: boolean;
  /** Body bytes the client wrote. */
  sent: number;
  /** From connecting until the connection closed. */
  tookMs: number;
};

/** A client thread for requests over the wire; `close` ends it. */
export const wireClient = () => {
  const worker = new Worker(new URL('./wire-client.worker.mjs', import.meta.url));
  const pending = new Map<number, (outcome: WireOutcome) => void>();
  let next = 0;
  worker.on('message', ({ id, outcome }: { id: number; outcome: WireOutcome }) => {
    pending.get(id)?.(outcome);
    pending.delete(id);
  });
  return {
    send: (request: WireRequest) =>
      new Promise<WireOutcome>((resolve) => {
        const id = next++;
        pending.set(id, resolve);
        worker.postMessage({ id, request });
      }),
    close: () => worker.terminate(),
  };
};
