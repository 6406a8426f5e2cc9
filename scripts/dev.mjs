#!/usr/bin/env node
/**
 * `npm run dev`: the API server in watch mode (port 3000) and the Vite dev server (port 5173, which
 * proxies /api, /dev, /healthz and /files to it), side by side. Output is prefixed per process; Ctrl-C, or
 * either process ending, stops both.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const color = process.stdout.isTTY;
const paint = (code, text) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);

const tasks = [
  // The browser works on Vite's origin: links in mails and the signed file links (uploads,
  // downloads, proxied below /files) must name it, or an upload would be a cross-origin PUT.
  {
    name: 'server',
    code: '36',
    args: ['run', 'dev', '-w', '@kontor/server'],
    env: { APP_URL: process.env.APP_URL ?? 'http://localhost:5173' },
  },
  { name: 'web   ', code: '35', args: ['run', 'dev', '-w', '@kontor/web'], env: {} },
];

let stopping = false;
const children = tasks.map((task) => {
  const child = spawn(npm, task.args, {
    // Own process group, so stopping reaches npm's grandchildren (tsx watch, vite) too.
    detached: process.platform !== 'win32',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: color ? '1' : '0', ...task.env },
  });
  const prefix = paint(task.code, `[${task.name}]`);
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      (stream === child.stderr ? process.stderr : process.stdout).write(`${prefix} ${line}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.log(`${prefix} ended (${signal ?? `code ${code}`}), stopping the other process`);
      stop(code ?? 1);
    }
  });
  return child;
});

function kill(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) kill(child, 'SIGTERM');
  // The server drains running requests for a moment; do not wait forever.
  const force = setTimeout(() => {
    for (const child of children) kill(child, 'SIGKILL');
    process.exit(exitCode);
  }, 5000);
  force.unref();
  Promise.all(
    children.map((c) =>
      c.exitCode !== null || c.signalCode !== null ? null : new Promise((resolve) => c.once('exit', resolve)),
    ),
  ).then(() => process.exit(exitCode));
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
