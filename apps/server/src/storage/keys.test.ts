import { describe, expect, test } from 'vitest';
import { assertPartLayout, assertPrefix, isValidKey } from './keys';
import { MiB, partCount, partSizeOf } from './storage';

describe('storage keys', () => {
  test('accepts opaque ids joined by slashes', () => {
    for (const key of ['a', 'env-1/file_2', '0190c3e2-7d4b-7c1a-9e21-5f0a2b3c4d5e/0190c3e2.v2', 'a/b/c/d/e/f/g/h']) {
      expect(isValidKey(key), key).toBe(true);
    }
  });

  test('refuses anything that could leave the storage root or be reinterpreted', () => {
    const bad = [
      '',
      '..',
      '../etc/passwd',
      'a/../b',
      'a/./b',
      '/abs',
      'a/',
      'a//b',
      '.tmp/x',
      '.uploads',
      'a\\b',
      'a b',
      'ä',
      'a%2e%2e',
      'a\u0000b',
      'a?b',
      'a#b',
      'C:',
      'a/b/c/d/e/f/g/h/i',
      'x'.repeat(129),
    ];
    for (const key of bad) expect(isValidKey(key), JSON.stringify(key)).toBe(false);
  });

  test('a prefix is a valid key followed by a slash', () => {
    expect(assertPrefix('env/')).toBe('env/');
    expect(() => assertPrefix('env')).toThrow();
    expect(() => assertPrefix('/')).toThrow();
    expect(() => assertPrefix('../')).toThrow();
  });

  test('splits an upload into equal parts and a shorter last one', () => {
    const upload = { size: 12 * MiB + 1, partSize: 5 * MiB };
    expect(partCount(upload)).toBe(3);
    expect([1, 2, 3].map((n) => partSizeOf(upload, n))).toEqual([5 * MiB, 5 * MiB, 2 * MiB + 1]);
    expect(() => partSizeOf(upload, 4)).toThrow();
    expect(() => partSizeOf(upload, 0)).toThrow();
    expect(partCount({ size: 0, partSize: 5 * MiB })).toBe(1);
  });

  test('keeps part layouts within what S3 accepts', () => {
    expect(() => assertPartLayout(100 * MiB, 4 * MiB)).toThrow();
    expect(() => assertPartLayout(60_000 * MiB, 5 * MiB)).toThrow();
    expect(() => assertPartLayout(100 * MiB, 8 * MiB)).not.toThrow();
  });
});
