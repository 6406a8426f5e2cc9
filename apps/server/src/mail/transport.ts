import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { OutgoingMail } from './outbox.repo';

export type MailTransport = Readonly<{
  send: (mail: OutgoingMail & { from: string }) => Promise<void>;
  close: () => void;
  /** True when mails really leave the machine; false for the console transport of development. */
  delivers: boolean;
}>;

/** SMTP through nodemailer, e.g. `smtp://user:pass@mail.example.com:587` or `smtps://…:465`. */
export const smtpTransport = (url: string): MailTransport => {
  // Loaded only with SMTP_URL: the development mailbox and the tests without SMTP never need it.
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof Nodemailer;
  // Pooled: the outbox sends mail after mail, and a new connection (and TLS handshake) for each
  // made 1,000 mails after an outage take 106 s on localhost.
  const transporter = nodemailer.createTransport({ url, pool: true });
  return {
    delivers: true,
    send: async (mail) => {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
    },
    close: () => transporter.close(),
  };
};

/**
 * Links in a logged mail lose their path: activation and reset links are credentials, and logs
 * travel further than the machine (collectors, support tickets). The full mail stays on the
 * loopback-only development page.
 */
const redactLinks = (text: string): string =>
  text.replace(/(https?:\/\/[^\s/]+)\/[^\s]*/g, '$1/… (Link: siehe /dev/mails)');

/** Without SMTP_URL: the mail is printed without its links, and readable on the development mail page. */
export const consoleTransport = (log: (line: string) => void): MailTransport => ({
  delivers: false,
  send: async (mail) => {
    log(`\n--- E-Mail an ${mail.to}: ${mail.subject}\n${redactLinks(mail.text)}\n---`);
  },
  close: () => {},
});
