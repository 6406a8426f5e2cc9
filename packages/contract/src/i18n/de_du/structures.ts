import type { structures as source } from '../de_sie/structures';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const structures: Partial<Record<keyof typeof source, string>> = {
  'structures.loadError': 'Beim Laden der Datenstruktur-Informationen ist ein Fehler aufgetreten.',
  'structures.saveError': 'Beim Speichern der Datenstruktur ist ein Fehler aufgetreten.',
  'structures.createError': 'Beim Erstellen der Datenstruktur ist ein Fehler aufgetreten.',
  'structures.deleteError': 'Beim Entfernen der Datenstruktur ist ein unerwarteter Fehler aufgetreten.',
  'structures.invalid': 'Die Datenstruktur enthält Fehler. Bitte prüf die markierten Angaben.',
  'structures.parentInvalid': 'Als Basis kannst du nur einen anlegbaren Grundtyp ohne eigene Basis wählen.',
  'structures.stale': 'Die Datenstruktur wurde inzwischen von jemand anderem geändert. Bitte lade sie neu.',
  'structures.createIntro':
    'Eine Datenstruktur baut auf einem Grundtyp auf und erbt dessen Felder. Eigene Felder, Formulare und Listen ergänzt du danach im Editor.',
  'structures.empty': 'Noch keine Datenstrukturen. Leg die erste an, z. B. „Fahrzeuge“ auf Basis von Artikeln.',
  'structures.deleteText':
    'Die Datenstruktur „{name}“ wird endgültig entfernt. Gib zur Bestätigung ihre Kennung „{key}“ ein.',
  'structures.selectHint': 'Wähl ein Element, um es zu bearbeiten.',
  'structures.settingsEmpty': 'Diese Datenstruktur hat keine Einstellungen mehr. Speichere, um sie zu entfernen.',
  'structures.tooMany':
    'Eine Umgebung kann höchstens {n} Datenstrukturen haben. Bitte entferne zuerst eine, die du nicht mehr brauchst.',
  'structures.tabAccess': 'Rechte',
  'structures.accessIntro':
    'Inhaber und Administratoren dürfen alles. Hier legst du fest, was die anderen Rollen mit den Datensätzen dieser Datenstruktur tun dürfen.',
  'structures.accessRole': 'Rolle',
  'structures.accessRead': 'Lesen',
  'structures.accessCreate': 'Anlegen',
  'structures.accessEdit': 'Bearbeiten',
  'structures.accessDelete': 'Löschen',
  'structures.accessStages': 'Stufen, in die Mitarbeiter Datensätze verschieben dürfen',
  'structures.accessNoStages': 'Diese Datenstruktur hat keine Stufen.',
  'structures.accessReadOnlyRole':
    'Diese Rolle ändert nie etwas; hier wird nur festgelegt, ob sie die Datensätze sieht.',
  'structures.accessStageUnknown': 'Diese Stufe gibt es in der Datenstruktur nicht.',
};
