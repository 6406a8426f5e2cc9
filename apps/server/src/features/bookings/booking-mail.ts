import type { Translate } from '@kontor/contract/i18n/catalogs';
import { type DateFormat, formatDateTime } from '@kontor/contract/logic/number-format';
import { defang } from '../../mail/defang';
import type { OutgoingMail } from '../../mail/outbox.repo';
import { escapeHtml } from '../../public/html';

/** RFC 5545 text: backslash, semicolon, comma and line breaks escaped. */
const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** "20261124T180000Z": an instant in UTC, which every calendar reads without a zone table. */
const icsTime = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** Lines longer than 75 octets are folded (RFC 5545 §3.1). */
const fold = (line: string) => {
  const out: string[] = [];
  let rest = Buffer.from(line, 'utf8');
  while (rest.length > 75) {
    let cut = 75;
    while (cut > 0 && ((rest[cut] ?? 0) & 0xc0) === 0x80) cut--; // never inside a UTF-8 character
    out.push(rest.subarray(0, cut).toString('utf8'));
    rest = Buffer.concat([Buffer.from(' '), rest.subarray(cut)]);
  }
  out.push(rest.toString('utf8'));
  return out.join('\r\n');
};

export type ConfirmedBooking = Readonly<{
  id: string;
  name: string;
  email: string;
  room: string;
  company: string;
  from: Date;
  to: Date;
  stamp: Date;
}>;

/** The calendar entry of a confirmed booking. */
export const bookingIcs = (b: ConfirmedBooking): string =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kontor//Buchungen//DE',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${b.id}@kontor`,
    `DTSTAMP:${icsTime(b.stamp)}`,
    `DTSTART:${icsTime(b.from)}`,
    `DTEND:${icsTime(b.to)}`,
    `SUMMARY:${icsText(`${b.company}: ${b.room}`)}`,
    `LOCATION:${icsText(`${b.company}, ${b.room}`)}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
    .map(fold)
    .join('\r\n')
    .concat('\r\n');

/**
 * The guest's confirmation: the booking in words and as an .ics attachment. The guest's name was
 * typed by a stranger: defanged so it cannot become a link in the mail.
 */
export const confirmationMail = (b: ConfirmedBooking, t: Translate, dateFormat: DateFormat): OutgoingMail => {
  const params = {
    name: defang(b.name),
    company: defang(b.company),
    room: defang(b.room),
    start: formatDateTime(b.from, dateFormat),
    end: formatDateTime(b.to, dateFormat),
  };
  const text = t('bookings.mailBody', params);
  const html = `<!doctype html><html lang="de"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${text
  .split('\n\n')
  .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
  .join('\n')}
</body></html>`;
  return {
    to: b.email,
    subject: t('bookings.mailSubject', { company: params.company }),
    text,
    html,
    attachments: [
      {
        filename: 'buchung.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        contentBase64: Buffer.from(bookingIcs(b)).toString('base64'),
      },
    ],
  };
};
