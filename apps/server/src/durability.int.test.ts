import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { buildServer } from '../../../scripts/build-server.mjs';
import { demoLogin } from './demo';

/**
 * Durability: the server process is killed with SIGKILL while writers save records; after each
 * restart every save the server acknowledged (answered 200 with the new record's key) is there,
 * and the database opens. KILLS rounds (3 in `npm test`, 20 in the long form), each with up to
 * 200 concurrent saves. Runs on PGlite in a data directory, or on PostgreSQL with TEST_DATABASE_URL.
 */
const kills = Number(process.env.KILLS ?? 3);
const writers = 20;
const serverDir = path.resolve(import.meta.dirname, '..');
// The server as `npm start` runs it: bundled once (when its sources changed), so a restart measures
// the server's own start, not TypeScript transpiling.
const serverMain = await buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-durability-'));
let dropDatabase: (() => Promise<void>) | undefined;
afterAll(async () => {
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const databaseEnv = async (): Promise<Record<string, string>> => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return {};
  const name = `kontor_kill_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
};

const start = async (port: number, extra: Record<string, string>) => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extra,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: '',
    DEMO: '1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'development',
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', serverMain], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const began = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return { child, startMs: Date.now() - began };
    if (Date.now() - began > 120_000) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const post = async (port: number, urlPath: string, body: object, token?: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown>; token?: string } };
};

describe('durability under kill -9', () => {
  test(`${kills} kills during concurrent saves: every acknowledged save survives`, async () => {
    const port = await freePort();
    const extra = await databaseEnv();
    let { child } = await start(port, extra);
    const acknowledged: Array<{ key: string; name: string }> = [];
    const startTimes: number[] = [];
    let env = '';
    let token = '';
    const login = async () => {
      token = String((await post(port, '/api/users/login', demoLogin)).body.token);
      const envs = (await post(port, '/api/environments/list', {}, token)).body.data as unknown as Array<{
        url_slug: string;
      }>;
      env = envs[0]?.url_slug ?? '';
    };
    await login();
    expect(env).not.toBe('');

    for (let round = 0; round < kills; round++) {
      let stop = false;
      let sent = 0;
      const loops = Array.from({ length: writers }, async (_, w) => {
        while (!stop && sent < 200) {
          sent++;
          const name = `Dauerhaft ${round}-${w}-${sent}`;
          try {
            const res = await post(
              port,
              '/api/dynamic-records/save',
              { _env: env, type: 'customers', id: 'new', data: { name } },
              token,
            );
            if (res.status === 200) acknowledged.push({ key: String(res.body.data?.key), name });
          } catch {
            return; // the connection died with the process: not acknowledged
          }
        }
      });
      // Killed somewhere in the middle of the writes: after 10 to 60 of this round's saves were
      // acknowledged (or 15 s), while the others are in flight.
      const before = acknowledged.length;
      const target = before + 10 + Math.floor(Math.random() * 50);
      const until = Date.now() + 15_000;
      while (acknowledged.length < target && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      child.kill('SIGKILL');
      stop = true;
      await Promise.all(loops);
      // Killed by a signal, a process has no exit code but a signal code.
      const ended = () => child.exitCode !== null || child.signalCode !== null;
      await new Promise<void>((resolve) => (ended() ? resolve() : child.once('exit', () => resolve())));
      const restarted = await start(port, extra);
      child = restarted.child;
      startTimes.push(restarted.startMs);
      await login();
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(kills * 10);

    // Every acknowledged record is there, with its data.
    const missing: string[] = [];
    for (const a of acknowledged) {
      const res = await post(port, '/api/dynamic-records/form', { _env: env, type: 'customers', id: a.key }, token);
      const values = (res.body.data?.values ?? {}) as Record<string, unknown>;
      if (res.status !== 200 || values.name !== a.name) missing.push(`${a.key} ${a.name} → ${res.status}`);
    }
    child.kill('SIGTERM');
    console.log(
      `durability: ${kills} kills, ${acknowledged.length} acknowledged saves, restart ${startTimes.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`,
    );
    expect(missing).toEqual([]);
  }, 600_000);
});
