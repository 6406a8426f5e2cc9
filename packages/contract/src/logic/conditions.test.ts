import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { type ListCondition, listConditionSchema, type VisibleCondition } from '../api/record-types';
import { getPath, isVisible, listConditionHolds, listConditionsHold, looseEquals } from './conditions';

describe('getPath', () => {
  const row = { a: { b: [{ c: 1 }, { c: 2 }] }, zero: 0, empty: '' };

  test('reads dotted paths, index segments and brackets', () => {
    expect(getPath(row, 'a.b.1.c')).toBe(2);
    expect(getPath(row, 'a.b[0].c')).toBe(1);
    expect(getPath(row, 'zero')).toBe(0);
    expect(getPath(row, 'empty')).toBe('');
  });

  test('missing parts give undefined', () => {
    expect(getPath(row, 'a.x.c')).toBeUndefined();
    expect(getPath(row, 'a.b.5.c')).toBeUndefined();
    expect(getPath(row, 'zero.x')).toBeUndefined();
    expect(getPath(null, 'a')).toBeUndefined();
    expect(getPath(row, '')).toBeUndefined();
  });

  test('never reads from the prototype', () => {
    expect(getPath({}, 'constructor')).toBeUndefined();
    expect(getPath({}, '__proto__')).toBeUndefined();
    expect(getPath({ a: {} }, 'a.toString')).toBeUndefined();
    expect(getPath([1, 2], 'length')).toBe(2); // an own property of arrays
  });
});

