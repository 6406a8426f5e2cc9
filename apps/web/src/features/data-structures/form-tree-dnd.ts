import {
  type Active,
  type AutoScrollOptions,
  type CollisionDetection,
  closestCenter,
  type DroppableContainer,
  pointerWithin,
  rectIntersection,
} from '@dnd-kit/core';
import type { FormElement } from '@kontor/contract/api/record-types';
import { moveTo, moveWithin, type TreePath } from './form-tree';

/** What a draggable row or a list's drop zone tells the drag's end. */
export type DragData = Readonly<{ path?: TreePath; list: TreePath; index: number }>;

type WithData = Pick<Active, 'data'> | DroppableContainer | undefined;

const dataOf = (entry: WithData) => entry?.data.current as DragData | undefined;
export const sameList = (a: TreePath, b: TreePath) => a.length === b.length && a.every((k, i) => k === b[i]);
const startsWith = (path: TreePath, prefix: TreePath) =>
  prefix.length <= path.length && prefix.every((k, i) => path[i] === k);

/** A row of the dragged row's own list (not an empty list's drop zone). */
export const inListOf = (active: Pick<Active, 'data'>) => (entry: DroppableContainer) => {
  const list = dataOf(active)?.list;
  const other = dataOf(entry);
  return !!list && !!other?.path && sameList(list, other.list);
};

/**
 * Neither the dragged row nor anything inside it (a dragged card's children and its empty drop
 * zone stay measured where they were; dropping a card into itself would do nothing anyway).
 */
const outsideOf = (active: Active) => (entry: DroppableContainer) => {
  const from = dataOf(active)?.path;
  if (entry.id === active.id) return false;
  const target = dataOf(entry);
  return !from || !target || !startsWith(target.list, from);
};

/**
 * Where a drop lands. By pointer: the innermost row or empty list under the pointer (a card's row
 * holds its children's rows and its empty drop zone, so the smallest rectangle wins); with the
 * pointer in a gap between rows, the row the dragged row overlaps most; over nothing of the tree
 * (the preview, the side panel), nowhere: the drop does nothing. By keyboard (no pointer): the
 * nearest row of the dragged row's own list; into another list the keyboard goes by the side
 * panel's 'Verschieben nach'.
 */
export const formTreeCollision: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const scoped = { ...args, droppableContainers: args.droppableContainers.filter(outsideOf(args.active)) };
    const area = (id: string | number) => {
      const rect = args.droppableRects.get(id);
      return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
    };
    const hits = pointerWithin(scoped).sort((a, b) => area(a.id) - area(b.id));
    return hits.length > 0 ? hits : rectIntersection(scoped);
  }
  return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter(inListOf(args.active)) });
};

/**
 * dnd-kit scrolls the page while the pointer rests in a band at the viewport's edge, 20 % of its
 * height by default. The form's last card (often a new, empty one) sits right above the long
 * preview, inside that band: the page scrolled on under a resting pointer and carried the card
 * away, so the drop missed it. A narrow band still scrolls a long form; sideways never (the page
 * has no horizontal scroll).
 */
export const formTreeAutoScroll: AutoScrollOptions = { threshold: { x: 0, y: 0.06 } };

/** The tree after a drop of the row `active` on `over` (a row or an empty list); unchanged when it goes nowhere. */
export const dropMove = (root: FormElement[], active: DragData | undefined, over: DragData | undefined) => {
  const from = active?.path;
  if (!from || !over || (over.path && sameList(over.path, from))) return root;
  const fromList = from.slice(0, -1);
  return over.path && sameList(fromList, over.list)
    ? moveWithin(root, fromList, from[from.length - 1] as number, over.index)
    : moveTo(root, from, over.list, over.index);
};
