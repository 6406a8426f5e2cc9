import net from 'node:net';
import * as authApi from '@kontor/contract/api/auth';
import * as envApi from '@kontor/contract/api/environments';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk } from '../../test/assertions';
import { defaultPassword, uniqueEmail, userWithEnvironment } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { createDeps } from '../bootstrap';
import { testConfig } from '../config';
import { users } from '../features/auth/auth.table';
import { environmentInvitations } from '../features/environments/environments.table';
import { createMailService } from './mail.service';
import { mailOutbox } from './mail.table';
import { enqueueMail } from './outbox.repo';
import { smtpTransport } from './transport';

let t: TestApp;
let owner: Awaited<ReturnType<typeof userWithEnvironment>>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await userWithEnvironment(t);
});
afterAll(() => t.close());

const outboxTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
const silentLog = { warn: () => {} };

/** A port nothing listens on (yet). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server in this process, plain text on 127.0.0.1, that keeps every message it accepts. */
const startSmtp = async (port: number) => {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/** The decoded value of a header of a raw message (RFC 2047 encoded words, folded lines). */
const header = (raw: string, name: string): string => {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  const value = line?.slice(name.length + 1).trim() ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_w, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
};

/** The message's text with quoted-printable soft line breaks and escapes undone. */
const decodedBody = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The outbox worker sending to a local SMTP server on `port`. */
const smtpMailService = (port: number) =>
  createMailService({
    db: t.db,
    transport: smtpTransport(`smtp://127.0.0.1:${port}`),
    from: 'Kontor <no-reply@kontor.local>',
    now: t.clock.now,
    log: silentLog,
  });

describe('delivery over SMTP', () => {
  test('a mail with an attachment arrives with the file, bytes intact', async () => {
    const port = await freePort();
    const smtp = await startSmtp(port);
    const service = smtpMailService(port);
    const to = uniqueEmail('ics');
    const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSUMMARY:Tisch für 4 – Müller\r\nEND:VCALENDAR\r\n';
    try {
      await t.newMails();
      await enqueueMail(
        t.db,
        {
          to,
          subject: 'Termin',
          text: 'Im Anhang',
          html: '<p>Im Anhang</p>',
          attachments: [
            {
              filename: 'buchung.ics',
              contentType: 'text/calendar',
              contentBase64: Buffer.from(calendar).toString('base64'),
            },
          ],
        },
        t.clock.now(),
      );
      expect(await service.drain()).toBeGreaterThanOrEqual(1);
      const message = smtp.received.find((m) => m.to.includes(to));
      const raw = message?.raw ?? '';
      expect(raw).toMatch(/Content-Type: text\/calendar; name=buchung\.ics/i);
      expect(raw).toMatch(/Content-Disposition: attachment; filename=buchung\.ics/i);
      const part = raw.split(/filename=buchung\.ics\r?\n\r?\n/)[1]?.split(/\r?\n--/)[0] ?? '';
      expect(Buffer.from(part.replace(/\s+/g, ''), 'base64').toString('utf8')).toBe(calendar);
    } finally {
      await service.stop();
      await smtp.close();
    }
  });

  test('a mail written while the SMTP server is down arrives once it is back, exactly once', async () => {
    const port = await freePort();
    const warnings: string[] = [];
    const service = createMailService({
      db: t.db,
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      from: 'Kontor <no-reply@kontor.local>',
      now: t.clock.now,
      log: { warn: (_obj, msg) => warnings.push(msg) },
      baseDelayMs: 30_000,
    });
    await t.newMails();
    expectOk(await t.call(authApi.forgotPw, { email: owner.email }));
    await t.deps.background.idle(); // forgot-pw answers first and writes the mail after

    // Nobody listens: no fault of the mail, so no attempt is charged; the outbox waits a second.
    expect(await service.drain()).toBe(0);
    const [failed] = await outboxTo(owner.email).then((rows) => rows.filter((r) => r.status === 'pending'));
    expect(failed).toMatchObject({ status: 'pending', attempts: 0 });
    expect(failed?.lastError).toMatch(/ECONNREFUSED/);
    expect(failed?.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + 1_000);
    expect(warnings.join('\n')).toMatch(/mail server unreachable/);

    const smtp = await startSmtp(port);
    try {
      // Not due yet: nothing is sent before the wait has passed.
      expect(await service.drain()).toBe(0);
      expect(smtp.received).toHaveLength(0);

      t.clock.advance(1_000);
      expect(await service.drain()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      expect(message?.to).toEqual([owner.email]);
      expect(message?.from).toBe('no-reply@kontor.local');
      expect(header(message?.raw ?? '', 'Subject')).toBe('Passwort zurücksetzen');
      expect(header(message?.raw ?? '', 'To')).toBe(owner.email);
      expect(decodedBody(message?.raw ?? '')).toMatch(
        new RegExp(`http://kontor\\.test/reset-pw/${owner.userId}/[A-Za-z0-9_-]{43}`),
      );
      expect(decodedBody(message?.raw ?? '')).toContain('Hallo Erika,');

      const [sent] = await outboxTo(owner.email).then((rows) => rows.filter((r) => r.id === failed?.id));
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });

      // Later rounds do not send it again.
      t.clock.advance(60 * 60_000);
      expect(await service.drain()).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await service.stop();
      await smtp.close();
    }
  });

  test('a mail the server refuses retries with doubling delays and gives up after the last attempt', async () => {
    const service = createMailService({
      db: t.db,
      transport: t.mail.transport,
      from: 'Kontor <no-reply@kontor.local>',
      now: t.clock.now,
      log: silentLog,
      baseDelayMs: 1_000,
      maxDelayMs: 3_000,
      maxAttempts: 4,
    });
    const to = uniqueEmail('unzustellbar');
    await enqueueMail(t.db, { to, subject: 'Test', text: 'Text', html: '<p>Text</p>' }, t.clock.now());
    t.mail.state.reject = true;
    try {
      const delays: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt++) {
        const before = t.clock.now().getTime();
        await service.drain();
        const [row] = await outboxTo(to);
        expect(row?.attempts).toBe(attempt);
        if (attempt < 4) {
          expect(row?.status).toBe('pending');
          delays.push(row!.nextAttemptAt.getTime() - before);
          t.clock.advance(row!.nextAttemptAt.getTime() - before);
        } else {
          expect(row?.status).toBe('failed');
        }
      }
      expect(delays).toEqual([1_000, 2_000, 3_000]);
      t.mail.state.reject = false;
      t.clock.advance(60 * 60_000);
      await service.drain();
      expect(t.mail.sent.filter((m) => m.to === to)).toHaveLength(0);
    } finally {
      t.mail.state.reject = false;
      await service.stop();
    }
  });

  test(
    'an outage of ten minutes: every mail goes out once within 30 s of the return, none charged or lost',
    async () => {
      const port = await freePort();
      const service = smtpMailService(port);
      await t.newMails();
      const to = uniqueEmail('ausfall');
      // 100 in `npm test`, 1,000 in the long form.
      const count = Number(process.env.MAIL_OUTAGE_MAILS ?? 100);
      // Mails keep being written during the outage, and the worker keeps trying every time it may.
      const outageEnd = t.clock.now().getTime() + 10 * 60_000;
      let written = 0;
      while (t.clock.now().getTime() < outageEnd) {
        for (let i = 0; i < Math.ceil(count / 20) && written < count; i++, written++) {
          await enqueueMail(t.db, { to, subject: `Nr. ${written}`, text: 'x', html: 'x' }, t.clock.now());
        }
        await service.drain();
        t.clock.advance(15_000);
      }
      const during = await outboxTo(to);
      expect(during).toHaveLength(count);
      expect(during.filter((r) => r.status !== 'pending')).toEqual([]);
      expect(Math.max(...during.map((r) => r.attempts))).toBe(0);

      const smtp = await startSmtp(port);
      try {
        const back = t.clock.now().getTime();
        const backReal = performance.now();
        while ((await outboxTo(to)).some((r) => r.status === 'pending') && t.clock.now().getTime() - back <= 60_000) {
          await service.drain();
          t.clock.advance(1_000);
        }
        expect(t.clock.now().getTime() - back).toBeLessThanOrEqual(31_000);
        console.log(
          `mail outage: ${count} mails, drained ${(t.clock.now().getTime() - back) / 1000} s (clock) and ${((performance.now() - backReal) / 1000).toFixed(1)} s (real) after the return`,
        );
        const subjects = smtp.received.filter((m) => m.to.includes(to)).map((m) => header(m.raw, 'Subject'));
        expect(subjects).toHaveLength(count);
        expect(new Set(subjects).size).toBe(count);
        expect((await outboxTo(to)).every((r) => r.status === 'sent')).toBe(true);
      } finally {
        await service.stop();
        await smtp.close();
      }
    },
    // The clock is simulated; real time goes to writing and sending (the long form's 1,000 mails).
    Math.max(30_000, Number(process.env.MAIL_OUTAGE_MAILS ?? 100) * 200),
  );

  test('two workers draining the same outbox send each mail once', async () => {
    const make = () =>
      createMailService({
        db: t.db,
        transport: t.mail.transport,
        from: 'x@kontor.local',
        now: t.clock.now,
        log: silentLog,
      });
    const [a, b] = [make(), make()];
    const to = uniqueEmail('doppelt');
    for (let i = 0; i < 5; i++) {
      await enqueueMail(t.db, { to, subject: `Nr. ${i}`, text: 'x', html: 'x' }, t.clock.now());
    }
    await Promise.all([a.drain(), b.drain()]);
    const subjects = t.mail.sent.filter((m) => m.to === to).map((m) => m.subject);
    expect(subjects.sort()).toEqual(['Nr. 0', 'Nr. 1', 'Nr. 2', 'Nr. 3', 'Nr. 4']);
    await t.newMails();
  });
});

