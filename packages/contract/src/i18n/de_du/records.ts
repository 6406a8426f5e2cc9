import type { records as source } from '../de_sie/records';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const records: Partial<Record<keyof typeof source, string>> = {
  'records.unknownType': 'Seite nicht gefunden …',
  'records.missingList': 'Für diesen Datentyp fehlt eine Listen-Definition.',
  'records.unknownSortField': 'Nach dieser Spalte kannst du nicht sortieren.',
  'records.unknownFilterField': 'Nach dieser Spalte kannst du nicht filtern.',
  'records.invalidCursor': 'Die Seitenposition ist ungültig. Bitte lade die Liste neu.',
  'records.saveSuccess': 'Der Datensatz wurde gespeichert.',
  'records.saveFailed': 'Beim Speichern ist ein unerwarteter Fehler aufgetreten.',
  'records.saveInvalid': 'Der Datensatz konnte nicht gespeichert werden. Bitte prüf die markierten Felder.',
  'records.removeFailed': 'Beim Entfernen des Datensatzes ist ein unerwarteter Fehler aufgetreten.',
  'records.removeQuestion': 'Willst du diesen Datensatz wirklich entfernen?',
  'records.formLoadFailed': 'Das Formular konnte nicht geladen werden …',
  'records.formNotFound': 'Das Formular wurde nicht gefunden.',
  'records.staleVersion':
    'Jemand anderes hat den Datensatz inzwischen geändert. Deine Änderungen wurden nicht gespeichert – bitte lade den Datensatz neu.',
  'records.editDisabled': 'In diesem Status kann der Datensatz nicht mehr bearbeitet werden.',
  'records.modelNotFound': 'Den ausgewählten Datensatz gibt es nicht.',
  'records.tooManyEntries': 'Es sind höchstens {n} Einträge erlaubt.',
  'records.unknownFieldType': 'Unbekannter Feld-Typ „{type}“ – Feld: {field}',
  'records.unknownElementType': 'Für das Element „{type}“ fehlt eine Darstellung.',
  'records.positionNotFound': 'Position nicht gefunden',
  'records.positionNotFoundHint': 'Bitte lade die Seite neu.',
  'records.selectorEmpty': 'Keine Datensätze gefunden …',
  'records.selectorMissingLabel': 'Angaben für die Beschriftung fehlen',
  'records.selectorUnknownColumn': 'Die Beschriftung der Auswahl nennt ein unbekanntes Feld.',
  'records.fileAlreadyAdded': 'Diese Datei ist schon ausgewählt. Trotzdem hinzufügen?',
  'records.stageUnknown': 'Unbekannter Status „{stage}“',
  'records.leaveText':
    'Deine Änderungen wurden noch nicht gespeichert und gehen verloren, wenn du die Seite jetzt verlässt.',
  'records.emptyText': 'Leg den ersten Datensatz an, um loszulegen.',
  'records.fileManagerPending': 'Der Dateimanager ist noch nicht angebunden: Bitte gib die Datei-ID ein.',
};
