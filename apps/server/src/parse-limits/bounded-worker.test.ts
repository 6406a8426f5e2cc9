import { afterAll, describe, expect, test } from 'vitest';
import { boundedWorker, WorkerLimitError } from './bounded-worker';
import type { SampleJob } from './testing/sample-worker';

const entry = new URL('./testing/sample-worker.ts', import.meta.url);
const worker = boundedWorker<SampleJob, unknown>(entry, { millis: 400, heapMb: 32, queue: 2 });
afterAll(() => worker.close());

const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => 'finished',
    (error: unknown) => (error instanceof WorkerLimitError ? error.reason : String(error)),
  );

/** The longest the event loop was late while `work` ran, sampled every 10 ms. */
const loopLag = async (work: Promise<unknown>) => {
  let worst = 0;
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  while (!done) {
    const asked = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
    worst = Math.max(worst, performance.now() - asked - 10);
  }
  await settled.catch(() => {});
  return worst;
};

describe('boundedWorker', { timeout: 60_000 }, () => {
  test('answers jobs, and hands buffers over without copying', async () => {
    expect(await worker.run({ kind: 'echo', value: { a: [1, 'zwei'] } })).toEqual({ a: [1, 'zwei'] });
    const bytes = Uint8Array.from([1, 2, 3]);
    expect(await worker.run({ kind: 'sum', bytes }, [bytes.buffer])).toBe(6);
    expect(bytes.byteLength).toBe(0);
  });

  test('a job that throws fails alone; the worker goes on', async () => {
    await expect(worker.run({ kind: 'throw' })).rejects.toThrow('kaputt');
    expect(await worker.run({ kind: 'echo', value: 1 })).toBe(1);
  });

  test('a job past the time limit is stopped while the event loop stays free; the next job gets a new worker', async () => {
    const started = performance.now();
    const spin = reason(worker.run({ kind: 'spin' }));
    expect(await loopLag(spin)).toBeLessThan(100);
    expect(await spin).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await worker.run({ kind: 'echo', value: 'wieder da' })).toBe('wieder da');
  });

  test('a job that takes more memory than the heap limit ends its worker, not the process', async () => {
    // A long time limit: the heap limit must be what stops it.
    const patient = boundedWorker<SampleJob, unknown>(entry, { millis: 30_000, heapMb: 32, queue: 1 });
    try {
      expect(await reason(patient.run({ kind: 'hog' }))).toBe('crashed');
      expect(await patient.run({ kind: 'echo', value: 2 })).toBe(2);
    } finally {
      await patient.close();
    }
  });

  test('jobs beyond the queue are refused at once', async () => {
    const running = reason(worker.run({ kind: 'spin' }));
    // Let the spin job start, so the two after it wait in the queue.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = [reason(worker.run({ kind: 'echo', value: 1 })), reason(worker.run({ kind: 'echo', value: 2 }))];
    expect(await reason(worker.run({ kind: 'echo', value: 3 }))).toBe('busy');
    expect(await running).toBe('timeout');
    expect(await Promise.all(waiting)).toEqual(['finished', 'finished']);
  });

  test('a worker that cannot start fails its jobs instead of being started again and again', async () => {
    const broken = boundedWorker(new URL('./testing/missing-worker.ts', import.meta.url), {
      millis: 400,
      heapMb: 32,
      queue: 2,
    });
    expect(await reason(broken.run({}))).toBe('crashed');
    await broken.close();
  });
});
