import autocannon from 'autocannon';

export type Measured = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  mean: number;
  errors: number;
  non2xx: number;
};

/** POSTs JSON bodies from `next()` on `connections` connections for `seconds`; latencies in ms. */
export const load = async (
  url: string,
  path: string,
  token: string,
  next: () => object,
  p: { connections: number; seconds: number },
): Promise<Measured> => {
  const result = await autocannon({
    url: `${url}${path}`,
    connections: p.connections,
    duration: p.seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(next()) }) }],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
};

/** One request at a time, timing each: for latencies where concurrency would blur the figure. */
export const sequential = async (count: number, run: (i: number) => Promise<void>) => {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { median: at(0.5), p90: at(0.9), p99: at(0.99), mean: times.reduce((a, b) => a + b, 0) / times.length };
};

export const post = async <T>(url: string, path: string, token: string | null, body: object): Promise<T> => {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: string; data?: unknown; message?: string } & Record<string, unknown>;
  if (json.status !== 'success') throw new Error(`${path} failed (${res.status}): ${json.message ?? ''}`);
  return json as T;
};
