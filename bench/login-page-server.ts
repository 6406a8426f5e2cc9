import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../scripts/build-server.mjs';
import { out } from './server-process';

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const waitFor = async (url: string) => {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
};

/**
 * The compiled server (as `npm start` runs it) on PGlite in a fresh data directory under the
 * bench's output, for the browser benches of the login page; answers once /healthz does.
 */
export const startLoginPageServer = async (name: string, port: number) => {
  const main = await buildServer();
  const dataDir = path.join(out, name);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, [main], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.kill('SIGTERM') };
};
