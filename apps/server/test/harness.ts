import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BodyOf, Call, DataOf } from '@kontor/contract/call';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type BootstrapOptions, createDeps } from '../src/bootstrap';
import { type Config, testConfig } from '../src/config';
import { appRole, type DatabaseOptions, openDatabase } from '../src/db/client';
import type { AppDeps } from '../src/deps';
import type { OutgoingMail } from '../src/mail/outbox.repo';
import type { MailTransport } from '../src/mail/transport';

/** A clock the test moves by hand (token expiry, lockout windows). */
export const testClock = (start = new Date()) => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
};

/**
 * A mail transport that keeps what it is given; `down` makes it fail like an unreachable server,
 * `reject` like a server that refuses the mail itself (550).
 */
export const capturingTransport = () => {
  const sent: OutgoingMail[] = [];
  const state = { down: false, reject: false };
  const transport: MailTransport = {
    delivers: true,
    send: async (mail) => {
      if (state.down) throw Object.assign(new Error('connect ECONNREFUSED (test)'), { code: 'ECONNECTION' });
      if (state.reject)
        throw Object.assign(new Error('550 5.1.1 mailbox unavailable (test)'), {
          code: 'EENVELOPE',
          responseCode: 550,
        });
      sent.push(mail);
    },
    close: () => {},
  };
  return { transport, sent, state };
};

/**
 * DNS TXT records the test sets, name → records (website host verification, issue 30 item 2); a
 * name without records answers like a real resolver (ENOTFOUND), `failing` like a dead name server.
 */
export const txtDouble = () => {
  const records = new Map<string, string[][]>();
  const state = { failing: false };
  const resolveTxt = async (name: string): Promise<string[][]> => {
    if (state.failing) throw Object.assign(new Error(`queryTxt ETIMEOUT ${name}`), { code: 'ETIMEOUT' });
    const found = records.get(name.toLowerCase());
    if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return found;
  };
  return { resolveTxt, records, state };
};

type DatabaseBudget = Pick<DatabaseOptions, 'statementTimeoutMs' | 'queueTimeoutMs'>;

// What test/global-setup.ts provides (declared here, where the bench's type check sees it too).
declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the file holding the migrated empty database as an image of its data directory. */
    pgliteImage: string | null;
    /** PostgreSQL: a migrated database on TEST_DATABASE_URL's server that each file's database is copied from. */
    postgresTemplate: string | null;
  }
}

/** What test/global-setup.ts made for the run; nothing outside Vitest (the bench scripts). */
const runSetup = <K extends 'pgliteImage' | 'postgresTemplate'>(key: K) => (process.env.VITEST ? inject(key) : null);

/**
 * A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database on the
 * server named by TEST_DATABASE_URL (dropped again on close); either starts migrated from what
 * test/global-setup.ts made once for the run.
 */
