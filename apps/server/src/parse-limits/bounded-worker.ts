import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort, type Transferable, Worker, type WorkerOptions } from 'node:worker_threads';
import { parseLimits } from './limits';

/**
 * Parsing an upload off the request thread (issue 28 item 1: an 8 MB XML of a million elements
 * held `/healthz` for 6 s). One worker per process does the jobs one after another, so a flood of
 * uploads cannot start many; a job that runs too long ends its worker (the next job starts a new
 * one), the worker's heap is capped, and jobs beyond a short queue are refused at once.
 */

type WorkerLimits = Readonly<{ millis: number; heapMb: number; queue: number }>;

/** Why a job did not finish: it ran too long, its worker died (out of memory), or the queue was full. */
export class WorkerLimitError extends Error {
  constructor(readonly reason: 'timeout' | 'crashed' | 'busy') {
    super(`parse worker: ${reason}`);
  }
}

type FromWorker = { kind: 'ready' } | { kind: 'done'; value: unknown } | { kind: 'failed'; message: string };

type Job = {
  input: unknown;
  transfer: readonly Transferable[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

type BoundedWorker<I, O> = Readonly<{
  /** Runs one job; `transfer` hands buffers over without copying them (they are unusable here afterwards). */
  run: (input: I, transfer?: readonly Transferable[]) => Promise<O>;
  /** Ends the worker (a later job starts a new one). */
  close: () => Promise<void>;
}>;

/**
 * How to start `entry` (a module next to the caller, named as in the sources): from the sources
 * (tests, `npm run dev`) through the tsx loader, which Node 20 does not hand on to workers; from
 * the built server (scripts/build-server.mjs bundles the entry beside main.js) as plain JavaScript.
 */
const startOf = (entry: URL): { file: URL; options: WorkerOptions } => {
  if (existsSync(fileURLToPath(entry))) {
    return {
      file: new URL('./worker-boot.mjs', import.meta.url),
      options: { workerData: { entry: entry.href }, execArgv: [] },
    };
  }
  return { file: new URL(entry.href.replace(/\.ts$/, '.js')), options: {} };
};

/** A worker that has not said it is ready by then did not start (a cold start under tsx takes about a second). */
const startMillis = 30_000;

export const boundedWorker = <I, O>(entry: URL, limits: WorkerLimits = defaultLimits): BoundedWorker<I, O> => {
  let worker: Worker | undefined;
  let ready = false;
  let starting: NodeJS.Timeout | undefined;
  let current: (Job & { timer: NodeJS.Timeout }) | undefined;
  const waiting: Job[] = [];

  /** Ends the worker; its job fails with `reason`, and so do the waiting ones when it never started. */
  const end = (reason: WorkerLimitError) => {
    const stopped = worker;
    const wasReady = ready;
    worker = undefined;
    ready = false;
    clearTimeout(starting);
    void stopped?.terminate();
    const job = current;
    current = undefined;
    if (job) {
      clearTimeout(job.timer);
      job.reject(reason);
    }
    // A worker that cannot start would fail every job: answer them now instead of starting it again and again.
    if (!wasReady) for (const waiter of waiting.splice(0)) waiter.reject(reason);
    next();
  };

  const spawn = (): Worker => {
    const { file, options } = startOf(entry);
    const started = new Worker(file, {
      ...options,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    starting = setTimeout(() => {
      if (started === worker) end(new WorkerLimitError('crashed'));
    }, startMillis);
    starting.unref();
    started.on('message', (message: FromWorker) => {
      if (started !== worker) return;
      if (message.kind === 'ready') {
        clearTimeout(starting);
        ready = true;
        next();
        return;
      }
      const job = current;
      current = undefined;
      if (job) {
        clearTimeout(job.timer);
        if (message.kind === 'done') job.resolve(message.value);
        else job.reject(new Error(message.message));
      }
      next();
    });
    // Out of memory, an error outside a job, or an exit: the worker is gone.
    started.on('error', () => {
      if (started === worker) end(new WorkerLimitError('crashed'));
    });
    started.on('exit', () => {
      if (started === worker) end(new WorkerLimitError('crashed'));
    });
    return started;
  };

  const next = () => {
    if (!current && waiting.length > 0) {
      worker ??= spawn();
      // The time limit counts from the job's start, not from the worker's (a cold start loads the parser).
      const job = ready ? waiting.shift() : undefined;
      if (worker && job) {
        current = { ...job, timer: setTimeout(() => end(new WorkerLimitError('timeout')), limits.millis) };
        worker.postMessage(job.input, job.transfer);
      }
    }
    // A worker with work keeps the process alive until it answers; an idle one does not.
    if (current || waiting.length > 0) worker?.ref();
    else worker?.unref();
  };

  return {
    run: (input, transfer = []) =>
      new Promise<O>((resolve, reject) => {
        if (waiting.length >= limits.queue) {
          reject(new WorkerLimitError('busy'));
          return;
        }
        waiting.push({ input, transfer, resolve: resolve as (value: unknown) => void, reject });
        next();
      }),
    close: async () => {
      const stopped = worker;
      for (const waiter of waiting.splice(0)) waiter.reject(new WorkerLimitError('crashed'));
      end(new WorkerLimitError('crashed'));
      await stopped?.terminate();
    },
  };
};

const defaultLimits: WorkerLimits = {
  millis: parseLimits.workerMillis,
  heapMb: parseLimits.workerHeapMb,
  queue: parseLimits.workerQueue,
};

/** The worker's side: answers each job with `handle`'s result (which must survive structured cloning). */
export const serveJobs = <I, O>(handle: (input: I) => O | Promise<O>): void => {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs in a worker thread only');
  port.on('message', async (input: I) => {
    let answer: FromWorker;
    try {
      answer = { kind: 'done', value: await handle(input) };
    } catch (error) {
      answer = { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer);
  });
  port.postMessage({ kind: 'ready' } satisfies FromWorker);
};
