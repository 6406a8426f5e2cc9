import type { DataField } from '@kontor/contract/api/record-types';
import { TextInput } from '@mantine/core';
import { type RecordFormat, useRecordFormat } from '../use-record-format';

/** The text of a value the user cannot edit, formatted by its field's type. */
const displayText = (field: DataField, value: unknown, format: RecordFormat): string => {
  if (value === null || value === undefined) return '';
  if (field.currency && typeof value === 'number') return format.cents(value);
  switch (field.type) {
    case 'integer':
      return format.number(value, 0);
    case 'float':
      return format.number(value);
    case 'date':
      return format.date(value);
    case 'datetime':
      return format.dateTime(value);
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
};

/**
 * Fields the server fills (`computed` totals, `labelOf` copies of a selected record's label): never
 * an input, only their current value; while empty, the field's placeholder says when it comes (a
 * draft's number: "Wird beim Festschreiben vergeben").
 */
export function DisplayValue({
  field,
  value,
  label,
  hideLabel,
  hint,
}: {
  field: DataField;
  value: unknown;
  label: string;
  hideLabel: boolean;
  hint?: string | undefined;
}) {
  const format = useRecordFormat();
  return (
    <TextInput
      size="sm"
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      description={hint}
      readOnly
      variant="filled"
      value={displayText(field, value, format)}
      placeholder={field.placeholder}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
