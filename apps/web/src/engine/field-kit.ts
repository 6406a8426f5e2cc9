/**
 * The record engine's public surface for features that add to the form engine: field renderers
 * (by type and sub-type), element kinds, and what a renderer needs (its props, the form state,
 * contained fields through `ChildField`, number inputs, map entries, the record format).
 * Features import the engine only through this module and `screens.ts` (enforced by
 * .dependency-cruiser.cjs). See docs/architecture.md.
 */
export { fieldOfPath } from './form/element-fields';
export { MapTable } from './form/fields/generic-map-field';
export { entriesOf, type MapEntry, moveItem, newEntryId } from './form/fields/map-entries';
export { errorAt, type FormEngineState, useFormEngine } from './form/form-context';
export { GermanNumberInput } from './form/inputs/german-number-input';
export { registerElementKind, registerFieldRenderer } from './form/registry';
export { ChildElements, ChildField, useEngineRender } from './form/render-context';
export { StandaloneField, type StandaloneFieldProps } from './form/standalone-field';
export type { ElementRenderer, FieldRenderer, FieldRendererProps, FieldViewProps } from './form/types';
export { type RecordFormat, useRecordFormat } from './use-record-format';
