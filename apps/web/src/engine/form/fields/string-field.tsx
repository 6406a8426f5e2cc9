import { Select, TextInput } from '@mantine/core';
import type { FieldRendererProps } from '../types';
import { inputProps } from './input-props';

/** Above this many options the select gets a search box. */
const searchableFrom = 8;

/** string: a text input, or a select when the definition offers options (units, salutations …). */
export function StringField(props: FieldRendererProps<'string'>) {
  const { field, value, onChange } = props;
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  if (field.appearance === 'select' || (field.options?.length ?? 0) > 0) {
    const options = field.options ?? [];
    // A required select cannot be emptied again (the spec's notEmpty).
    const required = Boolean(field.validation?.required);
    return (
      <Select
        {...inputProps(props)}
        data={options}
        value={text === '' ? null : text}
        onChange={(next) => onChange(next ?? '')}
        clearable={!required && !props.readOnly}
        allowDeselect={!required}
        searchable={options.length >= searchableFrom}
        placeholder={field.placeholder}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  return (
    <TextInput
      {...inputProps(props)}
      value={text}
      placeholder={field.placeholder}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
