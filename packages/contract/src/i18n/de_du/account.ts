import type { account as source } from '../de_sie/account';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const account: Partial<Record<keyof typeof source, string>> = {
  'account.invitationsTitle': 'Offene Einladungen',
  'account.declineQuestion': 'Willst du die Einladung zur Firmenumgebung „{name}“ wirklich ablehnen?',
  'account.acceptFailed': 'Beim Annehmen der Einladung ist ein unerwarteter Fehler aufgetreten.',
  'account.declineFailed': 'Beim Ablehnen der Einladung ist ein unerwarteter Fehler aufgetreten.',
  'account.invitationUnknown': 'Die Einladung gibt es nicht mehr oder sie ist nicht mehr gültig.',
  'account.noEnvironments': 'Du gehörst noch zu keiner Firmenumgebung. Erstell eine neue oder nimm eine Einladung an.',
  'account.envNameRequired': 'Bitte gib einen Namen für die Firmenumgebung an.',
  'account.presetRequired': 'Bitte wähl eine Vorlage aus.',
  'account.presetUnknown': 'Diese Vorlage gibt es nicht.',
  'account.createdText': 'Die Firmenumgebung „{name}“ ist angelegt. Willst du sie gleich einrichten?',
  'account.configureNow': 'Jetzt einrichten',
  'account.editPlaceholder': 'Das Bearbeiten des Accounts kommt in Kürze.',
  'account.settingsUnknown': 'Diese Einstellungsseite gibt es nicht.',
  'account.logoutEverywhereText': 'Beendet alle Sitzungen deines Accounts auf allen Geräten, auch diese hier.',
  'account.logoutEverywhereQuestion': 'Willst du dich wirklich auf allen Geräten ausloggen?',
  'account.currentPasswordWrong': 'Das aktuelle Passwort stimmt nicht.',
  'account.changePwSuccess': 'Dein Passwort wurde erfolgreich geändert.',
  'account.selectIntro': 'Wähl die Firmenumgebung, in der du arbeiten willst.',
  'account.createIntro':
    'Gib der Firmenumgebung einen Namen und wähl eine Vorlage. Alles Weitere kannst du danach einrichten.',
};
