import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as authApi from '@kontor/contract/api/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { eventually, freePort, freshPostgresDatabase, request, tryConnect } from '../test/server-process';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { users } from './features/auth/auth.table';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('graceful shutdown', () => {
  test('close() lets a running request finish and refuses new connections', async () => {
    const app = await buildApp(t.deps);
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Test-only: a request that takes as long as the test wants.
    app.post('/api/test/langsam', async () => {
      started();
      await gate;
      return { status: 'success', data: 'fertig' };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    // A keep-alive connection that sits idle must not hold the shutdown up.
    const keepAlive = new http.Agent({ keepAlive: true });
    expect((await request(port, 'GET', '/healthz', undefined, keepAlive)).status).toBe(200);

    const inFlight = request(port, 'POST', '/api/test/langsam', '{}');
    await running;

    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await eventually(async () => (await tryConnect(port)) === 'ECONNREFUSED');
    expect(closed).toBe(false);

    release();
    const answer = await inFlight;
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ status: 'success', data: 'fertig' }) });
    await closing;
    expect(closed).toBe(true);
    expect(await tryConnect(port)).toBe('ECONNREFUSED');
    keepAlive.destroy();
  });

  test('SIGTERM to the server process finishes a running request, closes the database and exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-shutdown-'));
    // The database of the run: PGlite in dataDir, or a fresh PostgreSQL database next to the harness's.
    const postgres = await freshPostgresDatabase();
    const port = await freePort();
    const serverDir = path.resolve(import.meta.dirname, '..');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: '',
      DEMO: '0',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'development',
      WEB_DIST: path.join(dataDir, 'no-web'),
    };
    if (postgres) env.DATABASE_URL = postgres.url;
    else delete env.DATABASE_URL; // the embedded PGlite, in dataDir
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stage = 'starting';
    const t0 = Date.now();
    const mark = (name: string) => {
      stage = `${name} (after ${Date.now() - t0} ms)`;
    };
    let reply = '';
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // Starting means transpiling and (on PGlite) creating a database on disk: seconds normally,
      // much longer on a machine busy with other test files, hence the generous limit.
      await eventually(async () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        try {
          return (await request(port, 'GET', '/healthz')).status === 200;
        } catch {
          return false;
        }
      }, 90_000);

      const email = `sigterm.${Date.now()}@example.de`;
      const body = JSON.stringify({
        firstname: 'Sig',
        name: 'Term',
        email,
        password: 'Sicher!2026',
        password2: 'Sicher!2026',
      });
      // A slow client: headers and half the body now, the rest after SIGTERM.
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      mark('sending half a request');
      socket.on('data', (c: Buffer) => {
        reply += c.toString();
      });
      const half = Math.floor(body.length / 2);
      socket.write(
        `POST ${authApi.register.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));

      child.kill('SIGTERM');
      mark('waiting for the port to close');
      await eventually(async () => (await tryConnect(port)) === 'ECONNREFUSED');
      mark('finishing the request');
      // (write, not end: a client that half-closes its side gives up on the answer)
      socket.write(body.slice(half));
      await eventually(async () => reply.includes('\r\n\r\n') && reply.includes('"status"'), 30_000);
      expect(reply).toMatch(/^HTTP\/1\.1 200/);
      expect(reply).toContain('{"status":"success"}');
      socket.destroy();

      mark('waiting for the exit');
      expect(await exited).toBe(0);
      mark('reopening the database');
      // The registration was committed and the database closed cleanly: it opens again with the row.
      const database = await openDatabase(postgres ? { url: postgres.url } : { dataDir });
      try {
        const rows = await database.db.select().from(users).where(eq(users.email, email));
        expect(rows).toHaveLength(1);
      } finally {
        await database.close();
      }
    } catch (error) {
      throw new Error(
        `${stage}: ${(error as Error).message}\n--- reply ---\n${reply}\n--- server output ---\n${output}`,
      );
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    }
  }, 180_000);
});
