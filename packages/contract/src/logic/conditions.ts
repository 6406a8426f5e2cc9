import type { ListCondition, VisibleCondition } from '../api/record-types';
import { isEmptyValue } from './validation';

/**
 * Conditions of the form engine (element visibility, spec 01 §5) and of list buttons (spec 02 §3),
 * evaluated the same way in the browser and on the server. An operator we do not know makes its
 * condition false: a mistyped condition hides a button or element rather than showing it where it
 * was meant to be hidden.
 */

/**
 * The value at a path: dotted ("address.city"), with list indexes as segments ("positions.0.title")
 * or brackets ("positions[0].title"), as in the wire's field paths. Only own properties are read,
 * so "constructor" or "__proto__" never reach the prototype. Missing → undefined.
 */
export const getPath = (source: unknown, path: string): unknown => {
  if (path === '') return undefined;
  let current: unknown = source;
  for (const segment of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
};

/**
 * Equality of a form or row value with a configured value. Form inputs deliver text where the
 * configuration may say 5 or true, so a number equals its decimal text ("5" == 5) and a boolean
 * its name ("true" == true); null equals undefined. Unlike JavaScript's `==`, '' is not 0 and
 * lists and objects compare by content.
 */
export const looseEquals = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'number' && typeof b === 'string') return b.trim() !== '' && Number(b) === a;
  if (typeof a === 'string' && typeof b === 'number') return looseEquals(b, a);
  if (typeof a === 'boolean' && typeof b === 'string') return String(a) === b;
  if (typeof a === 'string' && typeof b === 'boolean') return String(b) === a;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => looseEquals(item, b[i]));
  if (typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every(
        (key) =>
          Object.hasOwn(b, key) &&
          looseEquals((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
      )
    );
  }
  return false;
};

/** Any operator but '==' (from a stored definition the schema never saw) makes the condition false. */
const visibleConditionHolds = (condition: VisibleCondition, values: unknown): boolean =>
  (condition.operator ?? '==') === '==' && looseEquals(getPath(values, condition.field), condition.value);

/** An element is shown only if all its conditions hold; none means always shown. */
export const isVisible = (conditions: readonly VisibleCondition[] | null | undefined, values: unknown): boolean =>
  (conditions ?? []).every((condition) => visibleConditionHolds(condition, values));

const isTuple = (entry: unknown): entry is readonly [string, string, unknown?] =>
  Array.isArray(entry) && typeof entry[0] === 'string';

export const listConditionHolds = (entry: ListCondition, row: unknown): boolean => {
  if (isTuple(entry)) {
    const [path, operator, expected] = entry;
    const actual = getPath(row, path);
    switch (operator) {
      case 'not_empty':
        return !isEmptyValue(actual);
      case 'is_empty':
        return isEmptyValue(actual);
      case '==':
        return looseEquals(actual, expected);
      case '!=':
        return !looseEquals(actual, expected);
      default:
        return false;
    }
  }
  if (Array.isArray(entry)) return (entry as readonly ListCondition[]).every((inner) => listConditionHolds(inner, row));
  if (entry !== null && typeof entry === 'object' && Array.isArray((entry as { $or?: unknown }).$or)) {
    return (entry as { $or: readonly ListCondition[] }).$or.some((inner) => listConditionHolds(inner, row));
  }
  return false;
};

/** A button is offered only if every entry holds for the row; no conditions means always. */
export const listConditionsHold = (conditions: readonly ListCondition[] | null | undefined, row: unknown): boolean =>
  (conditions ?? []).every((entry) => listConditionHolds(entry, row));
