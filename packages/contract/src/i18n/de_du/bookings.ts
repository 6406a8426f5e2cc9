import type { bookings as source } from '../de_sie/bookings';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const bookings: Partial<Record<keyof typeof source, string>> = {
  'bookings.noRooms': 'Noch keine Räume angelegt. Leg unter „Räume“ den ersten an.',
  'bookings.roomInUse': 'Der Raum hat noch Buchungen ({count}). Bitte verschieb oder storniere sie zuerst.',
  'bookings.dragHint':
    'Zieh über freie Zeit, um zu buchen; zieh eine Buchung, um sie zu verschieben, oder ihren rechten Rand, um die Dauer zu ändern.',
  'bookings.publicIntro': 'Frag hier einen Termin bei {company} an. Wir bestätigen ihn per E-Mail.',
  'bookings.publicThanks':
    'Vielen Dank! Deine Anfrage ist eingegangen. Du bekommst eine E-Mail, sobald wir sie bestätigt haben.',
  'bookings.publicInvalid': 'Bitte prüf deine Angaben.',
  'bookings.publicRequired': 'Bitte füll dieses Feld aus.',
  'bookings.publicEmailInvalid': 'Bitte gib eine gültige E-Mail-Adresse an.',
  'bookings.mailSubject': 'Deine Buchung bei {company} ist bestätigt',
  'bookings.mailBody':
    'Hallo {name},\n\ndeine Buchung bei {company} ist bestätigt:\n\n{room}, {start} bis {end}\n\nIm Anhang findest du den Termin für deinen Kalender.\n\nViele Grüße\n{company}',
};
