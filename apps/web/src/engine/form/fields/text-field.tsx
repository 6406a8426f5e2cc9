import { Textarea } from '@mantine/core';
import type { FieldRendererProps } from '../types';
import { inputProps } from './input-props';

/** text: a textarea that grows with its content. */
export function TextField(props: FieldRendererProps<'text'>) {
  const { value, onChange, field } = props;
  return (
    <Textarea
      {...inputProps(props)}
      rightSection={undefined}
      leftSection={undefined}
      autosize
      minRows={props.hideLabel ? 1 : 3}
      maxRows={14}
      value={typeof value === 'string' ? value : ''}
      placeholder={field.placeholder}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
