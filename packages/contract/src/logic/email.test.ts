import { describe, expect, test } from 'vitest';
import { isValidEmail, normalizeEmail } from './email';

describe('email', () => {
  test('normalizeEmail trims and lower-cases', () => {
    expect(normalizeEmail('  Max.Mustermann@Example.DE ')).toBe('max.mustermann@example.de');
  });

  test('isValidEmail accepts what people use', () => {
    for (const good of ['max@example.de', 'max.mustermann+rechnung@firma.co.uk', 'info@müller-gmbh.de', 'a_b@x.io']) {
      expect(isValidEmail(good), good).toBe(true);
    }
  });

  test('isValidEmail refuses what no mail provider accepts', () => {
    for (const bad of [
      '',
      'max',
      'max@',
      '@example.de',
      'max@example',
      'max@@example.de',
      'max @example.de',
      'a@b.c',
      'max@example.de.',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
    expect(isValidEmail(`${'a'.repeat(250)}@x.de`)).toBe(false);
  });
});
