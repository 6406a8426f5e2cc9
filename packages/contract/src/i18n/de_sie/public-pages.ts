/** The answers every public page and signed download shares (issue 30: the binder's 404, 410, 429 …). */
export const publicPages = {
  'public.notFoundTitle': 'Seite nicht gefunden',
  'public.notFoundText': 'Diese Seite gibt es nicht oder sie ist nicht öffentlich.',
  'public.goneTitle': 'Link abgelaufen',
  'public.goneText': 'Dieser Link ist abgelaufen. Bitte öffnen Sie ihn in Kontor erneut.',
  'public.rateLimitedTitle': 'Zu viele Anfragen',
  'public.invalidTitle': 'Ungültige Anfrage',
  'public.invalidText': 'Die Anfrage konnte nicht gelesen werden. Bitte laden Sie die Seite neu.',
  'public.errorTitle': 'Ein Fehler ist aufgetreten',
} as const;
