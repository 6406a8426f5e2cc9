import { describe, expect, test } from 'vitest';
import { isGermanTaxNumber, isGermanVatId, isPhoneNumber, normalizeVatId, withScheme } from './company-ids';
import { isValidSlug, reservedSlugs } from './slug';

describe('company identifiers', () => {
  test('tax numbers in state and federal form pass, anything else not', () => {
    for (const ok of ['12/345/67890', '181/815/08155', '2181081508155', '21 815 08155'])
      expect(isGermanTaxNumber(ok)).toBe(true);
    for (const bad of ['12345', '12//345/67890', 'DE123456789', '12/345/6789012345', 'abc'])
      expect(isGermanTaxNumber(bad)).toBe(false);
  });

  test('VAT ids are DE and nine digits, spaces and case forgiven', () => {
    expect(isGermanVatId('DE123456789')).toBe(true);
    expect(isGermanVatId('de 123 456 789')).toBe(true);
    expect(normalizeVatId('de 123 456 789')).toBe('DE123456789');
    for (const bad of ['DE12345678', 'AT123456789', '123456789', 'DE1234567890'])
      expect(isGermanVatId(bad)).toBe(false);
  });

  test('phone numbers take the usual separators', () => {
    for (const ok of ['+49 30 1234567', '030/123 45-67', '(0221) 98765']) expect(isPhoneNumber(ok)).toBe(true);
    for (const bad of ['1234', 'call me', '+49 30 1234567 ext 5', '+'.repeat(3)])
      expect(isPhoneNumber(bad)).toBe(false);
  });

  test('a website without scheme gets https', () => {
    expect(withScheme('www.firma.de')).toBe('https://www.firma.de');
    expect(withScheme('www.firma.de:8080')).toBe('https://www.firma.de:8080');
    expect(withScheme('http://firma.de')).toBe('http://firma.de');
    expect(withScheme('  ')).toBe('');
  });

  test('slugs: lower case, digits, single hyphens; reserved names known', () => {
    expect(isValidSlug('mueller-portal')).toBe(true);
    for (const bad of ['ab', 'Müller', '-abc', 'abc-', 'a--b', 'a b c', 'x'.repeat(41)])
      expect(isValidSlug(bad)).toBe(false);
    expect(reservedSlugs.has('api')).toBe(true);
    expect(reservedSlugs.has('admin')).toBe(true);
  });
});
