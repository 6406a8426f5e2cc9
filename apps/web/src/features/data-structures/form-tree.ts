import type { FormElement } from '@kontor/contract/api/record-types';

/**
 * Immutable edits of a form's element tree, addressed by paths of keys into it: `[2]` is the third
 * top-level element, `[2, 'children', 0]` the first child of that card, `[0, 'sections', 1, 'fields', 3]`
 * a field in the second tab of a tabs element.
 */
export type TreePath = ReadonlyArray<string | number>;

type Node = Record<string | number, unknown> | unknown[];

const getAt = (root: unknown, path: TreePath): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], root);

const setAt = (root: unknown, path: TreePath, value: unknown): unknown => {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  const node = root as Node;
  const copy: Node = Array.isArray(node) ? [...node] : { ...node };
  (copy as Record<string | number, unknown>)[key as string | number] = setAt(
    (node as Record<string | number, unknown>)[key as string | number],
    rest,
    value,
  );
  return copy;
};

const listOf = (elements: FormElement[], listPath: TreePath): FormElement[] =>
  (getAt(elements, listPath) as FormElement[] | undefined) ?? [];

export const elementAt = (elements: FormElement[], path: TreePath): FormElement | undefined =>
  getAt(elements, path) as FormElement | undefined;

export const updateAt = (elements: FormElement[], path: TreePath, element: FormElement): FormElement[] =>
  setAt(elements, path, element) as FormElement[];

export const removeAt = (elements: FormElement[], path: TreePath): FormElement[] => {
  const listPath = path.slice(0, -1);
  const index = path[path.length - 1] as number;
  return setAt(
    elements,
    listPath,
    listOf(elements, listPath).filter((_, i) => i !== index),
  ) as FormElement[];
};

/** Swaps an element with its neighbour in the same list; answers the elements unchanged at an edge. */
export const moveAt = (elements: FormElement[], path: TreePath, by: -1 | 1): FormElement[] => {
  const listPath = path.slice(0, -1);
  const index = path[path.length - 1] as number;
  const list = [...listOf(elements, listPath)];
  const target = index + by;
  if (target < 0 || target >= list.length) return elements;
  [list[index], list[target]] = [list[target] as FormElement, list[index] as FormElement];
  return setAt(elements, listPath, list) as FormElement[];
};

export const appendAt = (elements: FormElement[], listPath: TreePath, element: FormElement): FormElement[] =>
  setAt(elements, listPath, [...listOf(elements, listPath), element]) as FormElement[];

/** Where a new element goes: into the selected card, container or first tab; else at the top level. */
export const insertTarget = (elements: FormElement[], selected: TreePath | null): TreePath => {
  const element = selected ? elementAt(elements, selected) : undefined;
  if (!selected || !element) return [];
  if (element.type === 'card' || element.type === 'container') return [...selected, 'children'];
  if (element.type === 'tabs' && element.sections.length > 0) return [...selected, 'sections', 0, 'fields'];
  return [];
};

/** Every field key placed in the tree. */
export const placedFields = (elements: readonly FormElement[]): string[] =>
  elements.flatMap((e) =>
    e.type === 'field'
      ? [e.field]
      : e.type === 'tabs'
        ? e.sections.flatMap((s) => placedFields(s.fields))
        : e.type === 'card' || e.type === 'container'
          ? placedFields(e.children)
          : [],
  );

/** Tab titles must be non-empty (spec 02 §5). */
export const hasBlankTab = (elements: readonly FormElement[]): boolean =>
  elements.some((e) =>
    e.type === 'tabs'
      ? e.sections.some((s) => !s.title.trim() || hasBlankTab(s.fields))
      : e.type === 'card' || e.type === 'container'
        ? hasBlankTab(e.children)
        : false,
  );

/** Moves the element at `from` of a list to `to` of the same list (a drag's drop). */
export const moveWithin = (elements: FormElement[], listPath: TreePath, from: number, to: number): FormElement[] => {
  const list = [...listOf(elements, listPath)];
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return elements;
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved as FormElement);
  return setAt(elements, listPath, list) as FormElement[];
};

const startsWith = (path: TreePath, prefix: TreePath) =>
  prefix.length <= path.length && prefix.every((k, i) => path[i] === k);

/**
 * Moves the element at `from` into another list (a card's or container's children, a tab's
 * fields, the top level) at `toIndex` (the end when beyond it). An element never moves into
 * itself or one of its descendants; then the elements come back unchanged.
 */
export const moveTo = (elements: FormElement[], from: TreePath, toList: TreePath, toIndex: number): FormElement[] => {
  const element = elementAt(elements, from);
  if (!element || startsWith(toList, from)) return elements;
  const fromList = from.slice(0, -1);
  const fromIndex = from[from.length - 1] as number;
  if (fromList.length === toList.length && startsWith(toList, fromList)) {
    const last = listOf(elements, fromList).length - 1;
    return moveWithin(elements, fromList, fromIndex, Math.min(Math.max(toIndex, 0), last));
  }
  // Removing the element shifts its later siblings; a target list below one of them moves too.
  const target = [...toList];
  const at = fromList.length;
  if (startsWith(toList, fromList) && typeof target[at] === 'number' && (target[at] as number) > fromIndex) {
    target[at] = (target[at] as number) - 1;
  }
  const without = removeAt(elements, from);
  const list = [...listOf(without, target)];
  list.splice(Math.min(Math.max(toIndex, 0), list.length), 0, element);
  return setAt(without, target, list) as FormElement[];
};

type ListTarget = Readonly<{ path: TreePath; depth: number; element: FormElement | null; section?: string }>;

/** Every list an element can be moved into, in tree order: the top level, cards, containers, tabs. */
export const listTargets = (elements: readonly FormElement[], base: TreePath = [], depth = 0): ListTarget[] => {
  const own: ListTarget[] = base.length === 0 ? [{ path: [], depth: 0, element: null }] : [];
  return [
    ...own,
    ...elements.flatMap((e, i): ListTarget[] => {
      const path = [...base, i];
      if (e.type === 'card' || e.type === 'container') {
        const children = [...path, 'children'];
        return [{ path: children, depth: depth + 1, element: e }, ...listTargets(e.children, children, depth + 1)];
      }
      if (e.type === 'tabs') {
        return e.sections.flatMap((s, si) => {
          const fields = [...path, 'sections', si, 'fields'];
          return [
            { path: fields, depth: depth + 1, element: e, section: s.title },
            ...listTargets(s.fields, fields, depth + 1),
          ];
        });
      }
      return [];
    }),
  ];
};

/** Whether an element at `from` may move into the list at `toList` (not into itself, not where it is). */
export const canMoveInto = (from: TreePath, toList: TreePath) => {
  const fromList = from.slice(0, -1);
  const same = fromList.length === toList.length && startsWith(toList, fromList);
  return !same && !startsWith(toList, from);
};
