/** Formal German texts of the mail area: the spec's wording, verbatim (typos included). */
export const mail = {
  'mail.greeting': 'Hallo {name},',
  'mail.signature': 'Ihr Kontor-Team',
  'mail.ignore': 'Falls Sie diese E-Mail nicht angefordert haben, können Sie sie ignorieren.',
  'mail.activationSubject': 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
  'mail.activationText':
    'vielen Dank für Ihre Registrierung. Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link. Der Link ist 7 Tage gültig.',
  'mail.activationAction': 'Account aktivieren',
  'mail.resetSubject': 'Passwort zurücksetzen',
  'mail.resetText':
    'für Ihren Account wurde das Zurücksetzen des Passworts angefordert. Über den folgenden Link legen Sie ein neues Passwort fest. Der Link ist 1 Stunde gültig.',
  'mail.resetAction': 'Neues Passwort festlegen',
  'mail.invitationSubject': 'Einladung zur Firmenumgebung "{env}"',
  'mail.invitationTextKnown':
    '{inviter} hat Sie in die Firmenumgebung "{env}" eingeladen. Nach dem Einloggen finden Sie die Einladung in Ihrer Übersicht und können sie dort annehmen.',
  'mail.invitationTextUnknown':
    '{inviter} hat Sie in die Firmenumgebung "{env}" eingeladen. Bitte registrieren Sie sich zuerst mit dieser E-Mail-Adresse; danach können Sie die Einladung annehmen.',
  'mail.invitationActionKnown': 'Einladung ansehen',
  'mail.invitationActionUnknown': 'Jetzt registrieren',
  'mail.alreadyRegisteredSubject': 'Registrierung mit Ihrer E-Mail-Adresse',
  'mail.alreadyRegisteredText':
    'jemand hat versucht, mit Ihrer E-Mail-Adresse einen neuen Account zu erstellen. Sie haben bereits einen Account. Falls Sie Ihr Passwort vergessen haben, können Sie es über den folgenden Link zurücksetzen.',
  'mail.alreadyRegisteredAction': 'Passwort zurücksetzen',
  'mail.devTitle': 'Gesendete E-Mails (Entwicklung)',
  'mail.devEmpty': 'Es wurden noch keine E-Mails erzeugt.',
  'mail.greetingAnonymous': 'Guten Tag,',
} as const;
