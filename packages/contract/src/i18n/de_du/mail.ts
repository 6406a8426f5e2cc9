import type { mail as source } from '../de_sie/mail';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const mail: Partial<Record<keyof typeof source, string>> = {
  'mail.signature': 'Dein Kontor-Team',
  'mail.ignore': 'Falls du diese E-Mail nicht angefordert hast, kannst du sie einfach ignorieren.',
  'mail.activationSubject': 'Bitte bestätige deine E-Mail-Adresse',
  'mail.activationText':
    'danke für deine Registrierung! Bitte bestätige deine E-Mail-Adresse über den folgenden Link. Er ist 7 Tage gültig.',
  'mail.resetText':
    'für deinen Account wurde angefordert, das Passwort zurückzusetzen. Über den folgenden Link legst du ein neues Passwort fest. Er ist 1 Stunde gültig.',
  'mail.invitationSubject': 'Einladung zur Firmenumgebung „{env}“',
  'mail.invitationTextKnown':
    '{inviter} hat dich in die Firmenumgebung „{env}“ eingeladen. Nach dem Einloggen findest du die Einladung in deiner Übersicht und kannst sie dort annehmen.',
  'mail.invitationTextUnknown':
    '{inviter} hat dich in die Firmenumgebung „{env}“ eingeladen. Bitte registriere dich zuerst mit dieser E-Mail-Adresse, danach kannst du die Einladung annehmen.',
  'mail.alreadyRegisteredSubject': 'Registrierung mit deiner E-Mail-Adresse',
  'mail.alreadyRegisteredText':
    'jemand hat versucht, mit deiner E-Mail-Adresse einen neuen Account anzulegen. Du hast aber schon einen Account. Falls du dein Passwort vergessen hast, kannst du es über den folgenden Link zurücksetzen.',
  'mail.devTitle': 'Erzeugte E-Mails (Entwicklung)',
  'mail.greetingAnonymous': 'Hallo,',
};
