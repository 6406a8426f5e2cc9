import type { files as source } from '../de_sie/files';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const files: Partial<Record<keyof typeof source, string>> = {
  'files.linkInvalid': 'Der Link ist ungültig oder abgelaufen. Bitte fordere ihn erneut an.',
  'files.incomplete': 'Die Datei wurde nicht vollständig übertragen. Bitte versuche es erneut.',
  'files.uploadClosed':
    'Dieser Upload ist bereits abgeschlossen oder abgebrochen; die Daten wurden nicht gespeichert. Bitte lade die Datei erneut hoch.',
  'files.nameBlank': 'Bitte gib einen Namen an.',
  'files.directoryFull': 'Ein Ordner kann höchstens {n} Einträge enthalten. Bitte leg einen Unterordner an.',
  'files.mainDirectoryMissing': 'Das Hauptverzeichnis konnte nicht geladen werden ... Bitte kontaktiere den Support!',
  'files.empty': 'Dieser Ordner ist leer. Lade Dateien hoch oder zieh sie hierher.',
  'files.previewFailed': 'Die Vorschau konnte nicht geladen werden ...',
  'files.resumeHint': 'Der Upload von „{name}“ wurde unterbrochen. Wähle dieselbe Datei erneut, um ihn fortzusetzen.',
  'files.fieldFileMissing': 'Eine gewählte Datei gibt es nicht mehr. Bitte entferne sie aus der Auswahl.',
};
