import { describe, expect, test } from 'vitest';
import { formatIban, ibanLengths, isValidBic, isValidIban, normalizeBic, normalizeIban } from './iban';

/** Registry examples: one per SEPA country we care most about, and some beyond. */
const valid = [
  'DE89 3704 0044 0532 0130 00',
  'AT61 1904 3002 3457 3201',
  'CH93 0076 2011 6238 5295 7',
  'FR14 2004 1010 0505 0001 3M02 606',
  'NL91 ABNA 0417 1643 00',
  'BE68 5390 0754 7034',
  'GB29 NWBK 6016 1331 9268 19',
  'NO93 8601 1117 947',
  'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
  'PL61 1090 1014 0000 0712 1981 2874',
  'LI21 0881 0000 2324 013A A',
  'IT60 X054 2811 1010 0000 0123 456',
  'ES91 2100 0418 4502 0005 1332',
  'SE45 5000 0000 0583 9825 7466',
  'BR18 0036 0305 0000 1000 9795 493C 1',
];

describe('isValidIban', () => {
  test.each(valid)('accepts %s', (iban) => {
    expect(isValidIban(iban)).toBe(true);
  });

  test('accepts the electronic form, lower case and extra spaces', () => {
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('de89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('  DE89  3704 0044 0532 0130 00 ')).toBe(true);
  });

  test('refuses a wrong checksum (one digit changed, two digits swapped)', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isValidIban('DE88 3704 0044 0532 0130 00')).toBe(false);
    expect(isValidIban('DE89 3704 0044 0523 0130 00')).toBe(false);
  });

  test('refuses a wrong length for the country', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 0')).toBe(false);
    expect(isValidIban('DE89 3704 0044 0532 0130 000')).toBe(false);
  });

  test('refuses unknown countries, bad characters and blank input', () => {
    expect(isValidIban('US12 3456 7890 1234 5678 90')).toBe(false);
    expect(isValidIban('DE89-3704-0044-0532-0130-00')).toBe(false);
    expect(isValidIban('DEXX 3704 0044 0532 0130 00')).toBe(false);
    expect(isValidIban('')).toBe(false);
    expect(isValidIban('DE')).toBe(false);
  });

  test('refuses the check digits 00, 01 and 99, which MOD 97 alone would let through', () => {
    // Same account as DE89…: with check digits 01 or 99 the remainder can still be 1.
    const withCheck = (check: string, bban: string) => `DE${check}${bban}`;
    const passesMod97 = (iban: string) => {
      const rearranged = iban.slice(4) + iban.slice(0, 4);
      const digits = rearranged.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
      return BigInt(digits) % 97n === 1n;
    };
    let found = 0;
    for (let account = 0; account < 500 && found < 2; account += 1) {
      const bban = `37040044${String(account).padStart(10, '0')}`;
      for (const check of ['01', '99']) {
        const iban = withCheck(check, bban);
        if (passesMod97(iban)) {
          found += 1;
          expect(isValidIban(iban)).toBe(false);
        }
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  test('knows the lengths of all SEPA countries', () => {
    const sepa = {
      AT: 20,
      BE: 16,
      BG: 22,
      CH: 21,
      CY: 28,
      CZ: 24,
      DE: 22,
      DK: 18,
      EE: 20,
      ES: 24,
      FI: 18,
      FR: 27,
      GB: 22,
      GI: 23,
      GR: 27,
      HR: 21,
      HU: 28,
      IE: 22,
      IS: 26,
      IT: 27,
      LI: 21,
      LT: 20,
      LU: 20,
      LV: 21,
      MC: 27,
      MT: 31,
      NL: 18,
      NO: 15,
      PL: 28,
      PT: 25,
      RO: 24,
      SE: 24,
      SI: 19,
      SK: 24,
      SM: 27,
      VA: 22,
      AD: 24,
    };
    for (const [country, length] of Object.entries(sepa)) expect(ibanLengths[country], country).toBe(length);
  });
});

describe('IBAN helpers', () => {
  test('normalizeIban and formatIban', () => {
    expect(normalizeIban(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('no93 8601 1117 947')).toBe('NO93 8601 1117 947');
  });
});

describe('isValidBic', () => {
  test('accepts 8 and 11 characters, spaces and lower case', () => {
    expect(isValidBic('COBADEFF')).toBe(true);
    expect(isValidBic('COBADEFFXXX')).toBe(true);
    expect(isValidBic('DEUTDEDB110')).toBe(true);
    expect(isValidBic('MARKDEF1100')).toBe(true);
    expect(isValidBic('cobadeff xxx')).toBe(true);
  });

  test('refuses other lengths and malformed parts', () => {
    expect(isValidBic('COBADEF')).toBe(false);
    expect(isValidBic('COBADEFFX')).toBe(false);
    expect(isValidBic('COBADEFFXXXX')).toBe(false);
    expect(isValidBic('C0BADEFF')).toBe(false); // digit in the institution code
    expect(isValidBic('COBA1EFF')).toBe(false); // digit in the country code
    expect(isValidBic('COBADE-F')).toBe(false);
    expect(isValidBic('')).toBe(false);
  });

  test('normalizeBic', () => {
    expect(normalizeBic(' coba de ff ')).toBe('COBADEFF');
  });
});
