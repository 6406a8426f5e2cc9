import type { DataField } from '@kontor/contract/api/record-types';

export type MapEntry = Record<string, unknown> & { _id?: string };

/** The entries of a map value; anything else reads as an empty list. */
export const entriesOf = (value: unknown): MapEntry[] =>
  Array.isArray(value)
    ? value.filter((entry): entry is MapEntry => entry !== null && typeof entry === 'object' && !Array.isArray(entry))
    : [];

/** A stable id for a new entry; the server keeps an entry's `_id`, so rows keep their identity across saves. */
export const newEntryId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** An empty entry: each child field at its default, or empty. */
export const emptyEntry = (definition: readonly DataField[]): MapEntry => {
  const entry: MapEntry = { _id: newEntryId() };
  for (const child of definition) {
    entry[child.key] =
      child.default !== undefined
        ? child.default
        : child.type === 'map' || child.type === 'models' || child.type === 'files'
          ? []
          : child.type === 'boolean'
            ? false
            : child.type === 'object'
              ? {}
              : child.type === 'string' || child.type === 'text' || child.type === 'password'
                ? ''
                : null;
  }
  return entry;
};

/** Gives every entry of every top-level map an `_id`, so list rows have stable keys from the start. */
export const withEntryIds = (fields: Readonly<Record<string, DataField>>, values: Record<string, unknown>) => {
  const out: Record<string, unknown> = { ...values };
  for (const field of Object.values(fields)) {
    if (field.type !== 'map' || !Array.isArray(values[field.key])) continue;
    out[field.key] = entriesOf(values[field.key]).map((entry) =>
      typeof entry._id === 'string' && entry._id !== '' ? entry : { ...entry, _id: newEntryId() },
    );
  }
  return out;
};

/** Moves an item; indexes out of range leave the list as it is. */
export const moveItem = <T>(list: readonly T[], from: number, to: number): T[] => {
  if (from < 0 || to < 0 || from >= list.length || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};
