/**
 * Starts a TypeScript worker entry when the server runs from its sources (tests, `npm run dev`):
 * Node 20 does not hand the tsx loader of the main thread on to a worker, so the worker loads it
 * itself. The built server starts its bundled entries directly (bounded-worker.ts).
 */
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
