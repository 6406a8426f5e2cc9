import type { setup as source } from '../de_sie/setup';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const setup: Partial<Record<keyof typeof source, string>> = {
  'setup.title': 'Firmenumgebung einrichten',
  'setup.step1': 'Firmendaten eingeben',
  'setup.cancelTitle': 'Einrichtung abbrechen',
  'setup.cancelQuestion': 'Willst du die Einrichtung wirklich abbrechen?',
  'setup.intro': 'Richte „{name}“ in drei kurzen Schritten ein. Alles kannst du später in den Einstellungen ändern.',
  'setup.progress': 'Fortschritt der Einrichtung',
  'setup.cancelKeep': 'Weiter einrichten',
  'setup.step1Intro': 'Wie heißt deine Firma, und wie sollen Datumsangaben, Beträge und Texte angezeigt werden?',
  'setup.step2Intro': 'Diese Adresse steht als Absender auf deinen Rechnungen.',
  'setup.step3Intro': 'Diese Bankverbindung steht auf deinen Rechnungen.',
  'setup.doneTitle': 'Einrichtung abgeschlossen',
  'setup.doneText': 'Deine Firmenumgebung ist eingerichtet. Du kannst jetzt loslegen.',
  'setup.saveFailed': 'Beim Speichern ist ein unerwarteter Fehler aufgetreten.',
  'setup.loadFailed': 'Der Einrichtungsassistent konnte nicht geladen werden',
  'setup.loadFailedHint': 'Bitte versuch es später noch einmal …',
  'setup.invalid': 'Bitte prüf die markierten Felder.',
  'setup.invalidOption': 'Bitte wähl einen der angebotenen Werte.',
  'setup.languageDeSie': 'Deutsch (Sie)',
  'setup.languageDeDu': 'Deutsch (du)',
};
