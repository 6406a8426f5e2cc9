import type { RecordType } from '@kontor/contract/api/record-types';
import { describe, expect, test } from 'vitest';
import { shippedTypes } from './record-types.service';
import { shippedSortIndexes, sortIndexFor, sortTableFieldsOf } from './sort-indexes';

const customers = () => shippedTypes().find((t) => t.key === 'customers') as RecordType;

/** A copy of a type whose default list sorts by `field` too. */
const sortingBy = (type: RecordType, key: string, field: string, fieldType: 'string' | 'integer'): RecordType => ({
  ...type,
  key,
  fields: [...type.fields, { key: field, type: fieldType, label: field } as RecordType['fields'][number]],
  lists: type.lists.map((l) => ({ ...l, cells: [...l.cells, { mapping: field, label: field, sortable: true }] })),
});

/** Issue 28 item 2: only the product's shipped lists have expression indexes on records. */
describe('sort indexes', () => {
  test('a shipped type sorts by its shipped fields on an index of its own', () => {
    const index = sortIndexFor('customers', 'name', 'text');
    expect(index?.type).toBe('customers');
    expect(shippedSortIndexes().has(index?.name ?? '')).toBe(true);
  });

  test('a user-made type, a field a tenant added, or a shipped field of another kind gets no index', () => {
    expect(sortIndexFor('fahrzeuge', 'name', 'text')).toBeNull();
    expect(sortIndexFor('customers', 'kennzeichen', 'text')).toBeNull();
    expect(sortIndexFor('customers', 'name', 'num')).toBeNull();
  });

  test('those cells sort through record_sort_keys; the shipped ones do not', () => {
    const shippedType = customers();
    expect(sortTableFieldsOf(shippedType).size).toBe(0);
    const extended = sortingBy(shippedType, 'customers', 'kennzeichen', 'string');
    expect([...sortTableFieldsOf(extended)]).toEqual([['kennzeichen', 'text']]);
    const userMade = sortingBy(shippedType, 'fahrzeuge', 'km', 'integer');
    const fields = sortTableFieldsOf(userMade);
    expect(fields.get('km')).toBe('num');
    expect(fields.get('name')).toBe('text'); // the inherited cells too: no shipped index has type 'fahrzeuge'
  });

  test('however many fields a tenant declares sortable, the set of indexes stays the same', () => {
    const before = [...shippedSortIndexes().keys()];
    let type = customers();
    for (let i = 0; i < 190; i++) type = sortingBy(type, 'feindlich', `f${i}`, 'string');
    expect(sortTableFieldsOf(type).size).toBeGreaterThanOrEqual(190);
    expect([...shippedSortIndexes().keys()]).toEqual(before);
  });

  test('names: PostgreSQL keeps them whole (63 bytes), the pattern admits them, the same definition gives the same name', () => {
    for (const { name } of shippedSortIndexes().values()) {
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
      expect(name).toMatch(/^records_sort_(text|num)_[A-Za-z][A-Za-z0-9_]{0,39}_idx$/);
    }
    expect(sortIndexFor('invoices', 'date', 'text')?.name).toBe(sortIndexFor('invoices', 'date', 'text')?.name);
  });

  test('the shipped types are the presets’ child types and the system types', () => {
    const shipped = shippedTypes().map((t) => t.key);
    expect(shipped).toEqual(expect.arrayContaining(['customers', 'invoices', 'articles', 'envTaxes']));
    expect(shippedSortIndexes().size).toBeGreaterThan(0);
  });
});
