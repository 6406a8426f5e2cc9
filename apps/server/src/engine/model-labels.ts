import type { RecordType, Selector } from '@kontor/contract/api/record-types';

/**
 * The label of a record in a model selector: the selector's columns, else the type's
 * modelSelectorLabel, joined with " · ". Empty when neither names a column.
 */
export const labelColumns = (type: RecordType, selector?: Selector): string[] =>
  selector?.columns?.length ? selector.columns : (type.modelSelectorLabel ?? []);

export const modelLabel = (type: RecordType, data: Record<string, unknown>, selector?: Selector): string =>
  labelColumns(type, selector)
    .map((c) => data[c])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String)
    .join(' · ');
