/** Formal German texts of the environments area: the spec's wording, verbatim (typos included). */
export const environments = {
  'environments.notMember': 'Sie haben keinen Zugriff auf diese Firmenumgebung.',
  'environments.unknown': 'Die Firmenumgebung wurde nicht gefunden.',
  'environments.blocked': 'Firmenumgebung gesperrt',
  'environments.notActive':
    'Die Firmenumgebung ist nicht aktiv. Datensätze können nicht angelegt oder bearbeitet werden.',
  'environments.inviteSent': 'Es wurde eine Einladung per E-Mail an {email} gesendet.',
  'environments.inviteFailed': 'Es ist ein unerwarteter Fehler beim Einladen des Benutzers aufgetreten.',
  'environments.alreadyMember': 'Dieser Benutzer ist bereits Mitglied der Firmenumgebung.',
  'environments.invitationLimit':
    'Es wurden heute bereits zu viele Einladungen versendet. Bitte versuchen Sie es morgen erneut.',
  'environments.invitationRemoved': 'Die Einladung wurde entfernt.',
} as const;
