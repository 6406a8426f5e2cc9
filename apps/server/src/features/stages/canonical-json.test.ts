import { formatNumber } from '@kontor/contract/logic/number-pattern';
import { describe, expect, test } from 'vitest';
import { entryHash, genesisHash } from './audit';
import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  test('sorts keys at every depth and leaves out undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 'ü' }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"y":"ü","z":1}]},"b":1}',
    );
    expect(canonicalJson({ x: new Date('2026-01-02T03:04:05.000Z') })).toBe('{"x":"2026-01-02T03:04:05.000Z"}');
  });
});

describe('entryHash', () => {
  const entry = {
    seq: 1,
    at: new Date('2026-01-02T03:04:05.000Z'),
    userId: null,
    action: 'freeze',
    recordId: null,
    payload: { number: 'RE-2026-0001' },
  };
  test('is stable and depends on the previous hash and on every field', () => {
    const first = entryHash(genesisHash, entry);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(entryHash(genesisHash, { ...entry })).toBe(first);
    expect(entryHash('1'.repeat(64), entry)).not.toBe(first);
    expect(entryHash(genesisHash, { ...entry, payload: { number: 'RE-2026-0002' } })).not.toBe(first);
  });
});

describe('formatNumber', () => {
  test('fills the year and pads the counter to the width of N', () => {
    expect(formatNumber('RE-{YYYY}-{NNNN}', 2026, 7)).toBe('RE-2026-0007');
    expect(formatNumber('{NN}/{YYYY}', 2026, 123)).toBe('123/2026');
  });
});
