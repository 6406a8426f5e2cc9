import type { common as source } from '../de_sie/common';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const common: Partial<Record<keyof typeof source, string>> = {
  'common.rateLimited': 'Zu viele Anfragen. Bitte versuch es in {seconds} Sekunden noch einmal.',
  'common.busy': 'Der Server ist gerade ausgelastet. Bitte versuche es in einigen Sekunden erneut.',
  'common.queryTimeout':
    'Die Anfrage hat zu lange gedauert und wurde abgebrochen. Bitte schränke die Suche ein oder versuche es später erneut.',
  'common.unauthenticated': 'Deine Sitzung ist abgelaufen. Bitte logge dich erneut ein.',
  'common.conflict':
    'Der Eintrag wurde inzwischen geändert oder existiert schon. Bitte lade die Seite neu und versuch es noch einmal.',
  'common.conflictField': 'Dieser Wert ist schon vergeben.',
  'common.fieldTooLong': 'Es dürfen höchstens {n} Zeichen angegeben werden',
  'common.fieldTooMany': 'Du darfst höchstens {n} Einträge angeben.',
  'common.loading': 'Wird geladen …',
  'common.retry': 'Noch einmal versuchen',
  'common.notFoundTitle': '404 – Seite nicht gefunden',
  'common.notFoundText': 'Die Seite, die du aufgerufen hast, gibt es nicht.',
  'common.docsText':
    'Die Dokumentation zu Kontor wird gerade überarbeitet und ist bald hier zu finden. Bei Fragen wende dich gern an unseren Support.',
  'common.contactText':
    'Du erreichst unser Team per E-Mail unter support@kontor.local. Wir melden uns meist innerhalb eines Werktags bei dir.',
  'common.legalText': 'Die Nutzungsbedingungen von Kontor veröffentlichen wir hier in Kürze.',
  'common.imprintText': 'Die Angaben gemäß § 5 DDG veröffentlichen wir hier in Kürze.',
  'common.chunkErrorTitle': 'Kontor wurde aktualisiert',
  'common.chunkErrorText':
    'Dieser Teil der Anwendung konnte nicht geladen werden, vermutlich wegen einer neuen Version. Bitte lade die Seite neu.',
  'common.pageErrorTitle': 'Die Seite konnte nicht angezeigt werden',
  'common.reloadPage': 'Seite neu laden',
  'common.fixField': 'Bitte korrigiere zuerst „{field}“.',
};
