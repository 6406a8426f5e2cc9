import type { einvoice as source } from '../de_sie/einvoice';

/** Only the texts that differ from the "Sie" form (see de_du.ts). */
export const einvoice: Partial<Record<keyof typeof source, string>> = {
  'einvoice.frozenIncomplete':
    'Diese Rechnung wurde ohne E-Rechnung festgeschrieben, weil Angaben fehlten: {list}. Korrigiere sie über eine Stornierung und eine neue Rechnung.',
  'einvoice.importHint': 'Wähle eine XRechnung (XML) oder ein ZUGFeRD-PDF; daraus wird ein Entwurf.',
  'einvoice.importDoneFindings':
    'Die E-Rechnung wurde als Entwurf eingelesen. Sie verletzt {count} Regel(n); sieh unter „Prüfergebnis der E-Rechnung“ nach.',
  'einvoice.importNoAttachment':
    'Das PDF enthält keine eingebettete E-Rechnung (factur-x.xml). Lade bitte die XRechnung oder ein ZUGFeRD-PDF hoch.',
  'einvoice.importBusy':
    'Gerade werden zu viele E-Rechnungen eingelesen. Bitte versuche es in einigen Sekunden erneut.',
};
