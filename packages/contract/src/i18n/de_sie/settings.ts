/** Formal German texts of the settings area (spec 02 §2.2). */
export const settings = {
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
    '„{section}“ wird gerade entwickelt und steht in Kürze zur Verfügung. Adressen, Bankverbindungen und Steuersätze können Sie bereits jetzt pflegen.',
  'settings.notFound': 'Seite nicht gefunden',
} as const;
