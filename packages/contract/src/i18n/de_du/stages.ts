import type { stages as source } from '../de_sie/stages';

/** Only the texts that differ from the "Sie" form (see de_du.ts). */
export const stages: Partial<Record<keyof typeof source, string>> = {
  'stages.prepareFailed':
    'Es ist ein unerwarteter Fehler beim Vorbereiten des Datensatzes zur Statusänderung aufgetreten.',
  'stages.frozen':
    'Dieses Dokument ist festgeschrieben und kann nicht mehr geändert oder entfernt werden. Korrigiere es über eine Stornierung.',
  'stages.linkInvalid': 'Der Link ist ungültig oder abgelaufen. Bitte öffne die Vorschau erneut.',
  'stages.exportDeleteConfirm': 'Willst du den Export „{name}“ wirklich entfernen?',
};
