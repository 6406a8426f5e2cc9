import { Fieldset, SimpleGrid, Text } from '@mantine/core';
import { errorAt, useFormEngine } from '../form-context';
import { ChildField } from '../render-context';
import type { FieldRendererProps } from '../types';

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** object: nested fields in a frame of their own, two per row from tablet width on. */
export function ObjectField(props: FieldRendererProps<'object'>) {
  const { errors, clearError } = useFormEngine();
  const value = asObject(props.value);
  const children = props.field.definition ?? [];
  return (
    <Fieldset legend={props.hideLabel ? undefined : props.label} aria-label={props.label} variant="filled">
      {props.hint && (
        <Text size="xs" c="dimmed" mb="xs">
          {props.hint}
        </Text>
      )}
      {props.error && (
        <Text size="xs" c="red" mb="xs" role="alert">
          {props.error}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {children.map((child) => {
          const path = `${props.path}.${child.key}`;
          return (
            <ChildField
              key={child.key}
              field={child}
              value={value[child.key]}
              path={path}
              error={errorAt(errors, path)}
              readOnly={props.readOnly}
              onChange={(next) => {
                clearError(path);
                props.onChange({ ...value, [child.key]: next });
              }}
            />
          );
        })}
      </SimpleGrid>
    </Fieldset>
  );
}