describe('looseEquals', () => {
  test('numbers equal their text, booleans their name, null equals undefined', () => {
    expect(looseEquals(5, '5')).toBe(true);
    expect(looseEquals('5.0', 5)).toBe(true);
    expect(looseEquals(true, 'true')).toBe(true);
    expect(looseEquals('false', false)).toBe(true);
    expect(looseEquals(null, undefined)).toBe(true);
    expect(looseEquals('a', 'a')).toBe(true);
  });

  test('avoids the surprises of JavaScript ==', () => {
    expect(looseEquals('', 0)).toBe(false);
    expect(looseEquals(' ', 0)).toBe(false);
    expect(looseEquals(null, 0)).toBe(false);
    expect(looseEquals(null, '')).toBe(false);
    expect(looseEquals(false, 0)).toBe(false);
    expect(looseEquals(1, true)).toBe(false);
    expect(looseEquals('A', 'a')).toBe(false);
    expect(looseEquals(Number.NaN, Number.NaN)).toBe(false);
  });

  test('lists and objects compare by content', () => {
    expect(looseEquals([1, 'a'], ['1', 'a'])).toBe(true);
    expect(looseEquals([1], [1, 2])).toBe(false);
    expect(looseEquals({ a: 1, b: [2] }, { b: [2], a: 1 })).toBe(true);
    expect(looseEquals({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(looseEquals({ a: 1 }, [1])).toBe(false);
  });
});

describe('isVisible (spec 01 §5)', () => {
  const values = { delivery: { type: 'post' }, count: 3, express: true };

  test('without conditions an element is shown', () => {
    expect(isVisible(undefined, values)).toBe(true);
    expect(isVisible(null, values)).toBe(true);
    expect(isVisible([], values)).toBe(true);
  });

  test('shown only if all conditions hold', () => {
    const both: VisibleCondition[] = [
      { field: 'delivery.type', operator: '==', value: 'post' },
      { field: 'count', operator: '==', value: '3' },
    ];
    expect(isVisible(both, values)).toBe(true);
    expect(isVisible([...both, { field: 'express', operator: '==', value: false }], values)).toBe(false);
  });

  test('the operator defaults to ==', () => {
    expect(isVisible([{ field: 'express', value: true }], values)).toBe(true);
    expect(isVisible([{ field: 'missing', value: null }], values)).toBe(true);
  });

  test('any other operator makes the condition false', () => {
    // Stored definitions the schema never saw.
    const other = (operator: string) => [{ field: 'count', operator, value: 3 }] as unknown as VisibleCondition[];
    expect(isVisible(other('!='), values)).toBe(false);
    expect(isVisible(other('==='), values)).toBe(false);
  });
});

describe('list button conditions (spec 02 §3)', () => {
  const row = { _id: 'r1', stage: 'sent', data: { total: 0, note: '', tags: [], customer: { name: 'Müller' } } };

  test('not_empty and is_empty', () => {
    expect(listConditionHolds(['data.customer.name', 'not_empty'], row)).toBe(true);
    expect(listConditionHolds(['data.note', 'is_empty'], row)).toBe(true);
    expect(listConditionHolds(['data.tags', 'is_empty'], row)).toBe(true);
    expect(listConditionHolds(['data.missing', 'is_empty'], row)).toBe(true);
    expect(listConditionHolds(['data.total', 'not_empty'], row)).toBe(true); // 0 is a value
    expect(listConditionHolds(['data.note', 'not_empty'], row)).toBe(false);
  });

  test('== and !=', () => {
    expect(listConditionHolds(['stage', '==', 'sent'], row)).toBe(true);
    expect(listConditionHolds(['stage', '!=', 'sent'], row)).toBe(false);
    expect(listConditionHolds(['data.total', '==', '0'], row)).toBe(true);
    expect(listConditionHolds(['stage', '!=', 'paid'], row)).toBe(true);
    expect(listConditionHolds(['data.missing', '!=', 'x'], row)).toBe(true);
  });

  test('an unknown operator (a stored definition the schema never saw) is false, also under !=-like spellings', () => {
    const entry = (...tuple: unknown[]) => tuple as unknown as ListCondition;
    expect(listConditionHolds(entry('stage', 'contains', 'se'), row)).toBe(false);
    expect(listConditionHolds(entry('stage', '<>', 'paid'), row)).toBe(false);
    expect(listConditionsHold([['stage', '==', 'sent'], entry('stage', 'exists')], row)).toBe(false);
  });

  test('all entries must hold', () => {
    expect(
      listConditionsHold(
        [
          ['stage', '==', 'sent'],
          ['data.customer.name', 'not_empty'],
        ],
        row,
      ),
    ).toBe(true);
    expect(
      listConditionsHold(
        [
          ['stage', '==', 'sent'],
          ['data.note', 'not_empty'],
        ],
        row,
      ),
    ).toBe(false);
    expect(listConditionsHold([], row)).toBe(true);
    expect(listConditionsHold(undefined, row)).toBe(true);
  });

  test('$or holds when any of its entries holds', () => {
    const either: ListCondition = {
      $or: [
        ['stage', '==', 'paid'],
        ['stage', '==', 'sent'],
      ],
    };
    expect(listConditionHolds(either, row)).toBe(true);
    expect(
      listConditionHolds(
        {
          $or: [
            ['stage', '==', 'paid'],
            ['stage', '==', 'draft'],
          ],
        },
        row,
      ),
    ).toBe(false);
    expect(listConditionHolds({ $or: [] }, row)).toBe(false);
    expect(listConditionsHold([either, ['data.note', 'is_empty']], row)).toBe(true);
  });

  test('$or may hold groups of entries that must all hold, and nest', () => {
    const grouped: ListCondition = {
      $or: [
        [
          ['stage', '==', 'sent'],
          ['data.note', 'not_empty'],
        ],
        { $or: [['data.customer.name', '==', 'Müller']] },
      ],
    };
    expect(listConditionHolds(grouped, row)).toBe(true);
    expect(
      listConditionHolds(
        {
          $or: [
            [
              ['stage', '==', 'sent'],
              ['data.note', 'not_empty'],
            ],
          ],
        },
        row,
      ),
    ).toBe(false);
  });

  test('malformed entries are false', () => {
    expect(listConditionHolds({ $and: [] } as unknown as ListCondition, row)).toBe(false);
    expect(listConditionHolds({ $or: 'x' } as unknown as ListCondition, row)).toBe(false);
    expect(listConditionHolds(null as unknown as ListCondition, row)).toBe(false);
    expect(listConditionHolds('stage' as unknown as ListCondition, row)).toBe(false);
  });

  test('the contract’s schema reads what the evaluator knows and nothing else', () => {
    const conditions = z
      .array(listConditionSchema)
      .parse([['stage', '==', 'sent'], { $or: [[['data.total', 'not_empty']], ['stage', '==', 'x']] }]);
    expect(listConditionsHold(conditions, row)).toBe(true);
    expect(z.array(listConditionSchema).safeParse([['stage', '~=', 'sent']]).success).toBe(false);
  });
});
