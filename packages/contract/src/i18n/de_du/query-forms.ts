import type { queryForms as source } from '../de_sie/query-forms';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const queryForms: Partial<Record<keyof typeof source, string>> = {
  'queryForms.invalid': 'Bitte prüfe die markierten Angaben.',
  'queryForms.choiceInvalid': 'Bitte wähle eine der angebotenen Möglichkeiten.',
  'queryForms.signatureInvalid':
    'Die Unterschrift konnte nicht gelesen werden. Bitte unterschreib erneut oder tippe deinen Namen.',
  'queryForms.tooFast': 'Das ging sehr schnell. Bitte prüfe deine Angaben und sende das Formular erneut.',
  'queryForms.answerTooLarge': 'Die Antworten sind zu umfangreich. Bitte kürze deine Angaben.',
  'queryForms.editorLoadFailed': 'Das aufgerufene Formular konnte nicht geladen werden.',
  'queryForms.empty': 'Noch keine Formulare. Leg mit „Neues Formular“ das erste an.',
  'queryForms.websiteTitleHint': 'Steht über jedem Formular, z. B. der Name deiner Firma.',
  'queryForms.noQuestions': 'Noch keine Fragen. Füge mit „Element hinzufügen“ die erste hinzu.',
  'queryForms.requiredBadge': 'Pflicht',
  'queryForms.columnsFollow':
    'Die Tabelle zeigt jede Frage als Spalte mit ihrem Titel. Sobald du eine Spalte änderst, bleibt deine Auswahl bestehen.',
  'queryForms.filledOnceWarning': 'Dieses Formular kann nur ein einziges Mal ausgefüllt werden!',
  'queryForms.publicErrorSummary': 'Bitte korrigiere die markierten Angaben.',
  'queryForms.publicThanksText': 'Deine Antworten sind bei uns angekommen.',
  'queryForms.publicSignatureDraw': 'Unterschreib bitte im Feld.',
  'queryForms.publicSignatureTyped': 'Oder tippe deinen vollen Namen als Unterschrift:',
  'queryForms.portalLoginIntro':
    'Gib deine E-Mail-Adresse ein. Wir senden dir einen Link, mit dem du dich ohne Passwort anmeldest.',
  'queryForms.portalLinkSentTitle': 'Bitte sieh in dein Postfach',
  'queryForms.portalLinkSent':
    'Wenn wir deine Adresse kennen, ist ein Anmeldelink unterwegs. Er gilt 30 Minuten und nur ein einziges Mal.',
  'queryForms.portalConfirmText': 'Klick auf „Jetzt anmelden“, um das Kundenportal zu öffnen.',
  'queryForms.portalLinkInvalid':
    'Dieser Anmeldelink ist ungültig, abgelaufen oder wurde schon benutzt. Bitte fordere einen neuen an.',
  'queryForms.portalForms': 'Deine Formulare',
  'queryForms.portalNoForms': 'Zurzeit gibt es hier keine Formulare für dich.',
  'queryForms.portalHistory': 'Was du ausgefüllt hast',
  'queryForms.portalNoHistory': 'Du hast noch nichts ausgefüllt.',
  'queryForms.portalLoggedOut': 'Du bist abgemeldet.',
  'queryForms.portalCsrfTitle': 'Bitte lade die Seite neu',
  'queryForms.portalCsrfText':
    'Diese Anfrage kam nicht von einer aktuellen Seite des Kundenportals und wurde deshalb nicht ausgeführt. Bitte öffne das Portal erneut und versuch es noch einmal.',
  'queryForms.portalSaved': 'Vielen Dank! Deine Antworten wurden gespeichert.',
  'queryForms.portalView': 'Antwort ansehen',
  'queryForms.portalReadOnly': 'Diese Antwort kann nicht mehr geändert werden.',
  'queryForms.portalMailSubject': 'Dein Anmeldelink für das Kundenportal',
  'queryForms.portalMailText':
    'Mit diesem Link meldest du dich im Kundenportal an. Er gilt 30 Minuten und kann nur einmal benutzt werden.',
  'queryForms.tooMany':
    'Eine Umgebung kann höchstens {n} Formulare haben. Bitte entferne zuerst eines, das du nicht mehr brauchst.',
};
