import type { Db } from '../db/client';
import { claimDueMails, markRetry, markSent } from './outbox.repo';
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
}>;

/**
 * The outbox worker: claims due mails, sends them, and on failure schedules the next attempt
 * with exponential backoff. A mail written while SMTP is down goes out once it is back.
 */
export const createMailService = (o: MailWorkerOptions): MailService => {
  const pollMs = o.pollMs ?? 1000;
  const baseDelayMs = o.baseDelayMs ?? 5_000;
  const maxDelayMs = o.maxDelayMs ?? 60 * 60_000;
  const maxAttempts = o.maxAttempts ?? 20;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  const sendDue = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      const batch = await claimDueMails(o.db, o.now(), 5 * 60_000, 20);
      if (batch.length === 0) return sent;
      for (const row of batch) {
        try {
          await o.transport.send({
            from: o.from,
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
          });
          await markSent(o.db, row.id, o.now());
          sent++;
        } catch (error) {
          const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, row.attempts - 1));
          const giveUp = row.attempts >= maxAttempts;
          const message = error instanceof Error ? error.message : String(error);
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
