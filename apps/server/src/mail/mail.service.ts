import type { Db } from '../db/client';
import { claimDueMails, markRetry, markSent, postponeMails } from './outbox.repo';
import type { MailTransport } from './transport';

export type MailService = Readonly<{
  /** Asks the worker to look at the outbox now instead of at its next tick. */
  nudge: () => void;
  /** Sends every mail that is due now; resolves when done. Used by the worker and by tests. */
  drain: () => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
  delivers: boolean;
}>;

export type MailWorkerOptions = Readonly<{
  db: Db;
  transport: MailTransport;
  from: string;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
  pollMs?: number;
  /** First retry delay; doubles with every attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  /** While the mail server is unreachable: first and longest wait before the next try. */
  outageDelayMs?: { first: number; max: number };
}>;

const outageCodes = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EAUTH']);

/**
 * Whether a failure is the mail server's (unreachable, timed out, refusing service or our login)
 * rather than this mail's: then no mail is at fault, and none should use up its attempts.
 */
const isOutage = (error: unknown): boolean => {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown } | null;
  if (typeof e?.responseCode === 'number') return e.responseCode === 421 || e.responseCode === 454;
  if (typeof e?.code === 'string' && outageCodes.has(e.code)) return true;
  return /ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|ECONNRESET/.test(String(e?.message ?? ''));
};

/**
 * The outbox worker: claims due mails, sends them, and on failure schedules the next attempt
 * with exponential backoff. A mail the server refuses counts its attempts and finally fails. An
 * unreachable server is no mail's fault: the whole outbox waits (1 s, doubling, at most 30 s)
 * with every mail's attempts untouched, so after an outage of any length everything goes out
 * within 30 s of the server's return, each mail once.
 */
export const createMailService = (o: MailWorkerOptions): MailService => {
  const pollMs = o.pollMs ?? 1000;
  const baseDelayMs = o.baseDelayMs ?? 5_000;
  const maxDelayMs = o.maxDelayMs ?? 60 * 60_000;
  const maxAttempts = o.maxAttempts ?? 20;
  const outage = o.outageDelayMs ?? { first: 1_000, max: 30_000 };
  let outageDelayMs = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  const sendDue = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      const batch = await claimDueMails(o.db, o.now(), 5 * 60_000, 20);
      if (batch.length === 0) return sent;
      for (const [index, row] of batch.entries()) {
        try {
          await o.transport.send({
            from: o.from,
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
            attachments: row.attachments,
          });
          await markSent(o.db, row.id, o.now());
          outageDelayMs = 0;
          sent++;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (isOutage(error)) {
            // The rest of the batch would fail the same way: all wait, none is charged an attempt.
            outageDelayMs = outageDelayMs === 0 ? outage.first : Math.min(outage.max, outageDelayMs * 2);
            o.log.warn({ mailId: row.id, waitMs: outageDelayMs }, `mail server unreachable: ${message}`);
            const rest = batch.slice(index).map((r) => r.id);
            await postponeMails(o.db, rest, new Date(o.now().getTime() + outageDelayMs), message);
            return sent;
          }
          const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, row.attempts - 1));
          const giveUp = row.attempts >= maxAttempts;
          o.log.warn({ mailId: row.id, attempts: row.attempts, giveUp }, `mail delivery failed: ${message}`);
          await markRetry(o.db, row.id, new Date(o.now().getTime() + delay), message, giveUp);
        }
      }
    }
  };

  const drain = (): Promise<number> => {
    running ??= sendDue().finally(() => {
      running = undefined;
    });
    return running;
  };

  const tick = () => {
    if (stopped) return;
    drain()
      .catch((error) => o.log.warn({ err: error }, 'mail worker tick failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };

  return {
    delivers: o.transport.delivers,
    nudge: () => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(tick, 10);
    },
    drain,
    start: () => {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, 0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
      o.transport.close();
    },
  };
};
