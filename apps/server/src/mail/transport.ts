import nodemailer from 'nodemailer';
import type { OutgoingMail } from './outbox.repo';

export type MailTransport = Readonly<{
  send: (mail: OutgoingMail & { from: string }) => Promise<void>;
  close: () => void;
  /** True when mails really leave the machine; false for the console transport of development. */
  delivers: boolean;
}>;

/** SMTP through nodemailer, e.g. `smtp://user:pass@mail.example.com:587` or `smtps://…:465`. */
export const smtpTransport = (url: string): MailTransport => {
  const transporter = nodemailer.createTransport(url);
  return {
    delivers: true,
    send: async (mail) => {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transporter.close(),
  };
};

/** Without SMTP_URL: the mail is printed, and stays readable on the development mail page. */
export const consoleTransport = (log: (line: string) => void): MailTransport => ({
  delivers: false,
  send: async (mail) => {
    log(`\n--- E-Mail an ${mail.to}: ${mail.subject}\n${mail.text}\n---`);
  },
  close: () => {},
});
