import type { DataField, FieldType, FormElement } from '@kontor/contract/api/record-types';
import type { ReactNode } from 'react';

export type FormValues = Record<string, unknown>;

/** What every field renderer receives; `field.type` is narrowed to the renderer's type. */
export type FieldRendererProps<T extends FieldType = FieldType> = Readonly<{
  field: DataField & { type: T };
  value: unknown;
  onChange: (value: unknown) => void;
  /** Wire path of the value, the key of its server errors: `customer`, `positions[2].title`. */
  path: string;
  /** The first server (or client) message for exactly this path. */
  error: string | undefined;
  readOnly: boolean;
  label: string;
  /** Inside table rows and with `noWrapper` the label is only announced, not shown. */
  hideLabel: boolean;
  hint?: string | undefined;
  prepend?: string | undefined;
  append?: string | undefined;
}>;

export type FieldRenderer<T extends FieldType> = (props: FieldRendererProps<T>) => ReactNode;

/** One renderer per field type: a type without one does not compile (STYLE.md §5). */
export type FieldRendererMap = { [T in FieldType]: FieldRenderer<T> };

/** What `renderField` takes: a renderer's props, with label and hideLabel defaulting from the field. */
export type FieldViewProps = Omit<FieldRendererProps, 'field' | 'label' | 'hideLabel'> & {
  field: DataField;
  label?: string | undefined;
  hideLabel?: boolean | undefined;
};

/** The renderer of a form element kind (`tabs`, `card`, … and the kinds features register). */
export type ElementRenderer = (props: { element: FormElement }) => ReactNode;
