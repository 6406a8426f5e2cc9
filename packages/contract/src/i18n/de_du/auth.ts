import type { auth as source } from '../de_sie/auth';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const auth: Partial<Record<keyof typeof source, string>> = {
  'auth.loginFailed': 'Login fehlgeschlagen: Die Kombination aus E-Mail und Passwort stimmt nicht.',
  'auth.notActivated':
    'Dein Account ist noch nicht aktiviert. Bitte klick auf den Link in der Bestätigungs-E-Mail, die wir dir geschickt haben.',
  'auth.tooManyFailedLogins':
    'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuch es in {minutes} Minuten noch einmal.',
  'auth.logoutQuestion': 'Willst du dich wirklich ausloggen?',
  'auth.loggingOut': 'Du wirst ausgeloggt …',
  'auth.registerFailed': 'Bei der Registrierung ist ein Fehler aufgetreten.',
  'auth.registerFailedBanner': 'Registrierung fehlgeschlagen …',
  'auth.registerSuccessTitle': 'Bestätigungs-E-Mail verschickt',
  'auth.registerSuccessText':
    'Danke für deine Registrierung! Wir haben dir eine Bestätigungs-E-Mail geschickt. Klick auf den Link darin, um deinen Account zu aktivieren.',
  'auth.emailInvalid': 'Bitte gib eine gültige E-Mail-Adresse an',
  'auth.activating': 'Account wird aktiviert …',
  'auth.activatedText': 'Dein Account ist jetzt aktiviert. Du kannst dich einloggen.',
  'auth.activationFallback': 'Beim Aktivieren des Accounts ist ein unerwarteter Fehler aufgetreten.',
  'auth.activationLinkInvalid': 'Der Aktivierungslink ist ungültig, abgelaufen oder wurde schon benutzt.',
  'auth.forgotIntro': 'Gib die E-Mail-Adresse deines Accounts an. Wir schicken dir einen Link zum Zurücksetzen.',
  'auth.forgotSent':
    'Falls es einen Account mit der Adresse {email} gibt, haben wir dir eine E-Mail mit einem Link zum Zurücksetzen des Passworts geschickt.',
  'auth.resetChecking': 'Link wird geprüft …',
  'auth.resetLinkInvalid': 'Der Link zum Zurücksetzen ist ungültig, abgelaufen oder wurde schon benutzt.',
  'auth.resetDone': 'Passwort erfolgreich zurückgesetzt',
  'auth.passwordHint':
    'Mindestens {n} Zeichen und kein verbreitetes Passwort; am besten mit Buchstaben, Ziffern und Sonderzeichen.',
  'auth.loginIntro': 'Melde dich mit deiner E-Mail-Adresse und deinem Passwort an.',
  'auth.registerIntro': 'Leg deinen Account an. Den Link zur Aktivierung bekommst du per E-Mail.',
  'auth.passwordTooCommon':
    'Dieses Passwort ist zu verbreitet: Angreifer probieren es als Erstes aus. Bitte wähle ein anderes.',
  'auth.tooManyAttemptsSeconds':
    'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in {seconds} Sekunden noch mal.',
  'auth.accountDisabled': 'Dein Account ist gesperrt. Bitte wende dich an den Support.',
};
