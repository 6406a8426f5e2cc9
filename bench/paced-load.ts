import http from 'node:http';

export type PacedJob = {
  url: string;
  token: string | null;
  connections: number;
  seconds: number;
  bodies: object[];
  rate: number;
};

/**
 * An open-loop load: one request every 1/rate seconds, evenly spaced, on at most `connections`
 * kept-alive sockets. Each latency counts from the moment its request was due, not from when a
 * socket was free, so a server that falls behind shows it in full (no coordinated omission).
 * autocannon's fixed rate instead sends each second's share in a burst at the second's start.
 */
export const pacedLoad = async (job: PacedJob) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const target = new URL(job.url);
  const headers = {
    'content-type': 'application/json',
    ...(job.token ? { authorization: `Bearer ${job.token}` } : {}),
  };
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const send = (body: object, due: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(target, { method: 'POST', agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === undefined || res.statusCode >= 300) non2xx++;
          latencies.push(performance.now() - due);
          resolve();
        });
      });
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(JSON.stringify(body));
    });
  const interval = 1000 / job.rate;
  const count = Math.round(job.rate * job.seconds);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(job.bodies[i % job.bodies.length] ?? {}, due));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    requestsPerSecond: latencies.length / elapsed,
    requests: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    mean: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
    errors,
    non2xx,
  };
};
