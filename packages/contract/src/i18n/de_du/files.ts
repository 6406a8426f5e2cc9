import type { files as source } from '../de_sie/files';

export const files: Record<keyof typeof source, string> = {
  'files.linkInvalid': 'Der Link ist ungültig oder abgelaufen. Bitte fordere ihn erneut an.',
  'files.notFound': 'Fehler beim Laden der Datei',
  'files.uploadNotFound': 'Der Upload wurde nicht gefunden oder ist bereits abgeschlossen.',
  'files.tooLarge': 'Die Datei ist größer als beim Hochladen angegeben.',
  'files.incomplete': 'Die Datei wurde nicht vollständig übertragen. Bitte versuche es erneut.',
  'files.rangeNotSatisfiable': 'Der angeforderte Bereich liegt außerhalb der Datei.',
  'files.busy': 'Dieser Teil der Datei wird gerade bereits hochgeladen.',
};
