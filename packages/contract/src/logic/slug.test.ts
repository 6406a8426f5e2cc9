import { describe, expect, test } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  test('transliterates German letters and joins words with hyphens', () => {
    expect(slugify('Müller & Söhne GmbH')).toBe('mueller-soehne-gmbh');
    expect(slugify('Straße 1')).toBe('strasse-1');
    expect(slugify('Café Crème')).toBe('cafe-creme');
  });

  test('trims separators and cuts to the maximum length without a trailing hyphen', () => {
    expect(slugify('  --Kontor--  ')).toBe('kontor');
    expect(slugify('abc def ghi', 4)).toBe('abc');
    expect(slugify('a'.repeat(50)).length).toBe(40);
  });

  test('falls back to "firma" when nothing usable is left', () => {
    expect(slugify('')).toBe('firma');
    expect(slugify('!!!')).toBe('firma');
  });
});
