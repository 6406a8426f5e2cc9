import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../scripts/build-server.mjs';
import { out, prepareTarget, type Target } from './server-process';

/**
 * `npx tsx bench/start.ts` (issue 16 item 4, issue 19 item 3): how long the compiled server
 * (`apps/server/dist/main.js`, what `npm start` runs once built) takes from its process start to
 * its first answer on /healthz, and its resident memory after 5 s idle — on PGlite with an
 * existing data directory and on PostgreSQL. The baseline in the same run: a bare Node HTTP server
 * started the same way (the machine's floor for "a Node process answers"). Median of START_RUNS
 * (default 5). Goals: ≤ 3 s (PGlite) and ≤ 1 s (PostgreSQL); RSS ≤ 300 MB and ≤ 150 MB.
 */
const runs = Number(process.env.START_RUNS ?? 5);
const port = 4300 + (process.pid % 500);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const rssOf = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
};

/** Starts `args`, polls /healthz every 20 ms; answers the time to the first answer and the idle RSS. */
const measure = async (args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; rss: number }> => {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (performance.now() - started > 60_000) throw new Error(`${args.join(' ')} did not answer in 60 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 5000));
    return { ms, rss: child.pid ? rssOf(child.pid) : 0 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
};

const bareServer = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;

const main = await buildServer();
const serverEnv = (target: Target) => ({
  ...process.env,
  ...target.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DEMO: '0',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  SMTP_URL: process.env.SMTP_URL ?? 'smtp://127.0.0.1:9',
  FILE_URL_SECRET: process.env.FILE_URL_SECRET ?? 'bench-file-url-secret-not-for-real-use',
});
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

const bare: number[] = [];
const results: Record<string, { ms: number[]; rss: number[] }> = {};
for (const name of ['pglite', 'postgres'] as const) {
  const target = await prepareTarget(name);
  if (name === 'pglite') fs.rmSync(path.join(out, 'pglite'), { recursive: true, force: true });
  // The first start creates the database (PGlite) or migrates; only the starts after it count.
  await measure([main], serverEnv(target));
  const r = { ms: [] as number[], rss: [] as number[] };
  for (let i = 0; i < runs; i++) {
    bare.push((await measure(['-e', bareServer], process.env)).ms);
    const m = await measure([main], serverEnv(target));
    r.ms.push(m.ms);
    r.rss.push(m.rss);
  }
  results[name] = r;
}

const floor = median(bare);
console.log(`\nStart of the compiled server, median of ${runs} (after a first start that creates the database)`);
console.log(`bare Node HTTP server: first answer after ${floor.toFixed(0)} ms`);
for (const [name, r] of Object.entries(results)) {
  const goal = name === 'pglite' ? { ms: 3000, rss: 300 } : { ms: 1000, rss: 150 };
  const ms = median(r.ms);
  const rss = median(r.rss);
  console.log(
    `${name.padEnd(9)} first answer after ${ms.toFixed(0)} ms (${(ms / floor).toFixed(1)} × bare; goal ≤ ${goal.ms} ms: ${
      ms <= goal.ms ? 'met' : 'MISSED'
    }), idle RSS ${mib(rss)} (goal ≤ ${goal.rss} MiB: ${rss <= goal.rss * 1024 * 1024 ? 'met' : 'MISSED'})`,
  );
}
