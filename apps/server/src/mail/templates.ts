import { type Language, type MessageKey, translator } from '@kontor/contract/i18n/catalogs';
import { escapeHtml } from '../public/html';
import { defang } from './defang';
import type { OutgoingMail } from './outbox.repo';

/**
 * `name`: a name the recipient confirmed as theirs (an activated account's), or undefined for an
 * unverified address: a registrant may type anything as first name, including a phishing text,
 * and the mail would carry it to any address.
 */
type Layout = Readonly<{
  to: string;
  name: string | undefined;
  subject: string;
  text: string;
  actionLabel: string;
  link: string;
}>;

/** One plain and one HTML rendering of the same short mail: greeting, text, one button, signature. */
const compose = (language: Language, m: Layout): OutgoingMail => {
  const t = translator(language);
  const greeting = m.name ? t('mail.greeting', { name: defang(m.name) }) : t('mail.greetingAnonymous');
  const text = [
    greeting,
    '',
    m.text,
    '',
    `${m.actionLabel}: ${m.link}`,
    '',
    t('mail.ignore'),
    '',
    t('mail.signature'),
  ].join('\n');
  const html = `<!doctype html><html lang="${language === 'en' ? 'en' : 'de'}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(m.text)}</p>
<p style="margin:28px 0"><a href="${escapeHtml(m.link)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(m.actionLabel)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(m.link)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t('mail.ignore'))}</p>
<p>${escapeHtml(t('mail.signature'))}</p>
</body></html>`;
  return { to: m.to, subject: m.subject, text, html };
};

const simple =
  (subject: MessageKey, body: MessageKey, action: MessageKey) =>
  (language: Language, p: { to: string; name: string | undefined; link: string }): OutgoingMail => {
    const t = translator(language);
    return compose(language, { ...p, subject: t(subject), text: t(body), actionLabel: t(action) });
  };

export const activationMail = simple('mail.activationSubject', 'mail.activationText', 'mail.activationAction');
export const resetMail = simple('mail.resetSubject', 'mail.resetText', 'mail.resetAction');

export const invitationMail = (
  language: Language,
  p: { to: string; envName: string; inviter: string; link: string; registered: boolean },
): OutgoingMail => {
  const t = translator(language);
  // Both names were typed by others than the recipient: no working address may survive in them.
  const vars = { env: defang(p.envName), inviter: defang(p.inviter) };
  return compose(language, {
    to: p.to,
    name: undefined,
    link: p.link,
    subject: t('mail.invitationSubject', vars),
    text: t(p.registered ? 'mail.invitationTextKnown' : 'mail.invitationTextUnknown', vars),
    actionLabel: t(p.registered ? 'mail.invitationActionKnown' : 'mail.invitationActionUnknown'),
  });
};

export const alreadyRegisteredMail = simple(
  'mail.alreadyRegisteredSubject',
  'mail.alreadyRegisteredText',
  'mail.alreadyRegisteredAction',
);

export const portalLoginMail = simple(
  'queryForms.portalMailSubject',
  'queryForms.portalMailText',
  'queryForms.portalMailAction',
);