describe('without SMTP_URL', () => {
  test('mails are written to the console without their links and not claimed as delivered', async () => {
    const lines: string[] = [];
    const deps = await createDeps(testConfig({ appUrl: 'http://kontor.test' }), {
      database: t.deps.database,
      now: t.clock.now,
      log: (line) => lines.push(line),
    });
    expect(deps.mail.delivers).toBe(false);
    await t.newMails();
    const to = uniqueEmail('konsole');
    const text = 'Hallo Konsole\nNeues Passwort: http://kontor.test/reset-pw/0d1e/geheim-token-123';
    await enqueueMail(t.db, { to, subject: 'Konsolen-Test', text, html: '<p>x</p>' }, t.clock.now());
    expect(await deps.mail.drain()).toBe(1);
    expect(lines.join('\n')).toContain(`E-Mail an ${to}: Konsolen-Test`);
    expect(lines.join('\n')).toContain('Hallo Konsole');
    // A reset link is a credential: the log keeps the host, never the path with the token.
    expect(lines.join('\n')).toContain('http://kontor.test/… (Link: siehe /dev/mails)');
    expect(lines.join('\n')).not.toContain('geheim-token-123');
    await deps.mail.stop();
  });

  test('with SMTP_URL the SMTP transport is chosen', async () => {
    const deps = await createDeps(testConfig({ smtpUrl: 'smtp://127.0.0.1:1' }), {
      database: t.deps.database,
      log: () => {},
    });
    expect(deps.mail.delivers).toBe(true);
    await deps.mail.stop();
  });
});

