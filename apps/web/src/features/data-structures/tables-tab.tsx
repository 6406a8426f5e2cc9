import type { List } from '@kontor/contract/api/record-types';
import { optionsMapping } from '@kontor/contract/api/record-types';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { useDialogs } from '../../ui/confirm';
import { ListEditorModal } from './list-editor-modal';
import { useStructureEditor } from './structure-editor-context';

/**
 * The tables tab (spec 02 §2.2 /tables): the structure's lists; own ones are edited in the list
 * editor, presets are read-only; the default list cannot be removed. Saving the structure creates
 * the sort indexes its searchable and sortable cells need.
 */
export function TablesTab() {
  const t = useT();
  const dialogs = useDialogs();
  const { draft, update } = useStructureEditor();
  const [editing, setEditing] = useState<List | 'new' | null>(null);
  const labels = new Map(draft.fields.map((f) => [f.key, f.label]));

  const apply = (list: List) => {
    update((s) =>
      editing === 'new'
        ? { ...s, lists: [...s.lists, list] }
        : { ...s, lists: s.lists.map((l) => (l.key === list.key ? list : l)) },
    );
    setEditing(null);
  };
  const remove = async (list: List) => {
    const ok = await dialogs.confirm({
      title: t('structures.listRemoveConfirm', { name: list.name }),
      confirmLabel: t('structures.listRemove'),
      danger: true,
    });
    if (ok) update((s) => ({ ...s, lists: s.lists.filter((l) => l.key !== list.key) }));
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('structures.listAdd')}
        </Button>
      </Group>
      {draft.lists.map((list) => (
        <Paper key={list.key} withBorder radius="md" p="md">
          <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
            <Group gap="xs">
              <Text fw={600}>{list.name}</Text>
              <Text size="xs" c="gray.7" styles={{ root: { fontFamily: 'var(--mantine-font-family-monospace)' } }}>
                {list.key}
              </Text>
              {list.key === draft.defaultList && <Badge variant="light">{t('structures.listDefault')}</Badge>}
              {list.isPreset && (
                <Badge variant="light" color="gray" title={t('structures.presetHint')}>
                  {t('structures.preset')}
                </Badge>
              )}
            </Group>
            <Group gap="xs">
              {list.key !== draft.defaultList && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconStar size={14} />}
                  onClick={() => update((s) => ({ ...s, defaultList: list.key }))}
                >
                  {t('structures.listMakeDefault')}
                </Button>
              )}
              {!list.isPreset && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => setEditing(list)}
                  aria-label={`${t('structures.listEdit')}: ${list.name}`}
                >
                  {t('structures.edit')}
                </Button>
              )}
              {!list.isPreset && list.key !== draft.defaultList && (
                <Button
                  size="xs"
                  variant="default"
                  c="red.8"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => void remove(list)}
                >
                  {t('structures.listRemove')}
                </Button>
              )}
            </Group>
          </Group>
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Tbody>
                {list.cells.map((cell) => (
                  <Table.Tr key={cell.mapping}>
                    <Table.Td>
                      {cell.mapping === optionsMapping
                        ? t('structures.cellButtons')
                        : cell.label || labels.get(cell.mapping) || cell.mapping}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {cell.searchable && <Badge variant="light">{t('structures.searchable')}</Badge>}
                        {cell.sortable && <Badge variant="light">{t('structures.sortable')}</Badge>}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
      <ListEditorModal
        opened={editing !== null}
        list={editing === 'new' ? null : editing}
        structure={draft}
        onClose={() => setEditing(null)}
        onApply={apply}
      />
    </Stack>
  );
}
