import { isValidBic, isValidIban, normalizeBic, normalizeIban } from './iban';
import { type Cents, centsToDecimalString } from './money';

/**
 * The payload of an EPC QR code ("GiroCode", EPC069-12 v3): a SEPA credit transfer a banking app
 * fills in from a scan. Twelve LF-separated elements, version 002, character set 1 (UTF-8):
 *
 *   BCD · 002 · 1 · SCT · BIC · name (≤ 70) · IBAN · EUR amount · purpose (≤ 4) ·
 *   structured reference (ISO 11649 "RF…", ≤ 35) · unstructured text (≤ 140) · information (≤ 70)
 *
 * Rules we follow from the guideline: the BIC may be left empty in version 002 when the IBAN is of
 * an EEA country (it stays mandatory for the other SEPA countries); the amount is "EUR" and at
 * least 0.01 with a dot and two decimals, or left empty (no amount: the payer types it); only one
 * of the two remittance elements is filled; nothing follows the last populated element; the whole
 * payload is at most 331 bytes, which a version 13 code at error correction level M holds.
 *
 * Data that the guideline or a bank would read differently is refused, never repaired: the result
 * then carries `payload: null` and a reason. The print side (level M, size) is the PDF's job.
 */

type EpcRefusal =
  | 'name_missing'
  | 'name_too_long'
  | 'iban_invalid'
  | 'iban_not_sepa'
  | 'bic_invalid'
  | 'bic_required'
  | 'amount_invalid'
  | 'purpose_invalid'
  | 'remittance_too_long'
  | 'information_too_long'
  | 'invalid_character'
  | 'payload_too_long';

export type EpcInput = Readonly<{
  /** The beneficiary: the account holder's name as the bank knows it. */
  name: string;
  iban: string;
  bic?: string | null | undefined;
  /** Integer cents; null, undefined or 0 leave the amount to the payer. */
  amountCents?: Cents | null | undefined;
  /** An ISO 20022 purpose code such as "GDDS"; usually empty. */
  purpose?: string | null | undefined;
  /**
   * What the payer's bank transfers as remittance information, typically the invoice number. A
   * valid ISO 11649 creditor reference ("RF18 5390 0754 7034") goes into the structured element,
   * anything else into the unstructured text.
   */
  remittance?: string | null | undefined;
  /** A note shown to the payer by the app, not transferred. */
  information?: string | null | undefined;
}>;

type EpcResult = { payload: string; reason: null } | { payload: null; reason: EpcRefusal };

/** The guideline's limit: version 13 at level M carries 331 bytes. */
export const epcMaxBytes = 331;

/** EEA countries by IBAN prefix: their BIC may be omitted (EPC409-09 list of SEPA countries). */
// biome-ignore format: a compact table reads better
const eeaCountries = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IS',
  'IT', 'LI', 'LT', 'LU', 'LV', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

/** SEPA countries outside the EEA (same list): a transfer there needs the BIC. */
const otherSepaCountries = new Set(['AD', 'AL', 'CH', 'GB', 'GI', 'MC', 'MD', 'ME', 'MK', 'RS', 'SM', 'VA']);

/** Line breaks and other control characters would shift every following element. */
const hasControl = (text: string): boolean =>
  [...text].some((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
  });

/** Length in characters as a person counts them (code points, not UTF-16 units). */
const length = (text: string): number => [...text].length;

const byteLength = (text: string): number => new TextEncoder().encode(text).length;

/** ISO 7064 MOD 97-10, as for IBANs: letters count as 10 … 35. */
const mod97 = (text: string): number => {
  let remainder = 0;
  for (const char of text) {
    const value = Number.parseInt(char, 36);
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return remainder;
};

/** A valid ISO 11649 creditor reference in electronic form ("RF18539007547034"), or null. */
export const creditorReference = (text: string): string | null => {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(compact)) return null;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1 ? compact : null;
};

const clean = (text: string | null | undefined): string => (text ?? '').trim();

/** Builds the payload or says why it cannot be built; see the module comment for the rules. */
export const buildEpcPayload = (input: EpcInput): EpcResult => {
  const refuse = (reason: EpcRefusal): EpcResult => ({ payload: null, reason });
  const name = clean(input.name);
  const remittance = clean(input.remittance);
  const information = clean(input.information);
  const purpose = clean(input.purpose);
  if ([name, remittance, information, purpose, input.iban, input.bic ?? ''].some(hasControl)) {
    return refuse('invalid_character');
  }
  if (name === '') return refuse('name_missing');
  if (length(name) > 70) return refuse('name_too_long');

  if (!isValidIban(input.iban)) return refuse('iban_invalid');
  const iban = normalizeIban(input.iban);
  const country = iban.slice(0, 2);
  if (!eeaCountries.has(country) && !otherSepaCountries.has(country)) return refuse('iban_not_sepa');

  const bic = normalizeBic(input.bic ?? '');
  if (bic !== '' && !isValidBic(bic)) return refuse('bic_invalid');
  if (bic === '' && !eeaCountries.has(country)) return refuse('bic_required');

  const cents = input.amountCents ?? 0;
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > 99_999_999_999) return refuse('amount_invalid');
  const amount = cents === 0 ? '' : `EUR${centsToDecimalString(cents)}`;

  if (purpose !== '' && !/^[A-Z0-9]{1,4}$/.test(purpose)) return refuse('purpose_invalid');

  const structured = remittance === '' ? null : creditorReference(remittance);
  const text = structured === null ? remittance : '';
  if (length(text) > 140) return refuse('remittance_too_long');
  if (length(information) > 70) return refuse('information_too_long');

  const elements = ['BCD', '002', '1', 'SCT', bic, name, iban, amount, purpose, structured ?? '', text, information];
  while (elements.at(-1) === '') elements.pop();
  const payload = elements.join('\n');
  if (byteLength(payload) > epcMaxBytes) return refuse('payload_too_long');
  return { payload, reason: null };
};
