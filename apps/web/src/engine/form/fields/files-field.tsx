import { ActionIcon, Button, Group, Input, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconFile, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { useDialogs } from '../../../ui/confirm';
import type { FieldRendererProps } from '../types';

const idsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string' && value !== ''
      ? [value]
      : [];

/**
 * file / files without the file manager (not built yet): the chosen file ids as a plain list, an
 * id to add by typing it, and a remove button per file. Adding an id already chosen asks first.
 */
function FileIdList({ props, single }: { props: FieldRendererProps<'file' | 'files'>; single: boolean }) {
  const t = useT();
  const dialogs = useDialogs();
  const [draft, setDraft] = useState('');
  const ids = idsOf(props.value);
  const store = (next: string[]) => props.onChange(single ? (next[next.length - 1] ?? null) : next);
  const add = () => {
    const id = draft.trim();
    if (id === '') return;
    const commit = () => {
      store(single ? [id] : [...ids, id]);
      setDraft('');
    };
    if (ids.includes(id)) {
      void dialogs
        .confirm({ title: props.label, text: t('records.fileAlreadyAdded'), confirmLabel: t('records.fileAddAnyway') })
        .then((yes) => yes && commit());
    } else commit();
  };
  return (
    <Input.Wrapper
      label={props.hideLabel ? undefined : props.label}
      description={props.hint ?? (props.readOnly ? undefined : t('records.fileManagerPending'))}
      error={props.error}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <Stack gap="xs" mt={4}>
        {ids.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('records.filesEmpty')}
          </Text>
        ) : (
          ids.map((id, index) => (
            <Paper key={`${id}-${index}`} withBorder px="sm" py={6} radius="sm">
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <IconFile size={16} aria-hidden />
                  <Text size="sm" ff="monospace" truncate>
                    {id}
                  </Text>
                </Group>
                {!props.readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('records.fileRemove', { id })}
                    onClick={() => store(ids.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))
        )}
        {!props.readOnly && (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={t('records.fileIdLabel')}
              placeholder={t('records.fileIdLabel')}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
              style={{ flex: 1 }}
              size="sm"
            />
            <Button
              variant="light"
              size="sm"
              leftSection={<IconPlus size={16} />}
              onClick={add}
              disabled={draft.trim() === ''}
            >
              {t('records.fileAdd')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

export function FileField(props: FieldRendererProps<'file'>) {
  return <FileIdList props={props} single />;
}

export function FilesField(props: FieldRendererProps<'files'>) {
  return <FileIdList props={props} single={false} />;
}
