import type { FormElement } from '@kontor/contract/api/record-types';
import { describe, expect, test } from 'vitest';
import {
  appendAt,
  canMoveInto,
  hasBlankTab,
  insertTarget,
  listTargets,
  moveAt,
  moveTo,
  placedFields,
  removeAt,
  updateAt,
} from './form-tree';

const tree: FormElement[] = [
  {
    type: 'card',
    headerTitle: 'Fahrzeug',
    children: [
      { type: 'field', field: 'a' },
      { type: 'field', field: 'b' },
    ],
  },
  { type: 'tabs', sections: [{ title: 'Eins', fields: [{ type: 'field', field: 'c' }] }] },
  { type: 'field', field: 'd' },
];

describe('form tree edits', () => {
  test('moves an element within its own list and not past its edges', () => {
    const moved = moveAt(tree, [0, 'children', 1], -1);
    expect(placedFields(moved)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveAt(tree, [0, 'children', 0], -1)).toBe(tree);
    expect(moveAt(tree, [2], 1)).toBe(tree);
  });

  test('removes, updates and appends without touching the original', () => {
    expect(placedFields(removeAt(tree, [1, 'sections', 0, 'fields', 0]))).toEqual(['a', 'b', 'd']);
    const wider = updateAt(tree, [2], { type: 'field', field: 'd', columns: 12 });
    expect(wider[2]).toEqual({ type: 'field', field: 'd', columns: 12 });
    expect(tree[2]).toEqual({ type: 'field', field: 'd' });
    expect(placedFields(appendAt(tree, [0, 'children'], { type: 'field', field: 'e' }))).toEqual([
      'a',
      'b',
      'e',
      'c',
      'd',
    ]);
  });

  test('a new element goes into the selected card or first tab, else to the top level', () => {
    expect(insertTarget(tree, [0])).toEqual([0, 'children']);
    expect(insertTarget(tree, [1])).toEqual([1, 'sections', 0, 'fields']);
    expect(insertTarget(tree, [2])).toEqual([]);
    expect(insertTarget(tree, null)).toEqual([]);
  });

  test('a tab without a title is found, also nested', () => {
    expect(hasBlankTab(tree)).toBe(false);
    const blank = updateAt(tree, [1], { type: 'tabs', sections: [{ title: ' ', fields: [] }] });
    expect(hasBlankTab(blank)).toBe(true);
    expect(hasBlankTab([{ type: 'card', children: blank }])).toBe(true);
  });

  test('moves an element into another list: card to tab, top level into a card, to the top level', () => {
    expect(placedFields(moveTo(tree, [0, 'children', 0], [1, 'sections', 0, 'fields'], 0))).toEqual([
      'b',
      'a',
      'c',
      'd',
    ]);
    const intoCard = moveTo(tree, [2], [0, 'children'], 1);
    expect(placedFields(intoCard)).toEqual(['a', 'd', 'b', 'c']);
    expect(intoCard).toHaveLength(2);
    const out = moveTo(tree, [1, 'sections', 0, 'fields', 0], [], 0);
    expect(placedFields(out)).toEqual(['c', 'a', 'b', 'd']);
    expect(out[0]).toEqual({ type: 'field', field: 'c' });
  });

  test('a removed element shifts the target list behind it', () => {
    // The card (index 0) moves into the tabs (index 1, which becomes index 0 after the removal).
    const moved = moveTo(tree, [0], [1, 'sections', 0, 'fields'], 99);
    expect(moved).toHaveLength(2);
    expect(moved[0]?.type).toBe('tabs');
    expect(placedFields(moved)).toEqual(['c', 'a', 'b', 'd']);
  });

  test('never into itself or a descendant; the same list reorders', () => {
    expect(moveTo(tree, [0], [0, 'children'], 0)).toBe(tree);
    expect(canMoveInto([0], [0, 'children'])).toBe(false);
    expect(canMoveInto([0, 'children', 1], [0, 'children'])).toBe(false);
    expect(canMoveInto([2], [0, 'children'])).toBe(true);
    expect(placedFields(moveTo(tree, [0, 'children', 0], [0, 'children'], 5))).toEqual(['b', 'a', 'c', 'd']);
  });

  test('lists every target list in tree order', () => {
    expect(listTargets(tree).map((target) => target.path.join('.'))).toEqual(['', '0.children', '1.sections.0.fields']);
    expect(listTargets(tree)[2]?.section).toBe('Eins');
  });
});