const freshDatabase = async (budget: DatabaseBudget = {}) => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const image = runSetup('pgliteImage');
    const database = await openDatabase({
      ...budget,
      pgliteImage: image ? new Blob([fs.readFileSync(image)]) : undefined,
    });
    // PGlite has one session: step out of the application role for the statement, then back in.
    const asSuperuser = async (statement: SQL) => {
      await database.db.execute(sql`RESET ROLE`);
      try {
        return (await database.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
      } finally {
        await database.db.execute(sql.raw(`SET ROLE ${appRole}`));
      }
    };
    return { database, asSuperuser, ownerUrl: undefined, drop: async () => {} };
  }
  const name = `kontor_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = runSetup('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4, ...budget });
  const asSuperuser = async (statement: SQL) => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return (await drizzlePg(client).execute(statement)) as unknown as { rows: Record<string, unknown>[] };
    } finally {
      await client.end();
    }
  };
  return {
    database,
    asSuperuser,
    ownerUrl: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
};

export type TestResponse<D = unknown> = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: { status: 'success' | 'error'; data?: D; message?: string; errors?: Record<string, string[]> } & Record<
    string,
    unknown
  >;
};

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A client address of its own: route rate limits count per address, so calls do not share a budget. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export type CallOptions = Readonly<{
  /** The client address; without it every call comes from a fresh random one (see randomIp). */
  ip?: string;
}>;

export type StartOptions = Readonly<{
  appUrl?: string;
  /** Configuration overrides, e.g. `{ production: true }`. */
  config?: Partial<Config>;
  mail?: BootstrapOptions['mail'];
  /** Shorter time budgets of the database (tests of the timeouts). */
  database?: DatabaseBudget;
  /** Another file storage than the local one under the test's data directory (S3 tests). */
  storage?: BootstrapOptions['storage'];
}>;

export const startTestApp = async (options: StartOptions = {}) => {
  const clock = testClock();
  const mail = capturingTransport();
  const dns = txtDouble();
  const { database, asSuperuser, ownerUrl, drop } = await freshDatabase(options.database);
  // Files (local storage, the generated URL secret) go to a directory of this test app alone.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-test-'));
  const deps: AppDeps = await createDeps(
    testConfig({
      appUrl: options.appUrl ?? 'http://kontor.test',
      dataDir,
      // Production refuses to generate one; tests of production settings get this one.
      fileUrlSecret: 'test-file-url-secret-0123456789abcdefgh',
      ...options.config,
    }),
    {
      database,
      transport: mail.transport,
      now: clock.now,
      log: () => {},
      mail: options.mail,
      storage: options.storage,
      resolveTxt: dns.resolveTxt,
    },
  );
  const app = await buildApp(deps);

  /**
   * Posts raw text (for malformed bodies); `token` adds the bearer header. Each call comes from a
   * random client address unless `options.ip` names one (rate limit tests do).
   */
  const post = async (
    path: string,
    payload: string | object | undefined,
    token?: string,
    headers: Record<string, string> = {},
    options: CallOptions = {},
  ) => {
    const res = await app.inject({
      method: 'POST',
      url: path,
      remoteAddress: options.ip ?? randomIp(),
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      payload: typeof payload === 'object' ? JSON.stringify(payload) : payload,
    });
    let body: TestResponse['body'];
    try {
      body = res.json();
    } catch {
      body = { status: 'error', message: res.body };
    }
    return { statusCode: res.statusCode, headers: res.headers, body } as TestResponse;
  };

  /** Calls a contract call; the body type is checked, so tests break when the contract moves. */
  const call = async <C extends Call>(c: C, body: BodyOf<C>, token?: string, options: CallOptions = {}) => {
    const res = (await post(c.path, body as object, token, {}, options)) as TestResponse<DataOf<C>>;
    // The contract is the single truth: a successful answer must match the call's data schema.
    if (res.statusCode === 200 && res.body.status === 'success' && !c.topLevel) {
      const parsed = c.data.safeParse(res.body.data);
      if (!parsed.success) throw new Error(`answer of ${c.path} does not match the contract: ${parsed.error.message}`);
    }
    return res;
  };

  /** Any GET (pages, /healthz); the raw inject response. */
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: path, headers, remoteAddress: randomIp() });

  /** Sends the outbox and returns the mails that went out since the last call. */
  let seen = 0;
  const newMails = async () => {
    await deps.background.idle();
    await deps.mail.drain();
    const fresh = mail.sent.slice(seen);
    seen = mail.sent.length;
    return fresh;
  };

  return {
    app,
    deps,
    /** The application's database handle: runs as the application role, bound by Row Level Security. */
    db: deps.database.db,
    /**
     * Runs one statement as the database superuser, past Row Level Security: for inspection and
     * fault injection. Never while requests run: on PGlite it switches the one shared session.
     */
    asSuperuser,
    /** PostgreSQL only: the test database's connection string as its owner (the migrating superuser). */
    ownerUrl,
    clock,
    mail,
    /** The DNS double: set TXT records by name (website host verification). */
    dns,
    post,
    call,
    get,
    newMails,
    close: async () => {
      await app.close();
      await deps.mail.stop();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** The first link in a mail's text that starts with the app's address. */
export const linkIn = (mail: OutgoingMail, appUrl = 'http://kontor.test'): string => {
  const match = new RegExp(`${appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s]+`).exec(mail.text);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return match[0].slice(appUrl.length);
};
