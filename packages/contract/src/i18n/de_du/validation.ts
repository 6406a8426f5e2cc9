import type { validation as source } from '../de_sie/validation';

/** The texts of this area that differ from de_sie; every other key falls back to de_sie (de_du.ts). */
export const validation: Partial<Record<keyof typeof source, string>> = {
  'validation.required': 'Bitte fülle dieses Feld aus',
  'validation.unique': 'Es gibt schon einen anderen Datensatz mit diesem Wert',
  'validation.minLength': 'Bitte gib mindestens {n} Zeichen ein',
  'validation.maxLength': 'Bitte gib höchstens {n} Zeichen ein',
  'validation.max': 'Der Wert darf höchstens {n} betragen',
  'validation.minDate': 'Das Datum darf nicht vor dem {n} liegen',
  'validation.maxDate': 'Das Datum darf nicht nach dem {n} liegen',
  'validation.minEntries': 'Bitte gib mindestens {n} Einträge an',
  'validation.maxEntries': 'Bitte gib höchstens {n} Einträge an',
  'validation.email': 'Bitte gib eine gültige E-Mail-Adresse ein',
  'validation.iban': 'Bitte gib eine gültige IBAN ein',
  'validation.bic': 'Bitte gib eine gültige BIC ein',
  'validation.url': 'Bitte gib eine gültige URL ein',
  'validation.integer': 'Bitte gib eine ganze Zahl ein',
  'validation.number': 'Bitte gib eine gültige Zahl ein',
  'validation.decimals': 'Bitte gib höchstens {n} Nachkommastellen ein',
  'validation.date': 'Bitte gib ein gültiges Datum ein',
  'validation.datetime': 'Bitte gib ein gültiges Datum mit Uhrzeit ein',
  'validation.zip': 'Bitte gib eine gültige Postleitzahl ein',
};
