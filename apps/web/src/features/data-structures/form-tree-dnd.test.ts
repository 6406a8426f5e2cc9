import type { Active, ClientRect, DroppableContainer } from '@dnd-kit/core';
import type { FormElement } from '@kontor/contract/api/record-types';
import { describe, expect, test } from 'vitest';
import { placedFields } from './form-tree';
import { type DragData, dropMove, formTreeAutoScroll, formTreeCollision } from './form-tree-dnd';

/**
 * The tree as the builder lays it out: two fields at the top level, then a card with no fields
 * yet (its row, and its empty drop zone inside that row), rows 30 px high with 6 px between.
 */
const tree: FormElement[] = [
  { type: 'field', field: 'kennzeichen' },
  { type: 'field', field: 'halter' },
  { type: 'card', headerTitle: 'Neue Karte', children: [] },
];

const rect = (top: number, height: number, left = 0, width = 600): ClientRect => ({
  top,
  left,
  width,
  height,
  bottom: top + height,
  right: left + width,
});

const targets: Array<[string, DragData, ClientRect]> = [
  ['0', { path: [0], list: [], index: 0 }, rect(0, 30)],
  ['1', { path: [1], list: [], index: 1 }, rect(36, 30)],
  // The card's row holds its drop zone.
  ['2', { path: [2], list: [], index: 2 }, rect(72, 72)],
  ['list:2.children', { list: [2, 'children'], index: 0 }, rect(108, 30, 34, 500)],
];

const container = ([id, data]: (typeof targets)[number]) =>
  ({
    id,
    key: id,
    data: { current: data },
    disabled: false,
    node: { current: null },
    rect: { current: null },
  }) as unknown as DroppableContainer;

const droppableContainers = targets.map(container);
const droppableRects = new Map(targets.map(([id, , r]) => [id, r]));

/** The collision for the row `id` dragged so that its rectangle is `dragged`, the pointer at `pointer`. */
const collide = (id: string, dragged: ClientRect, pointer: { x: number; y: number } | null) => {
  const [, data] = targets.find(([t]) => t === id) as (typeof targets)[number];
  const active = { id, data: { current: data }, rect: { current: { initial: null, translated: null } } } as Active;
  return formTreeCollision({
    active,
    collisionRect: dragged,
    droppableRects,
    droppableContainers,
    pointerCoordinates: pointer,
  }).map((c) => c.id);
};

describe('dropping a form element by pointer', () => {
  test('over an empty card, its drop zone wins over the card row around it', () => {
    const hits = collide('1', rect(110, 30), { x: 200, y: 120 });
    expect(hits[0]).toBe('list:2.children');
    expect(hits).toContain('2');
  });

  test('in a gap between rows, the row the dragged row overlaps', () => {
    expect(collide('0', rect(40, 30), { x: 200, y: 69 })[0]).toBe('1');
  });

  test('over nothing of the tree (the preview below it), nowhere: not the nearest row of its own list', () => {
    expect(collide('1', rect(300, 30), { x: 200, y: 310 })).toEqual([]);
  });

  test('never the dragged row itself, nor a dragged card its own drop zone', () => {
    expect(collide('1', rect(36, 30), { x: 200, y: 50 })).not.toContain('1');
    expect(collide('2', rect(100, 72), { x: 200, y: 120 })).toEqual([]);
  });
});

describe('dropping a form element by keyboard', () => {
  test('the nearest row of its own list, never an empty list elsewhere', () => {
    const hits = collide('1', rect(100, 30), null);
    expect(hits[0]).toBe('2');
    expect(hits).not.toContain('list:2.children');
  });
});

describe('the drop', () => {
  const data = (id: string) => targets.find(([t]) => t === id)?.[1];

  test('into the empty card moves the field there', () => {
    const next = dropMove(tree, data('1'), data('list:2.children'));
    expect(next[1]).toEqual({
      type: 'card',
      headerTitle: 'Neue Karte',
      children: [{ type: 'field', field: 'halter' }],
    });
    expect(placedFields(next)).toEqual(['kennzeichen', 'halter']);
    expect(next).toHaveLength(2);
  });

  test('onto a row of its own list reorders it', () => {
    expect(placedFields(dropMove(tree, data('1'), data('0')))).toEqual(['halter', 'kennzeichen']);
  });

  test('onto nothing or itself leaves the tree as it is', () => {
    expect(dropMove(tree, data('1'), undefined)).toBe(tree);
    expect(dropMove(tree, data('1'), data('1'))).toBe(tree);
  });

  test('the page scrolls by itself only at the very edge, never sideways', () => {
    expect(formTreeAutoScroll.threshold).toEqual({ x: 0, y: expect.any(Number) });
    expect(formTreeAutoScroll.threshold?.y).toBeLessThanOrEqual(0.1);
  });
});
