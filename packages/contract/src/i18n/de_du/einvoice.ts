import type { einvoice as source } from '../de_sie/einvoice';

/** Only the texts that differ from the "Sie" form (see de_du.ts). */
export const einvoice: Partial<Record<keyof typeof source, string>> = {
  'einvoice.frozenIncomplete':
    'Diese Rechnung wurde ohne E-Rechnung festgeschrieben, weil Angaben fehlten: {list}. Korrigiere sie über eine Stornierung und eine neue Rechnung.',
};
