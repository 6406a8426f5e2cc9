import type { settings as source } from '../de_sie/settings';

export const settings: Record<keyof typeof source, string> = {
  'settings.title': 'Einstellungen',
  'settings.navLabel': 'Bereiche der Einstellungen',
  'settings.general': 'Allgemein',
  'settings.addresses': 'Adressen',
  'settings.bankDetails': 'Bankverbindungen',
  'settings.users': 'Benutzer',
  'settings.dataStructures': 'Datenstrukturen',
  'settings.taxes': 'Steuersätze',
  'settings.portal': 'Portal',
  'settings.soon': 'Bald verfügbar',
  'settings.soonShort': 'bald',
  'settings.soonTitle': 'Dieser Bereich folgt in Kürze',
  'settings.soonText':
    '„{section}“ wird gerade entwickelt und steht in Kürze zur Verfügung. Adressen, Bankverbindungen und Steuersätze kannst du bereits jetzt pflegen.',
  'settings.notFound': 'Seite nicht gefunden',
};
