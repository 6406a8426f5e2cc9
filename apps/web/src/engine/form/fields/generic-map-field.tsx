import { ActionIcon, Button, Group, Input, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/i18n';
import { errorAt, useFormEngine } from '../form-context';
import { ChildField } from '../render-context';
import type { FieldRendererProps } from '../types';
import { emptyEntry, entriesOf, type MapEntry } from './map-entries';

/** map without a subType: a table of sub-records, one column per child field, with add and remove. */
export function GenericMapField(props: FieldRendererProps<'map'>) {
  return <MapTable props={props} />;
}

/** The table of a map; `moreActions` adds buttons beside "add" (the taxes map offers the environment's rates). */
export function MapTable({
  props,
  moreActions,
}: {
  props: FieldRendererProps<'map'>;
  moreActions?: (add: (entry: MapEntry) => void) => ReactNode;
}) {
  const t = useT();
  const { errors, clearError, clearErrorsUnder } = useFormEngine();
  const definition = props.field.definition ?? [];
  const entries = entriesOf(props.value);

  const update = (index: number, key: string, value: unknown) =>
    props.onChange(entries.map((entry, i) => (i === index ? { ...entry, [key]: value } : entry)));
  const remove = (index: number) => {
    // Messages are keyed by index: after a removal they would sit on the wrong rows.
    clearErrorsUnder(props.path);
    props.onChange(entries.filter((_, i) => i !== index));
  };
  const append = (entry: MapEntry) => props.onChange([...entries, entry]);
  const add = () => append(emptyEntry(definition));

  return (
    <Input.Wrapper
      label={props.hideLabel ? undefined : props.label}
      description={props.hint}
      error={props.error}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <Stack gap="xs" mt={4}>
        {entries.length === 0 ? (
          <Paper withBorder p="md" radius="md">
            <Text size="sm" c="dimmed" ta="center">
              {t('records.mapEmpty')}
            </Text>
          </Paper>
        ) : (
          <Table.ScrollContainer minWidth={Math.max(320, definition.length * 180)}>
            <Table withTableBorder verticalSpacing="xs" aria-label={props.label}>
              <Table.Thead>
                <Table.Tr>
                  {definition.map((child) => (
                    <Table.Th key={child.key}>{child.label}</Table.Th>
                  ))}
                  {!props.readOnly && <Table.Th w={48} aria-label={t('records.actions')} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry: MapEntry, index) => (
                  <Table.Tr key={entry._id ?? index}>
                    {definition.map((child) => {
                      const path = `${props.path}[${index}].${child.key}`;
                      return (
                        <Table.Td key={child.key} style={{ verticalAlign: 'top' }}>
                          <ChildField
                            field={child}
                            label={`${child.label} ${index + 1}`}
                            hideLabel
                            value={entry[child.key]}
                            path={path}
                            error={errorAt(errors, path)}
                            readOnly={props.readOnly}
                            onChange={(value) => {
                              clearError(path);
                              update(index, child.key, value);
                            }}
                          />
                        </Table.Td>
                      );
                    })}
                    {!props.readOnly && (
                      <Table.Td style={{ verticalAlign: 'top' }}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          mt={4}
                          aria-label={t('records.mapRemove', { n: index + 1 })}
                          onClick={() => remove(index)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!props.readOnly && (
          <Group>
            <Button variant="light" size="sm" leftSection={<IconPlus size={16} />} onClick={add}>
              {t('records.mapAdd')}
            </Button>
            {moreActions?.(append)}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
