import { describe, expect, it } from 'vitest';
import { countryCode } from './country-codes';

describe('countryCode (BT-40, BT-55)', () => {
  it('reads ISO codes, German and English names; empty is Germany; unknown text is none', () => {
    expect(countryCode('')).toBe('DE');
    expect(countryCode(null)).toBe('DE');
    expect(countryCode('at')).toBe('AT');
    expect(countryCode(' Niederlande ')).toBe('NL');
    expect(countryCode('Österreich')).toBe('AT');
    expect(countryCode('Germany')).toBe('DE');
    expect(countryCode('Atlantis')).toBeNull();
  });
});
