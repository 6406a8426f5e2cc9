import { serveJobs } from '../bounded-worker';

/** A worker for the tests of bounded-worker.ts: each job says how to behave. */
export type SampleJob =
  | { kind: 'echo'; value: unknown }
  | { kind: 'sum'; bytes: Uint8Array }
  | { kind: 'spin' }
  | { kind: 'hog' }
  | { kind: 'throw' };

serveJobs<SampleJob, unknown>((job) => {
  switch (job.kind) {
    case 'echo':
      return job.value;
    case 'sum':
      return job.bytes.reduce((sum, b) => sum + b, 0);
    case 'spin':
      for (;;) {
        // Busy for ever: only the time limit ends it.
      }
    case 'hog': {
      const kept: number[][] = [];
      for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i * Math.random()));
    }
    case 'throw':
      throw new Error('kaputt');
  }
});
