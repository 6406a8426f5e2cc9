import type { Structure } from '@kontor/contract/api/data-structures';
import { type Cell, type List, optionsMapping } from '@kontor/contract/api/record-types';
import { isStructureKey } from '@kontor/contract/logic/structure-checks';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { type MessageKey, useT } from '../../i18n/i18n';
import { FormModal, ModalForm } from '../../ui/form-modal';
import { KeyNameFields } from './key-name-fields';

const formats = ['currency', 'money', 'number', 'options', 'date', 'datetime', 'boolean', 'stage'] as const;
const indexable = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

type Props = Readonly<{
  opened: boolean;
  /** The list edited, or null for a new one. */
  list: List | null;
  structure: Structure;
  onClose: () => void;
  onApply: (list: List) => void;
}>;

/** Spec 02 §3 "List", §5 "Lists and forms": the list editor (700 px) with its cells. */
export function ListEditorModal(props: Props) {
  const t = useT();
  return (
    <FormModal
      opened={props.opened}
      onClose={props.onClose}
      size={700}
      title={props.list ? t('structures.listEdit') : t('structures.listNew')}
    >
      {props.opened && <ListEditorForm key={props.list?.key ?? 'new'} {...props} />}
    </FormModal>
  );
}

function ListEditorForm({ list, structure, onClose, onApply }: Props) {
  const t = useT();
  const [key, setKey] = useState(list?.key ?? '');
  const [name, setName] = useState(list?.name ?? '');
  const [cells, setCells] = useState<Cell[]>(list?.cells ?? []);
  const [tried, setTried] = useState(false);

  const fieldOptions = [
    ...structure.fields.filter((f) => f.type !== 'map').map((f) => ({ value: f.key, label: f.label })),
    { value: 'stage', label: t('structures.cellStage') },
    { value: optionsMapping, label: t('structures.cellButtons') },
  ];
  const isField = (mapping: string) => structure.fields.some((f) => f.key === mapping);
  const keyIssue: MessageKey | null =
    list !== null
      ? null
      : !key.trim() || !isStructureKey(key.trim())
        ? 'structures.keyInvalid'
        : structure.lists.some((l) => l.key === key.trim())
          ? 'structures.listKeyTaken'
          : null;
  const nameIssue: MessageKey | null = name.trim() ? null : 'structures.listNameRequired';

  const setCell = (i: number, change: Partial<Cell>) =>
    setCells((cs) => cs.map((c, j) => (j === i ? { ...c, ...change } : c)));
  const move = (i: number, by: -1 | 1) =>
    setCells((cs) => {
      const next = [...cs];
      const [moved] = next.splice(i, 1);
      if (moved) next.splice(i + by, 0, moved);
      return next;
    });
  const choose = (i: number, mapping: string) => {
    const field = structure.fields.find((f) => f.key === mapping);
    const label = mapping === optionsMapping ? '' : (field?.label ?? t('structures.cellStage'));
    const indexableField = !!field && indexable.test(mapping);
    setCell(i, {
      mapping,
      label,
      searchable: indexableField ? cells[i]?.searchable : false,
      sortable: indexableField ? cells[i]?.sortable : false,
      ...(mapping === optionsMapping ? { buttons: [{ kind: 'edit' as const }] } : { buttons: undefined }),
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (keyIssue || nameIssue) return;
    const clean = cells
      .filter((c) => c.mapping)
      .map(({ buttons, ...c }) =>
        c.mapping === optionsMapping ? { ...c, buttons: buttons ?? [{ kind: 'edit' as const }] } : c,
      );
    onApply({
      ...(list ?? { type: 'simpletable' }),
      key: list?.key ?? key.trim(),
      name: name.trim(),
      cells: clean,
    } as List);
  };

  return (
    <ModalForm onSubmit={submit} onCancel={onClose} submitLabel={t('structures.apply')}>
      <KeyNameFields
        keyField={{
          label: t('structures.listKey'),
          value: key,
          onChange: setKey,
          error: tried && keyIssue ? t(keyIssue) : undefined,
        }}
        nameField={{
          label: t('structures.listName'),
          value: name,
          onChange: setName,
          error: tried && nameIssue ? t(nameIssue) : undefined,
        }}
        keyReadOnly={list !== null}
      />
      <Title order={3} size="h6">
        {t('structures.cells')}
      </Title>
      {cells.map((cell, i) => (
        // Cells are ordered rows without an identity of their own until their field is chosen.
        <Paper key={i} withBorder radius="sm" p="sm">
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <Select
                label={t('structures.cellMapping')}
                data={fieldOptions}
                value={cell.mapping || null}
                onChange={(value) => choose(i, value ?? '')}
                allowDeselect={false}
                searchable
              />
              <TextInput
                label={t('structures.cellLabel')}
                value={cell.label}
                onChange={(e) => setCell(i, { label: e.currentTarget.value })}
                maxLength={200}
                size="sm"
              />
              <Select
                label={t('structures.cellFormat')}
                data={[
                  { value: '', label: t('structures.formatNone') },
                  ...formats.map((f) => ({ value: f, label: t(`structures.format_${f}` as MessageKey) })),
                ]}
                value={cell.format ?? ''}
                onChange={(value) => setCell(i, { format: (value || undefined) as Cell['format'] })}
                allowDeselect={false}
              />
            </SimpleGrid>
            <Group justify="space-between" gap="xs">
              <Group gap="md">
                <Checkbox
                  label={t('structures.cellSearchable')}
                  checked={!!cell.searchable}
                  disabled={!isField(cell.mapping) || !indexable.test(cell.mapping)}
                  onChange={(e) => setCell(i, { searchable: e.currentTarget.checked })}
                />
                <Checkbox
                  label={t('structures.cellSortable')}
                  checked={!!cell.sortable}
                  disabled={!isField(cell.mapping) || !indexable.test(cell.mapping)}
                  onChange={(e) => setCell(i, { sortable: e.currentTarget.checked })}
                />
              </Group>
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('structures.cellUp')}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('structures.cellDown')}
                  disabled={i === cells.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('structures.cellRemove')}
                  onClick={() => setCells((cs) => cs.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Stack>
        </Paper>
      ))}
      {cells.length === 0 && (
        <Text size="sm" c="gray.7">
          —
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setCells((cs) => [...cs, { mapping: '', label: '' }])}
        >
          {t('structures.cellAdd')}
        </Button>
      </Group>
    </ModalForm>
  );
}
