import type { DataField } from '@kontor/contract/api/record-types';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type MessageKey, useT } from '../../i18n/i18n';
import { useDialogs } from '../../ui/confirm';
import { withNewField, withoutField } from './field-draft';
import { FieldEditorModal } from './field-editor-modal';
import { useStructureEditor } from './structure-editor-context';

const namedTypes = new Set([
  'string',
  'text',
  'boolean',
  'password',
  'object',
  'date',
  'datetime',
  'integer',
  'float',
  'map',
  'model',
  'models',
  'file',
  'files',
]);
const typeLabelKey = (type: string): MessageKey | null =>
  namedTypes.has(type) ? (`structures.type_${type}` as MessageKey) : null;

/** The fields tab: own fields are added, edited and removed; inherited ones (origin) are read-only. */
export function FieldsTab() {
  const t = useT();
  const dialogs = useDialogs();
  const { draft, update, stats, typeLabels } = useStructureEditor();
  const [editing, setEditing] = useState<DataField | 'new' | null>(null);

  const typeName = (type: string) => {
    const key = typeLabelKey(type);
    return key ? t(key) : t('structures.type_other', { type });
  };
  const affected = (field: DataField) => stats.fieldValues[field.key] ?? 0;

  const remove = async (field: DataField) => {
    const count = affected(field);
    const ok = await dialogs.confirm({
      title: t('structures.removeConfirm', { label: field.label }),
      text: count > 0 ? t('structures.removeAffects', { count, label: field.label }) : t('structures.noValues'),
      confirmLabel: t('structures.fieldRemove'),
      danger: true,
    });
    if (ok) update((s) => withoutField(s, field.key));
  };

  const apply = async (next: DataField, placement: Parameters<typeof withNewField>[2]) => {
    if (editing === 'new') {
      update((s) => withNewField(s, next, placement));
    } else if (editing) {
      const count = affected(editing);
      if (next.type !== editing.type && count > 0) {
        const ok = await dialogs.confirm({
          title: t('structures.typeChangeConfirm', { label: editing.label }),
          text: t('structures.typeChangeAffects', { count, label: editing.label }),
        });
        if (!ok) return;
      }
      update((s) => ({ ...s, fields: s.fields.map((f) => (f.key === next.key ? next : f)) }));
    }
    setEditing(null);
  };

  const rules = (field: DataField) =>
    Object.entries(field.validation ?? {}).map(([rule, value]) =>
      typeof value === 'boolean'
        ? t(`structures.rule_${rule}` as MessageKey)
        : `${t(`structures.rule_${rule}` as MessageKey)} ${value}`,
    );

  const taken = new Set(
    draft.fields.filter((f) => editing === 'new' || f.key !== (editing as DataField)?.key).map((f) => f.key),
  );

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('structures.fieldAdd')}
        </Button>
      </Group>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('structures.fieldLabel')}</Table.Th>
                <Table.Th>{t('structures.fieldType')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('structures.fieldRules')}</Table.Th>
                <Table.Th w={96} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.fields.map((field) => (
                <Table.Tr key={field.key}>
                  <Table.Td>
                    <Text span fw={500}>
                      {field.label}
                    </Text>
                    {field.origin && (
                      <Badge
                        ml="xs"
                        size="xs"
                        variant="light"
                        color="gray"
                        title={t('structures.inheritedHint', { parent: typeLabels.get(field.origin) ?? field.origin })}
                      >
                        {t('structures.inherited')}
                      </Badge>
                    )}
                    <Text size="xs" ff="monospace" c="gray.7">
                      {field.key}
                    </Text>
                  </Table.Td>
                  <Table.Td>{typeName(field.type)}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" c="gray.7">
                      {rules(field).join(', ') || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {!field.origin && (
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('structures.fieldEdit')}: ${field.label}`}
                          onClick={() => setEditing(field)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${t('structures.fieldRemove')}: ${field.label}`}
                          onClick={() => void remove(field)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <FieldEditorModal
        opened={editing !== null}
        field={editing === 'new' ? null : editing}
        takenKeys={taken}
        typeLabels={typeLabels}
        onClose={() => setEditing(null)}
        onApply={(field, placement) => void apply(field, placement)}
      />
    </Stack>
  );
}