describe('the outbox shares the transaction of the change', () => {
  /** A check PostgreSQL runs at commit: the change and everything written with it is rolled back. */
  const failAtCommit = async (table: string, condition: string) => {
    const fn = `test_fail_${table}`;
    await t.asSuperuser(
      sql.raw(
        `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF ${condition} THEN RAISE EXCEPTION 'test: refused at commit'; END IF; RETURN NEW; END $$`,
      ),
    );
    await t.asSuperuser(
      sql.raw(
        `CREATE CONSTRAINT TRIGGER ${fn} AFTER INSERT ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
      ),
    );
    return async () => {
      await t.asSuperuser(sql.raw(`DROP TRIGGER ${fn} ON ${table}`));
      await t.asSuperuser(sql.raw(`DROP FUNCTION ${fn}()`));
    };
  };

  test('a registration that fails at commit leaves neither an account nor a mail', async () => {
    const undo = await failAtCommit('users', "NEW.firstname = 'Fehler'");
    try {
      const email = uniqueEmail('fehler');
      const body = { name: 'X', email, password: defaultPassword, password2: defaultPassword };
      // The answer comes before the account is written (so it cannot tell a known address from a
      // new one); the failure happens after it, in the background, and is logged there.
      expectOk(await t.call(authApi.register, { ...body, firstname: 'Fehler' }));
      await t.deps.background.idle();
      expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      expect(await outboxTo(email)).toHaveLength(0);

      // The same registration without the fault writes both.
      expectOk(await t.call(authApi.register, { ...body, firstname: 'Gut' }));
      await t.deps.background.idle();
      expect(await outboxTo(email)).toHaveLength(1);
    } finally {
      await t.deps.background.idle();
      await undo();
    }
    await t.newMails();
  });

  test('an invitation that fails at commit sends no mail', async () => {
    const undo = await failAtCommit('environment_invitations', "NEW.email LIKE 'fehler%'");
    try {
      const email = uniqueEmail('fehler');
      const res = await t.call(envApi.inviteUser, { _env: owner.env, email, role: 'staff' }, owner.token);
      expect(res.statusCode).toBe(500);
      expect(await outboxTo(email)).toHaveLength(0);
      expect(
        await t.db.select().from(environmentInvitations).where(eq(environmentInvitations.email, email)),
      ).toHaveLength(0);
    } finally {
      await undo();
    }
    expect(await t.newMails()).toHaveLength(0);
  });
});
