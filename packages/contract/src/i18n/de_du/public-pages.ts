import type { publicPages as source } from '../de_sie/public-pages';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const publicPages: Partial<Record<keyof typeof source, string>> = {
  'public.goneText': 'Dieser Link ist abgelaufen. Bitte öffne ihn in Kontor erneut.',
  'public.invalidText': 'Die Anfrage konnte nicht gelesen werden. Bitte lade die Seite neu.',
};
