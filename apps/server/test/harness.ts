import { randomBytes } from 'node:crypto';
import type { BodyOf, Call } from '@kontor/contract/call';
import pg from 'pg';
import { buildApp } from '../src/app';
import { createDeps } from '../src/bootstrap';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
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

/** A mail transport that keeps what it is given; `down` makes it fail like an unreachable server. */
export const capturingTransport = () => {
  const sent: OutgoingMail[] = [];
  const state = { down: false };
  const transport: MailTransport = {
    delivers: true,
    send: async (mail) => {
      if (state.down) throw new Error('connect ECONNREFUSED (test)');
      sent.push(mail);
    },
    close: () => {},
  };
  return { transport, sent, state };
};

/**
 * A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database on the
 * server named by TEST_DATABASE_URL (dropped again on close).
 */
const freshDatabase = async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
  }
  const name = `kontor_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  return {
    database,
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

export const startTestApp = async (options: { appUrl?: string } = {}) => {
  const clock = testClock();
  const mail = capturingTransport();
  const { database, drop } = await freshDatabase();
  const deps: AppDeps = await createDeps(testConfig({ appUrl: options.appUrl ?? 'http://kontor.test' }), {
    database,
    transport: mail.transport,
    now: clock.now,
    log: () => {},
  });
  const app = await buildApp(deps);

  /** Posts raw text (for malformed bodies); `token` adds the bearer header. */
  const post = async (
    path: string,
    payload: string | object | undefined,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method: 'POST',
      url: path,
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
  const call = async <C extends Call>(c: C, body: BodyOf<C>, token?: string) =>
    post(c.path, body as object, token) as Promise<TestResponse<import('@kontor/contract/call').DataOf<C>>>;

  /** Sends the outbox and returns the mails that went out since the last call. */
  let seen = 0;
  const newMails = async () => {
    await deps.mail.drain();
    const fresh = mail.sent.slice(seen);
    seen = mail.sent.length;
    return fresh;
  };

  return {
    app,
    deps,
    clock,
    mail,
    post,
    call,
    newMails,
    close: async () => {
      await app.close();
      await deps.mail.stop();
      await database.close();
      await drop();
    },
  };
};

/** The first link in a mail's text that starts with the app's address. */
export const linkIn = (mail: OutgoingMail, appUrl = 'http://kontor.test'): string => {
  const match = new RegExp(`${appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s]+`).exec(mail.text);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return match[0].slice(appUrl.length);
};
