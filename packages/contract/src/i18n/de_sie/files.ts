/** Formal German texts of the file area: signed download and upload links (spec 01 §4, §8). */
export const files = {
  'files.linkInvalid': 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie ihn erneut an.',
  'files.notFound': 'Fehler beim Laden der Datei',
  'files.uploadNotFound': 'Der Upload wurde nicht gefunden oder ist bereits abgeschlossen.',
  'files.tooLarge': 'Die Datei ist größer als beim Hochladen angegeben.',
  'files.incomplete': 'Die Datei wurde nicht vollständig übertragen. Bitte versuchen Sie es erneut.',
  'files.rangeNotSatisfiable': 'Der angeforderte Bereich liegt außerhalb der Datei.',
  'files.busy': 'Dieser Teil der Datei wird gerade bereits hochgeladen.',
} as const;
