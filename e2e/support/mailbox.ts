import fs from 'node:fs';
import path from 'node:path';
import { baseUrl, mailDir } from './run-state';
import type { StoredMail } from './smtp-sink';

export type { StoredMail };

/** Every mail received so far for `address` (envelope recipient), oldest first. */
export const mailsFor = (address: string): StoredMail[] => {
  const dir = mailDir();
  const wanted = address.toLowerCase();
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as StoredMail)
    .filter((mail) => mail.to.includes(wanted));
};

export type WaitOptions = Readonly<{
  /** Only mails whose subject contains this text or matches this pattern. */
  subject?: string | RegExp;
  /** Wait until this many matching mails exist and return the last of them (default 1). */
  count?: number;
  /** Milliseconds (default 20 s: the server's outbox sends within a second or two). */
  timeout?: number;
}>;

const matches = (mail: StoredMail, subject: WaitOptions['subject']) =>
  subject === undefined || (typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject));

/** Waits (polling the mail directory) for the `count`-th matching mail to `address`. */
export const waitForMail = async (address: string, options: WaitOptions = {}): Promise<StoredMail> => {
  const { subject, count = 1, timeout = 20_000 } = options;
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = mailsFor(address).filter((m) => matches(m, subject));
    const mail = found[count - 1];
    if (mail) return mail;
    if (Date.now() > deadline) {
      const seen = mailsFor(address).map((m) => `"${m.subject}"`);
      throw new Error(
        `No mail #${count} to ${address}${subject ? ` with subject ${String(subject)}` : ''} within ${timeout} ms` +
          ` (mails to this address: ${seen.length ? seen.join(', ') : 'none'})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * The first link to the app in the mail's text part, as an absolute URL. The mail layout puts it
 * after "<action label>: " on its own line.
 */
export const linkIn = (mail: StoredMail): string => {
  const origin = baseUrl();
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"'<>]*`).exec(mail.text);
  if (!match) throw new Error(`No link to ${origin} in the mail "${mail.subject}":\n${mail.text}`);
  return match[0];
};

/** The link's path and query (what `page.goto` takes with the configured base URL). */
export const pathOf = (link: string): string => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
