import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Measured = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  mean: number;
  errors: number;
  non2xx: number;
  /** CPU time per request in ms: the server's Node process, and PostgreSQL's processes (0 on PGlite). */
  nodeCpuMs: number;
  pgCpuMs: number;
};

const ticksPerSecond = 100; // USER_HZ on Linux

/** utime + stime of a process in ms, from /proc (0 where there is no /proc). */
const cpuOf = (pid: number): number => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
};

/** All PostgreSQL server processes' CPU in ms (the server runs on this machine). */
const postgresCpu = (): number => {
  let sum = 0;
  for (const entry of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') sum += cpuOf(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return sum;
};

const hasTaskset = (() => {
  try {
    return fs.existsSync('/usr/bin/taskset') && os.cpus().length > 1;
  } catch {
    return false;
  }
})();

/**
 * POSTs the JSON bodies (cycled) on `connections` connections for `seconds`, from a load process of
 * its own (bench/load-worker.ts) pinned to the last core where `taskset` exists; latencies in ms.
 */
export const load = async (
  url: string,
  urlPath: string,
  token: string | null,
  bodies: object[],
  p: { connections: number; seconds: number; serverPid?: number | undefined; rate?: number; paced?: boolean },
): Promise<Measured> => {
  const jobFile = path.join(os.tmpdir(), `kontor-bench-job-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(
    jobFile,
    JSON.stringify({
      url: `${url}${urlPath}`,
      token,
      connections: p.connections,
      seconds: p.seconds,
      bodies,
      rate: p.rate,
      paced: p.paced,
    }),
  );
  const worker = [process.execPath, '--import', 'tsx', path.join(import.meta.dirname, 'load-worker.ts'), jobFile];
  const command = hasTaskset ? ['taskset', '-c', String(os.cpus().length - 1), ...worker] : worker;
  const nodeBefore = p.serverPid ? cpuOf(p.serverPid) : 0;
  const pgBefore = postgresCpu();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(command[0] as string, command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`load worker exited with ${code}`))));
  });
  fs.rmSync(jobFile, { force: true });
  const r = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Omit<Measured, 'nodeCpuMs' | 'pgCpuMs'> & {
    requests: number;
  };
  const requests = Math.max(1, r.requests);
  return {
    requestsPerSecond: r.requestsPerSecond,
    p50: r.p50,
    p99: r.p99,
    mean: r.mean,
    errors: r.errors,
    non2xx: r.non2xx,
    nodeCpuMs: p.serverPid ? (cpuOf(p.serverPid) - nodeBefore) / requests : 0,
    pgCpuMs: (postgresCpu() - pgBefore) / requests,
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

/** A sorted page of the 100,000-record environment's customers, from `cursor` on if given. */
export const bigListBody = (envSlug: string, cursor?: string) => ({
  _env: envSlug,
  model: 'DynamicRecord',
  type: 'customers',
  sort: { field: 'name', dir: 'asc' },
  pageSize: 50,
  ...(cursor ? { cursor } : {}),
});

/** The keyset cursor `pages` pages of 50 deep into that list, walked through the product's API. */
export const deepCursor = async (url: string, token: string, envSlug: string, pages: number) => {
  let cursor: string | undefined;
  for (let i = 0; i < pages; i++) {
    const page = await post<{ data: { nextCursor: string | null } }>(
      url,
      '/api/simpletable/data',
      token,
      bigListBody(envSlug, cursor),
    );
    cursor = page.data.nextCursor ?? undefined;
  }
  return cursor;
};
