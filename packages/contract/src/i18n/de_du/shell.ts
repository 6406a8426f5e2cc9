import type { shell as source } from '../de_sie/shell';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const shell: Partial<Record<keyof typeof source, string>> = {
  'shell.loading': 'Firmenumgebung wird geladen …',
  'shell.initErrorTitle': 'Da ist etwas schiefgelaufen',
  'shell.blockedText':
    'Diese Firmenumgebung wurde gesperrt. Du kannst im Moment keine Daten ansehen oder bearbeiten. Bitte wende dich an den Support.',
  'shell.configUpdated':
    'Die Konfiguration der Firmenumgebung wurde geändert. Lade die Anwendung neu, um die Änderungen zu übernehmen.',
  'shell.helpPlaceholder':
    'Die Hilfe erscheint in den nächsten Tagen. Bis dahin erreichst du unseren Support per E-Mail.',
  'shell.noNotifications': 'Du hast keine neuen Benachrichtigungen.',
  'shell.uploadPreparing': 'Wird vorbereitet …',
  'shell.uploadStarting': 'Wird gestartet …',
  'shell.logoutQuestion': 'Willst du dich wirklich ausloggen?',
  'shell.logoutText': 'Du wirst aus deinem Account abgemeldet.',
  'shell.dashboardPlaceholder': 'Dashboards kannst du in den Einstellungen einrichten.',
  'shell.comingSoonTitle': 'Bald verfügbar',
  'shell.comingSoonText':
    'An diesem Bereich arbeiten wir gerade. Er steht dir in Kürze zur Verfügung – danke für deine Geduld.',
  'shell.moduleInactive':
    'Dieses Modul ist in der Firmenumgebung nicht aktiviert. Du kannst Module in den Einstellungen einschalten.',
  'shell.notFoundText': 'Die Seite, die du aufgerufen hast, gibt es in dieser Firmenumgebung nicht.',
  'shell.downloadFailed': 'Beim Herunterladen ist ein Fehler aufgetreten.',
  'shell.downloadPrepareFailed': 'Beim Vorbereiten des Downloads ist ein Fehler aufgetreten.',
  'shell.downloadReady': 'Der Download ist bereit. Dein Browser hat das Öffnen eines neuen Tabs verhindert.',
  // A screen the member's role does not allow (issue 29 item 4).
  'shell.noAccessTitle': 'Kein Zugriff',
  'shell.noAccessText':
    'Deine Rolle erlaubt diesen Bereich nicht. Wende dich an einen Inhaber oder Administrator dieser Umgebung.',
};
