import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { type MailAttachment, parseMail } from './mime';

/** One received message as the test workers read it from the mail directory. */
export type StoredMail = Readonly<{
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  /** Envelope sender (MAIL FROM). */
  envelopeFrom: string;
  subject: string;
  from: string;
  text: string;
  html: string;
  /** Files sent with the mail (a booking's .ics), decoded as text. */
  attachments: MailAttachment[];
  /** Milliseconds since the epoch, when the message was complete. */
  receivedAt: number;
  /** Order of arrival within the run. */
  seq: number;
}>;

export type SmtpSink = Readonly<{ port: number; close: () => Promise<void> }>;

/**
 * A real SMTP server on 127.0.0.1 that accepts every message without authentication and writes
 * each one as a JSON file into `dir` (written under a temporary name, then renamed, so a reader
 * never sees half a file).
 */
export const startSmtpSink = async (dir: string): Promise<SmtpSink> => {
  fs.mkdirSync(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const parsed = parseMail(Buffer.concat(chunks).toString('utf8'));
          seq += 1;
          const mail: StoredMail = {
            ...parsed,
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            receivedAt: Date.now(),
            seq,
          };
          const name = `${String(seq).padStart(6, '0')}.json`;
          const tmp = path.join(dir, `.${name}.tmp`);
          fs.writeFileSync(tmp, JSON.stringify(mail, null, 2));
          fs.renameSync(tmp, path.join(dir, name));
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  server.on('error', (error) => console.error('[e2e smtp]', error));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
