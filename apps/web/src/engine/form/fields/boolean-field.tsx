import { Checkbox } from '@mantine/core';
import type { FieldRendererProps } from '../types';

/** boolean: a checkbox; its label sits beside it. */
export function BooleanField({
  field,
  value,
  onChange,
  readOnly,
  error,
  hint,
  label,
  hideLabel,
}: FieldRendererProps<'boolean'>) {
  return (
    <Checkbox
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      description={hint}
      error={error}
      checked={value === true}
      disabled={readOnly}
      onChange={(event) => onChange(event.currentTarget.checked)}
      // Level with the inputs beside it, whose labels sit above them.
      pt={hideLabel ? 0 : 31}
      data-field={field.key}
    />
  );
}
