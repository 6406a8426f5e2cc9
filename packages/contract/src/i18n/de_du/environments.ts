import type { environments as source } from '../de_sie/environments';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const environments: Partial<Record<keyof typeof source, string>> = {
  'environments.notMember': 'Du hast keinen Zugriff auf diese Firmenumgebung.',
  'environments.unknown': 'Diese Firmenumgebung gibt es nicht.',
  'environments.notActive': 'Die Firmenumgebung ist nicht aktiv. Du kannst keine Datensätze anlegen oder bearbeiten.',
  'environments.inviteSent': 'Wir haben eine Einladung per E-Mail an {email} geschickt.',
  'environments.inviteFailed': 'Beim Einladen des Benutzers ist ein unerwarteter Fehler aufgetreten.',
  'environments.alreadyMember': 'Diese Person gehört schon zur Firmenumgebung.',
  'environments.invitationLimit':
    'Heute wurden schon zu viele Einladungen verschickt. Bitte versuch es morgen noch mal.',
  'environments.invitationRemoved': 'Die Einladung ist entfernt.',
};
