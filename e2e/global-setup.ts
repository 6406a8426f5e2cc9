import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseRunDatabase, describeRunDatabase, dropRunDatabase, type RunDatabase } from './support/run-database';
import { stateKeys } from './support/run-state';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink';

/**
 * Starts, for the whole run: a real SMTP server in this process (every received mail is written
 * as JSON into a temp directory the workers read) and the real app server as a child process,
 * serving a snapshot of the built web app (apps/web/dist, copied so a concurrent rebuild cannot
 * break the run). The server runs on a fresh PostgreSQL database when one is reachable (see
 * support/run-database.ts; E2E_DATABASE_URL names one), else on a fresh PGlite in the temp dir.
 * The base URL, the mail directory and (PostgreSQL only) the database URL reach the workers as
 * environment variables.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
/** Inside test-results/ (git-ignored); Playwright cleans only its outputDir below it. */
export const serverLogPath = path.join(here, 'test-results', 'server.log');

const startupTimeoutMs = 90_000;

export type RunHandles = {
  tmpDir: string;
  smtp?: SmtpSink;
  server?: ChildProcess;
  serverExited?: Promise<void>;
  database?: RunDatabase;
};

/** The runner process keeps these for the global teardown (same process, see global-teardown.ts). */
const handlesKey = Symbol.for('kontor.e2e.handles');
type WithHandles = typeof globalThis & { [handlesKey]?: RunHandles };
export const runHandles = (): RunHandles | undefined => (globalThis as WithHandles)[handlesKey];
const setRunHandles = (h: RunHandles | undefined) => {
  (globalThis as WithHandles)[handlesKey] = h;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

const logTail = (lines = 40) => {
  try {
    return fs.readFileSync(serverLogPath, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
};

const waitForHealthy = async (url: string, server: ChildProcess) => {
  const deadline = Date.now() + startupTimeoutMs;
  let exited: string | null = null;
  server.once('exit', (code, signal) => {
    exited = `exit code ${code ?? '-'}${signal ? `, signal ${signal}` : ''}`;
  });
  let lastError = '';
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The app server stopped during start-up (${exited}). Last log lines:\n${logTail()}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The app server did not answer GET /healthz within ${startupTimeoutMs / 1000} s (last: ${lastError}). Last log lines:\n${logTail()}`,
  );
};

/** Every file index.html names must be there (a copy taken during a rebuild may lack some). */
const assertCompleteBuild = (dist: string) => {
  const index = path.join(dist, 'index.html');
  const html = fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : '';
  const missing = [...html.matchAll(/(?:src|href)="\/([^"?#]+)"/g)]
    .map((m) => m[1] as string)
    .filter((file) => !fs.existsSync(path.join(dist, file)));
  if (!html || missing.length > 0) {
    throw new Error(
      `apps/web/dist is incomplete (${html ? `missing ${missing.join(', ')}` : 'no index.html'}); is a build running? ` +
        'Rebuild with `npm run build -w @kontor/web`.',
    );
  }
};

/** SIGTERM, then SIGKILL if the server does not stop within its own 15 s shutdown limit. */
export const stopServer = async (h: RunHandles): Promise<void> => {
  const server = h.server;
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGTERM');
  const stopped = await Promise.race([
    h.serverExited?.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000).unref()),
  ]);
  if (!stopped) server.kill('SIGKILL');
};

export const cleanUp = async (h: RunHandles): Promise<void> => {
  await stopServer(h).catch((error) => console.error('[e2e] stopping the app server failed:', error));
  await h.smtp?.close().catch((error) => console.error('[e2e] stopping the SMTP server failed:', error));
  if (process.env.E2E_KEEP_TMP) {
    console.log(`[e2e] kept ${h.tmpDir}${h.database ? ` (database: ${describeRunDatabase(h.database)})` : ''}`);
  } else {
    fs.rmSync(h.tmpDir, { recursive: true, force: true });
    if (h.database) {
      await dropRunDatabase(h.database).catch((error) =>
        console.error('[e2e] dropping the run database failed:', error),
      );
    }
  }
  setRunHandles(undefined);
};

export default async function globalSetup(): Promise<void> {
  if (!fs.existsSync(webIndex)) {
    throw new Error(
      `The web app is not built: ${path.relative(repoRoot, webIndex)} is missing.\n` +
        'Build it first with `npm run build -w @kontor/web` (the root script `npm run test:e2e` does both).',
    );
  }

  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-e2e-'));
  const handles: RunHandles = { tmpDir };
  setRunHandles(handles);

  try {
    const mailDir = path.join(tmpDir, 'mails');
    handles.smtp = await startSmtpSink(mailDir);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmpDir, 'data'),
      DEMO: '0',
      SMTP_URL: `smtp://127.0.0.1:${handles.smtp.port}`,
      APP_URL: url,
      RATE_LIMIT_FACTOR: '50',
      LOG_LEVEL: 'warn',
    };
    // PostgreSQL when reachable (a fresh database, or E2E_DATABASE_URL), else PGlite in DATA_DIR.
    handles.database = await chooseRunDatabase();
    if (handles.database.kind === 'postgres') env.DATABASE_URL = handles.database.url;
    else delete env.DATABASE_URL;
    // A snapshot of the build: a rebuild of apps/web during the run (vite empties dist/ first)
    // must not pull the files from under the running pages.
    const webDist = path.join(tmpDir, 'web-dist');
    fs.cpSync(path.dirname(webIndex), webDist, { recursive: true });
    assertCompleteBuild(webDist);
    env.WEB_DIST = webDist;

    fs.mkdirSync(path.dirname(serverLogPath), { recursive: true });
    const log = fs.openSync(serverLogPath, 'w');
    const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log); // the child holds its own descriptor
    handles.server = server;
    handles.serverExited = new Promise<void>((resolve) => {
      if (server.exitCode !== null) resolve();
      else server.once('exit', () => resolve());
    });
    // Should the runner die without its teardown, the server must not outlive it.
    process.once('exit', () => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    });

    await waitForHealthy(url, server);

    process.env[stateKeys.baseUrl] = url;
    process.env[stateKeys.mailDir] = mailDir;
    if (handles.database.kind === 'postgres') process.env[stateKeys.databaseUrl] = handles.database.url;
    else delete process.env[stateKeys.databaseUrl];
    console.log(
      `[e2e] app ${url} (${describeRunDatabase(handles.database)}), SMTP 127.0.0.1:${handles.smtp.port}, server log ${path.relative(process.cwd(), serverLogPath)}`,
    );
  } catch (error) {
    await cleanUp(handles);
    throw error;
  }
}
