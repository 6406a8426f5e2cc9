import { Button, Group, Input, Menu, Paper, Stack, Text } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconHeading, IconPlus, IconSum, IconTextCaption } from '@tabler/icons-react';
import { useState } from 'react';
import type { FieldRendererProps } from '../../../engine/field-kit';
import { entriesOf, fieldOfPath, moveItem, useFormEngine } from '../../../engine/field-kit';
import { useEnvironment } from '../../../environment/environment-context';
import { useT } from '../../../i18n/i18n';
import { PositionCards } from './position-cards';
import { PositionModal, type PositionModalState } from './position-modal';
import { PositionSummary } from './position-summary';
import { PositionTable } from './position-table';
import { newLine, newPosition, type PositionValue, positionsSummary } from './position-values';

/**
 * The position list editor (spec 01 §2, §5) for a positions-map: rows to edit in place, an edit
 * modal per position, add, remove, move, and the summary computed by the shared position maths.
 */
export function PositionEditor(props: FieldRendererProps<'map'>) {
  const t = useT();
  const { taxes, environment } = useEnvironment();
  const { errors, clearError, clearErrorsUnder } = useFormEngine();
  // Rows with inputs need about 860 px; narrower (phones, tablets, an open help panel) shows cards.
  const { ref: frame, width } = useElementSize();
  const narrowScreen = useMediaQuery('(max-width: 74.99em)', false, { getInitialValueInEffect: false });
  const compact = width > 0 ? width < 860 : narrowScreen;
  const [modal, setModal] = useState<PositionModalState | null>(null);
  const definition = props.field.definition ?? [];
  const positions = entriesOf(props.value) as PositionValue[];

  // "Bezeichnung: Dieses Feld muss ausgefüllt werden": the message alone would not say which column.
  const messagesOf = (index: number): string[] => {
    const prefix = `${props.path}[${index}]`;
    return Object.entries(errors)
      .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
      .flatMap(([path, messages]) => {
        const child = definition.find((field) => field.key === fieldOfPath(path.slice(prefix.length + 1)));
        return messages.map((message) => (child ? `${child.label}: ${message}` : message));
      });
  };
  const errorAt = (index: number, key: string) => errors[`${props.path}[${index}].${key}`]?.[0];

  const update = (index: number, key: string, value: unknown) => {
    clearError(`${props.path}[${index}].${key}`);
    props.onChange(positions.map((position, i) => (i === index ? { ...position, [key]: value } : position)));
  };
  // Messages are keyed by row index: after a structural change they would point at the wrong rows.
  const restructure = (next: PositionValue[]) => {
    clearErrorsUnder(props.path);
    props.onChange(next);
  };
  const add = () =>
    setModal({
      mode: 'new',
      draft: newPosition(
        definition,
        taxes.find((tax) => tax._id === environment.default_tax),
      ),
    });
  // Title and text lines open the modal for their text; a subtotal needs none and is added at once.
  const addLine = (kind: 'title' | 'text') => setModal({ mode: 'new', draft: newLine(kind) });
  const addSubtotal = () => props.onChange([...positions, newLine('subtotal', t('records.positionSubtotalDefault'))]);
  const edit = (index: number) => {
    const id = positions[index]?._id;
    if (id) setModal({ mode: 'edit', id, index });
  };

  const editing = modal?.mode === 'edit' ? positions.findIndex((position) => position._id === modal.id) : -1;
  const modalPosition = modal?.mode === 'new' ? modal.draft : editing >= 0 ? positions[editing] : undefined;
  const apply = (position: PositionValue) => {
    if (modal?.mode === 'new') props.onChange([...positions, position]);
    else if (editing >= 0) {
      clearErrorsUnder(`${props.path}[${editing}]`);
      props.onChange(positions.map((current, i) => (i === editing ? position : current)));
    }
    setModal(null);
  };

  const rows = {
    positions,
    definition,
    readOnly: props.readOnly,
    path: props.path,
    messagesOf,
    errorAt,
    onUpdate: update,
    onEdit: edit,
    onMove: (index: number, by: -1 | 1) => restructure(moveItem(positions, index, index + by)),
    onRemove: (index: number) => restructure(positions.filter((_, i) => i !== index)),
  };

  return (
    <Input.Wrapper
      label={props.hideLabel ? undefined : props.label}
      description={props.hint}
      error={props.error}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <Stack gap="md" mt={6} ref={frame}>
        {positions.length === 0 ? (
          <Paper withBorder p="lg" radius="md">
            <Text size="sm" c="dimmed" ta="center">
              {t('records.positionsEmpty')}
            </Text>
          </Paper>
        ) : compact ? (
          <PositionCards {...rows} />
        ) : (
          <PositionTable {...rows} />
        )}
        <Group justify="space-between" align="flex-start" gap="lg">
          {!props.readOnly ? (
            <Group gap="xs">
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add}>
                {t('records.positionAdd')}
              </Button>
              <Menu position="bottom-start" withinPortal>
                <Menu.Target>
                  <Button variant="subtle" rightSection={<IconChevronDown size={14} />}>
                    {t('records.positionAddMore')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconHeading size={16} />} onClick={() => addLine('title')}>
                    {t('records.positionAddTitle')}
                  </Menu.Item>
                  <Menu.Item leftSection={<IconTextCaption size={16} />} onClick={() => addLine('text')}>
                    {t('records.positionAddText')}
                  </Menu.Item>
                  <Menu.Item leftSection={<IconSum size={16} />} onClick={addSubtotal}>
                    {t('records.positionAddSubtotal')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          ) : (
            <span />
          )}
          <PositionSummary summary={positionsSummary(positions)} />
        </Group>
      </Stack>
      <PositionModal
        state={modal}
        position={modalPosition}
        definition={definition}
        serverError={(key) => (editing >= 0 ? errorAt(editing, key) : undefined)}
        onApply={apply}
        onClose={() => setModal(null)}
      />
    </Input.Wrapper>
  );
}
