/**
 * IBAN (ISO 13616) and BIC (ISO 9362) checks for bank details: the setup wizard, the bank details
 * settings and the `iban`/`bic` field rules. People type them with spaces and in lower case, so
 * both are normalised before checking; store the normalised form.
 */

/**
 * IBAN length per country of the SWIFT IBAN registry (all SEPA countries and the other registered
 * ones). An unknown country is rejected: its length cannot be checked.
 */
// biome-ignore format: a compact table reads better than 90 lines
export const ibanLengths: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28,
  IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20,
  LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24,
  SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20,
};

/** Electronic form: without spaces, upper case ("de89 3704…" → "DE893704…"). */
export const normalizeIban = (iban: string): string => iban.replace(/\s+/g, '').toUpperCase();

/** Print form in groups of four: "DE89 3704 0044 0532 0130 00". */
export const formatIban = (iban: string): string => normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** ISO 7064 MOD 97-10 over the rearranged IBAN, digit chunk by digit chunk (no BigInt needed). */
const mod97 = (iban: string): number => {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    // Letters count as two digits: A = 10 … Z = 35.
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return remainder;
};

/**
 * A valid IBAN: a registered country with its exact length, two check digits (02 to 98), an
 * alphanumeric account part and the MOD 97 checksum. Spaces and lower case are accepted.
 */
export const isValidIban = (iban: string): boolean => {
  const text = normalizeIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(text)) return false;
  if (ibanLengths[text.slice(0, 2)] !== text.length) return false;
  const check = Number(text.slice(2, 4));
  return check >= 2 && check <= 98 && mod97(text) === 1;
};

/** BIC without spaces, upper case. */
export const normalizeBic = (bic: string): string => bic.replace(/\s+/g, '').toUpperCase();

/**
 * A valid BIC: 4 letters (institution), 2 letters (country), 2 letters or digits (location),
 * optionally 3 letters or digits (branch): 8 or 11 characters, e.g. "COBADEFFXXX".
 */
export const isValidBic = (bic: string): boolean => /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(normalizeBic(bic));
