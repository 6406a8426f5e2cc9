/**
 * Formal German texts of the validation area: the field rules of spec 02 §5, verbatim. minDate,
 * maxDate and the entry counts of a map use the spec's min/max texts. The texts for type checks,
 * zip and decimals are not in the spec and follow its wording.
 */
export const validation = {
  'validation.required': 'Dieses Feld muss ausgefüllt werden',
  'validation.unique': 'Es gibt bereits einen anderen Datensatz mit diesem Wert',
  'validation.minLength': 'Es müssen mindestens {n} Zeichen angegeben werden',
  'validation.maxLength': 'Es dürfen maximal {n} Zeichen angegeben werden',
  'validation.min': 'Der Wert muss mindestens {n} betragen',
  'validation.max': 'Der Wert darf maximal {n} betragen',
  'validation.minDate': 'Der Wert muss mindestens {n} betragen',
  'validation.maxDate': 'Der Wert darf maximal {n} betragen',
  'validation.minEntries': 'Der Wert muss mindestens {n} betragen',
  'validation.maxEntries': 'Der Wert darf maximal {n} betragen',
  'validation.email': 'Es muss eine gültige E-Mail Adresse angegeben werden',
  'validation.iban': 'Es muss eine gültige IBAN angegeben werden',
  'validation.bic': 'Es muss eine gültige BIC angegeben werden',
  'validation.url': 'Es muss eine gültige URL angegeben werden',
  'validation.integer': 'Es muss eine ganze Zahl angegeben werden',
  'validation.number': 'Es muss eine gültige Zahl angegeben werden',
  'validation.decimals': 'Es dürfen maximal {n} Nachkommastellen angegeben werden',
  'validation.outOfRange': 'Der Wert liegt außerhalb des zulässigen Bereichs',
  'validation.date': 'Es muss ein gültiges Datum angegeben werden',
  'validation.datetime': 'Es muss ein gültiges Datum mit Uhrzeit angegeben werden',
  'validation.zip': 'Es muss eine gültige Postleitzahl angegeben werden',
} as const;
