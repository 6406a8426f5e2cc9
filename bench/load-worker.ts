/**
 * Runs autocannon in its own process (pinned to a core of its own by the bench where `taskset`
 * exists), so the load generator does not compete with the server inside one Node thread. Reads
 * its job from the JSON file named by argv[2]: url, token, connections, seconds and the bodies to cycle through.
 * Prints the result as one JSON line.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';

type Job = { url: string; token: string | null; connections: number; seconds: number; bodies: object[] };

const job = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as Job;
let next = 0;
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.seconds,
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(job.token ? { authorization: `Bearer ${job.token}` } : {}) },
  requests: [
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
