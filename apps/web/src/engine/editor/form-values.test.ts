import { describe, expect, test } from 'vitest';
import { invalidNumbers } from '../form/client-checks';
import { positionsField } from '../testing/record-test-env';
import { editableValues, sameFormValues } from './form-values';

describe('unsaved changes', () => {
  test('count empty values as equal and compare lists and objects by content', () => {
    expect(sameFormValues({ a: '', b: null }, { c: undefined })).toBe(true);
    expect(sameFormValues({ list: [{ x: 1 }] }, { list: [{ x: 1 }] })).toBe(true);
    expect(sameFormValues({ list: [{ x: 1 }] }, { list: [{ x: 2 }] })).toBe(false);
    expect(sameFormValues({ list: [1] }, { list: [1, 2] })).toBe(false);
    expect(sameFormValues({ n: 0 }, { n: null })).toBe(false);
  });

  test('edit the record without its id, every map entry with a stable _id', () => {
    const values = editableValues(
      { positions: positionsField },
      { _id: 'r1', positions: [{ title: 'A' }, { _id: 'k', title: 'B' }] },
    );
    expect(values).not.toHaveProperty('_id');
    const positions = values.positions as Array<{ _id: string }>;
    expect(typeof positions[0]?._id).toBe('string');
    expect(positions[1]?._id).toBe('k');
  });
});

describe('numbers still being typed', () => {
  test('keep the form from being sent, with a message at their path', () => {
    expect(
      invalidNumbers([positionsField], { positions: [{ quantity: 1 }, { quantity: '12.5', price_single: 'x' }] }),
    ).toEqual({ 'positions[1].quantity': 'validation.number', 'positions[1].price_single': 'validation.number' });
    expect(invalidNumbers([{ key: 'n', type: 'integer', label: 'N' }], { n: '3,5' })).toEqual({
      n: 'validation.integer',
    });
  });
});
