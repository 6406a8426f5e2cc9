import { describe, expect, test } from 'vitest';
import { buildEpcPayload, creditorReference, type EpcInput, epcMaxBytes } from './epc-qr';

const base: EpcInput = {
  name: 'Müller & Söhne GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  amountCents: 123_45,
  remittance: 'RE-2024-0001',
};

const payloadOf = (input: EpcInput): string => {
  const result = buildEpcPayload(input);
  if (result.payload === null) throw new Error(`refused: ${result.reason}`);
  return result.payload;
};

describe('buildEpcPayload: golden payloads', () => {
  test('an invoice: BIC, UTF-8 name, amount, the number as unstructured text, LF, no trailing separator', () => {
    expect(payloadOf(base)).toBe(
      'BCD\n002\n1\nSCT\nCOBADEFFXXX\nMüller & Söhne GmbH\nDE89370400440532013000\nEUR123.45\n\n\nRE-2024-0001',
    );
  });

  test('an EEA account without BIC leaves the BIC element empty (version 002)', () => {
    expect(payloadOf({ ...base, bic: null })).toBe(
      'BCD\n002\n1\nSCT\n\nMüller & Söhne GmbH\nDE89370400440532013000\nEUR123.45\n\n\nRE-2024-0001',
    );
  });

  test('a creditor reference goes into the structured element, in electronic form', () => {
    expect(payloadOf({ ...base, remittance: 'rf18 5390 0754 7034' })).toBe(
      'BCD\n002\n1\nSCT\nCOBADEFFXXX\nMüller & Söhne GmbH\nDE89370400440532013000\nEUR123.45\n\nRF18539007547034',
    );
  });

  test('an RF text with wrong check digits is plain text, not a reference', () => {
    expect(
      payloadOf({ ...base, remittance: 'RF19 5390 0754 7034' })
        .split('\n')
        .slice(9),
    ).toEqual(['', 'RF19 5390 0754 7034']);
  });

  test('no amount (or zero) leaves the amount to the payer; trailing empty elements are dropped', () => {
    const expected = 'BCD\n002\n1\nSCT\nCOBADEFFXXX\nMüller & Söhne GmbH\nDE89370400440532013000';
    expect(payloadOf({ ...base, amountCents: 0, remittance: '' })).toBe(expected);
    expect(payloadOf({ ...base, amountCents: null, remittance: null })).toBe(expected);
  });

  test('amounts keep two decimals and no thousands separator', () => {
    const amount = (cents: number) => payloadOf({ ...base, amountCents: cents }).split('\n')[7];
    expect(amount(1)).toBe('EUR0.01');
    expect(amount(100)).toBe('EUR1.00');
    expect(amount(123_456_789)).toBe('EUR1234567.89');
    expect(amount(99_999_999_999)).toBe('EUR999999999.99');
  });

  test('purpose and information take their own elements', () => {
    expect(payloadOf({ ...base, purpose: 'GDDS', information: 'Danke!' })).toBe(
      'BCD\n002\n1\nSCT\nCOBADEFFXXX\nMüller & Söhne GmbH\nDE89370400440532013000\nEUR123.45\nGDDS\n\nRE-2024-0001\nDanke!',
    );
  });

  test('a non-EEA SEPA account keeps its BIC', () => {
    expect(payloadOf({ ...base, iban: 'CH93 0076 2011 6238 5295 7', bic: 'UBSWCHZH80A' })).toBe(
      'BCD\n002\n1\nSCT\nUBSWCHZH80A\nMüller & Söhne GmbH\nCH9300762011623852957\nEUR123.45\n\n\nRE-2024-0001',
    );
  });
});

describe('buildEpcPayload: refusals', () => {
  test.each<[string, Partial<EpcInput>, string]>([
    ['a missing name', { name: '  ' }, 'name_missing'],
    ['a name over 70 characters', { name: 'ä'.repeat(71) }, 'name_too_long'],
    ['a wrong IBAN checksum', { iban: 'DE89 3704 0044 0532 0130 01' }, 'iban_invalid'],
    ['an IBAN outside SEPA', { iban: 'BR18 0036 0305 0000 1000 9795 493C 1' }, 'iban_not_sepa'],
    ['an invalid BIC', { bic: 'COBA' }, 'bic_invalid'],
    ['a non-EEA account without BIC', { iban: 'CH93 0076 2011 6238 5295 7', bic: '' }, 'bic_required'],
    ['a negative amount', { amountCents: -1 }, 'amount_invalid'],
    ['an amount beyond 999999999.99', { amountCents: 100_000_000_000 }, 'amount_invalid'],
    ['fractional cents', { amountCents: 1.5 }, 'amount_invalid'],
    ['a purpose that is no code', { purpose: 'Miete' }, 'purpose_invalid'],
    ['a text over 140 characters', { remittance: 'x'.repeat(141) }, 'remittance_too_long'],
    ['information over 70 characters', { information: 'x'.repeat(71) }, 'information_too_long'],
    ['a line break in the name', { name: 'Müller\nGmbH' }, 'invalid_character'],
    ['a line break in the text', { remittance: 'RE-1\r\nEUR999.00' }, 'invalid_character'],
  ])('refuses %s', (_, change, reason) => {
    expect(buildEpcPayload({ ...base, ...change })).toEqual({ payload: null, reason });
  });

  test(`refuses a payload over ${epcMaxBytes} bytes, counting UTF-8 bytes`, () => {
    // 70 + 140 characters fit the element limits, but 2-byte letters push the bytes past 331.
    expect(buildEpcPayload({ ...base, name: 'ü'.repeat(70), remittance: 'ö'.repeat(140) })).toEqual({
      payload: null,
      reason: 'payload_too_long',
    });
    // Every element at its limit in ASCII still overshoots: the byte limit is a check of its own.
    const full = { ...base, name: 'a'.repeat(70), remittance: 'b'.repeat(140), information: 'c'.repeat(70) };
    expect(buildEpcPayload(full).reason).toBe('payload_too_long');
    expect(new TextEncoder().encode(payloadOf({ ...full, information: 'c'.repeat(58) })).length).toBe(epcMaxBytes);
  });
});

describe('creditorReference', () => {
  test('accepts the ISO 11649 example with and without spaces', () => {
    expect(creditorReference('RF18 5390 0754 7034')).toBe('RF18539007547034');
    expect(creditorReference('RF18539007547034')).toBe('RF18539007547034');
  });

  test('refuses wrong check digits, other prefixes and overlong references', () => {
    expect(creditorReference('RF17 5390 0754 7034')).toBeNull();
    expect(creditorReference('RE-2024-0001')).toBeNull();
    expect(creditorReference(`RF18${'1'.repeat(22)}`)).toBeNull();
  });
});
