/**
 * Runs autocannon in its own process (pinned to a core of its own by the bench where `taskset`
 * exists), so the load generator does not compete with the server inside one Node thread. Reads
 * its job from the JSON file named by argv[2]: url, token, connections, seconds, the bodies to cycle
 * through and an optional fixed rate.
 * Prints the result as one JSON line.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { pacedLoad } from './paced-load';

type Job = {
  url: string;
  token: string | null;
  connections: number;
  seconds: number;
  bodies: object[];
  /** Requests per second over all connections (the soak's fixed load); unset: as fast as it goes. */
  rate?: number;
  /** GET without a body (a public page); POST with the bodies by default. */
  method?: 'GET' | 'POST';
  /** With `rate`: evenly spaced requests (paced-load.ts) instead of autocannon's per-second bursts. */
  paced?: boolean;
};

const job = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as Job;
if (job.paced && job.rate) {
  console.log(JSON.stringify(await pacedLoad({ ...job, rate: job.rate })));
  process.exit(0);
}
let next = 0;
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.seconds,
  ...(job.rate ? { overallRate: job.rate } : {}),
  method: job.method ?? 'POST',
  headers:
    job.method === 'GET'
      ? { 'user-agent': 'Mozilla/5.0 (bench)' }
      : { 'content-type': 'application/json', ...(job.token ? { authorization: `Bearer ${job.token}` } : {}) },
  requests:
    job.method === 'GET'
      ? [{}]
      : [
          {
            setupRequest: (req) => {
              const body = job.bodies[next++ % job.bodies.length];
              return { ...req, body: JSON.stringify(body) };
            },
          },
        ],
});
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }),
);
