import { describe, expect, test } from 'vitest';
import { baseTypes } from './base-types/registry';
import { shippedTypes } from './record-types.service';
import { ownIndexTypeKeys, sortIndexesOf, sortIndexFor } from './sort-indexes';

/** Names of sort indexes: what `buildSortIndexes` and the housekeeping go by. */
describe('sort index names', () => {
  test('a shipped type has its own index per field; a user-made type shares one per field', () => {
    expect(sortIndexFor('customers', 'name', 'text').type).toBe('customers');
    const vehicles = sortIndexFor('fahrzeuge', 'name', 'text');
    expect(vehicles.type).toBeNull();
    expect(sortIndexFor('maschinen', 'name', 'text')).toEqual(vehicles);
    expect(vehicles.name).not.toBe(sortIndexFor('customers', 'name', 'text').name);
    expect(sortIndexFor('customers', 'name', 'num').name).not.toBe(sortIndexFor('customers', 'name', 'text').name);
  });

  test('the longest field key gives a name PostgreSQL keeps whole (63 bytes) and the index pattern admits', () => {
    const field = `f${'x'.repeat(39)}`;
    for (const type of ['customers', 'fahrzeuge']) {
      const { name } = sortIndexFor(type, field, 'text');
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
      expect(name).toMatch(/^records_sort_(text|num)_[A-Za-z][A-Za-z0-9_]{0,39}_idx$/);
    }
  });

  test('the same definition always gives the same name (the housekeeping drops names nobody needs)', () => {
    expect(sortIndexFor('invoices', 'date', 'text').name).toBe(sortIndexFor('invoices', 'date', 'text').name);
  });

  test('the shipped types are the presets’ child types and the system types, and all of them have own indexes', () => {
    const shipped = shippedTypes().map((t) => t.key);
    expect(shipped).toEqual(expect.arrayContaining(['customers', 'invoices', 'articles', 'envTaxes']));
    expect(shipped.every((key) => ownIndexTypeKeys.has(key))).toBe(true);
    // A base type's own key (`customer`) is no record type of an environment: it gets no index of its own.
    expect(ownIndexTypeKeys.has('customer')).toBe(false);
    expect(baseTypes.has('customer')).toBe(true);
    const wanted = [...sortIndexesOf(shippedTypes()).values()];
    expect(wanted.length).toBeGreaterThan(0);
    expect(wanted.every((index) => index.type !== null)).toBe(true);
  });
});
