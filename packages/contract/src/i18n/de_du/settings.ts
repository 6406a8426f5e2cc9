import type { settings as source } from '../de_sie/settings';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const settings: Partial<Record<keyof typeof source, string>> = {
  'settings.soonText': '„{section}“ wird gerade entwickelt und ist bald für dich da.',
  'settings.saveSuccess': 'Die Firmenumgebung ist gespeichert.',
  'settings.saveFailed': 'Beim Speichern ist ein unerwarteter Fehler passiert.',
  'settings.invalid': 'Bitte prüf die markierten Felder.',
  'settings.taxNumberInvalid': 'Gib eine gültige Steuernummer an (z. B. 12/345/67890).',
  'settings.vatIdInvalid': 'Gib eine gültige USt-IdNr. an (DE und 9 Ziffern, z. B. DE123456789).',
  'settings.phoneInvalid': 'Gib eine gültige Telefonnummer an (Ziffern, Leerzeichen, +, /, - und Klammern).',
  'settings.defaultUnknown': 'Den gewählten Eintrag gibt es in dieser Firmenumgebung nicht.',
  'settings.modulesSaved': 'Die Module sind gespeichert.',
  'settings.userUnknown': 'Diesen Benutzer gibt es in dieser Firmenumgebung nicht.',
  'settings.userActivated': 'Der Benutzer ist wieder aktiv.',
  'settings.userDeactivated': 'Der Benutzer ist deaktiviert.',
  'settings.portalSaved': 'Das Portal ist gespeichert.',
  'settings.slugReserved': 'Diese Adresse ist reserviert. Wähl bitte eine andere.',
  'settings.slugTaken': 'Diese Adresse ist schon vergeben. Wähl bitte eine andere.',
  'settings.functionSaved': 'Die Einstellungen sind gespeichert.',
  'settings.websiteHint': 'z. B. www.deine-firma.de',
  'settings.modulesText':
    'Schalte die Bereiche ein, die deine Firma nutzt. Ein Schalter wirkt sofort: der Bereich erscheint in der Seitenleiste oder verschwindet daraus.',
  'settings.moduleWebsite': 'Seiten, Design und Menüs deiner Website',
  'settings.moduleFilemanager': 'Ordner und Dateien deiner Firma',
  'settings.deactivateSelfQuestion':
    'Willst du dich wirklich selbst deaktivieren? Du verlierst sofort den Zugang zu dieser Firmenumgebung.',
  'settings.you': 'Du',
  'settings.removeInvitationFailed': 'Da ist leider etwas schiefgelaufen.',
  'settings.inviteText':
    'Wir schicken eine Einladung per E-Mail. Wer noch kein Konto hat, registriert sich zuerst und nimmt die Einladung danach an.',
  'settings.portalIntro': 'Über das Portal erreichen deine Kundinnen und Kunden Formulare und Unterlagen deiner Firma.',
  'settings.noRights': 'Dafür fehlen dir die Rechte.',
  'settings.higherRole': 'Du kannst den Zugang von jemandem mit mehr Rechten als deinen nicht ändern.',
  'settings.roleAboveOwn': 'Du kannst keine Rolle vergeben, die mehr Rechte hat als deine eigene.',
  // Roles in the users and settings screens, and the members history (issue 29 items 4 and 5).
  'settings.inviteRoleHint':
    'Die Rolle bestimmt, was die eingeladene Person in dieser Firmenumgebung darf. Du kannst keine Rolle mit mehr Rechten als deiner eigenen vergeben.',
  'settings.roleOf': 'Rolle von {name}',
  'settings.roleOwnLocked': 'Deine eigene Rolle kannst du hier nicht ändern.',
  'settings.roleChangeFailed': 'Die Rolle konnte nicht geändert werden.',
  'settings.membersReadOnly':
    'Nur Inhaber und Administratoren verwalten Benutzer. Deine Rolle „{role}“ sieht die Liste, ändert aber nichts.',
  'settings.readOnlyNotice': 'Deine Rolle „{role}“ darf Einstellungen ansehen, aber nicht ändern.',
  'settings.auditTitle': 'Verlauf',
  'settings.auditEmpty': 'Noch keine Änderungen.',
  'settings.auditLoadFailed': 'Der Verlauf konnte nicht geladen werden.',
  'settings.auditRole': '{actor} hat die Rolle von {user} auf „{role}“ geändert.',
  'settings.auditActivated': '{actor} hat {user} aktiviert.',
  'settings.auditDeactivated': '{actor} hat {user} deaktiviert.',
  'settings.auditInvited': '{actor} hat {email} als „{role}“ eingeladen.',
  'settings.auditTypeAccess': '{actor} hat die Zugriffsrechte für „{type}“ geändert.',
  'settings.auditTypeAccessAny': '{actor} hat Zugriffsrechte geändert.',
  'settings.auditGone': '„Gelöschtes Konto“',
};
