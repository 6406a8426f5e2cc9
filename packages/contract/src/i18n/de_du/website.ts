import type { website as source } from '../de_sie/website';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const website: Partial<Record<keyof typeof source, string>> = {
  'website.inactiveHint': 'Die Website ist noch nicht aktiv. Du kannst sie unter Einstellungen aktivieren.',
  'website.pages.empty': 'Noch keine Seiten. Leg die erste Seite an.',
  'website.settings.interfacesHint': 'Verbinde Design-Blöcke mit den Daten einer Schnittstelle.',
  'website.error.menuTitle': 'Bitte gib einen Titel für das Menü an.',
  'website.error.hostInvalid': 'Bitte gib einen gültigen Hostnamen an, z. B. www.beispiel.de.',
  'website.host.pendingHint':
    'Bis zur Bestätigung wird die Website unter dieser Domain nicht ausgeliefert. Leg bei deinem DNS-Anbieter diesen TXT-Eintrag an und prüf ihn dann:',
  'website.host.checkTimeout':
    'Der DNS-Server hat nicht rechtzeitig geantwortet. Bitte versuch es in einigen Minuten erneut.',
  'website.error.colour': 'Bitte gib eine Farbe im Format #RRGGBB an.',
  'website.error.number': 'Bitte gib eine Zahl zwischen 1 und 100 an.',
  'website.error.invalid': 'Bitte prüf die markierten Eingaben.',
};
