import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { newId } from '../db/ids';
import { type MailAttachment, mailOutbox } from './mail.table';

export type OutgoingMail = Readonly<{
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: readonly MailAttachment[] | undefined;
}>;
type OutboxRow = typeof mailOutbox.$inferSelect;

/** Writes a mail into the outbox inside the caller's transaction: it is sent only if the change commits. */
export const enqueueMail = async (tx: Tx | Db, mail: OutgoingMail, now: Date): Promise<void> => {
  await tx.insert(mailOutbox).values({
    id: newId(),
    createdAt: now,
    nextAttemptAt: now,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    attachments: [...(mail.attachments ?? [])],
  });
};

/**
 * Claims up to `limit` due mails by pushing their next attempt out by `leaseMs`, so a second
 * worker (another app instance) skips them while this one sends.
 */
export const claimDueMails = (db: Db, now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> =>
  db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(sql`${mailOutbox.id} in ${due.map((d) => d.id)}`)
      .returning();
  });

export const markSent = (db: Db, id: string, now: Date) =>
  db.update(mailOutbox).set({ status: 'sent', sentAt: now, lastError: null }).where(eq(mailOutbox.id, id));

/**
 * Puts claimed mails back untouched but for their next attempt: the mail server was unreachable,
 * which is no fault of theirs, so the claim's attempt is taken back.
 */
export const postponeMails = (db: Db, ids: string[], nextAttemptAt: Date, error: string) =>
  ids.length === 0
    ? Promise.resolve()
    : db
        .update(mailOutbox)
        .set({ nextAttemptAt, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)`, lastError: error.slice(0, 2000) })
        .where(and(eq(mailOutbox.status, 'pending'), inArray(mailOutbox.id, ids)));

export const markRetry = (db: Db, id: string, nextAttemptAt: Date, error: string, giveUp: boolean) =>
  db
    .update(mailOutbox)
    .set({ status: giveUp ? 'failed' : 'pending', nextAttemptAt, lastError: error.slice(0, 2000) })
    .where(eq(mailOutbox.id, id));

export const recentMails = (db: Db, limit: number) =>
  db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);

/** Housekeeping: sent mails are kept 30 days for the development page and support questions. */
export const deleteOldSentMails = (db: Db, now: Date) =>
  db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), lte(mailOutbox.sentAt, new Date(now.getTime() - 30 * 24 * 60 * 60_000))));
