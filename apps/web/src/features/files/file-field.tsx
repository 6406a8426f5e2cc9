import { isPreviewableImage } from '@kontor/contract/logic/file-names';
import { ActionIcon, Anchor, Button, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconFileOff, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { FieldRendererProps } from '../../engine/field-kit';
import { useEnvironment } from '../../environment/environment-context';
import { useFormat } from '../../environment/use-format';
import { useT } from '../../i18n/i18n';
import { useDialogs } from '../../ui/confirm';
import { EntryIcon } from './file-icon';
import { previewQuery } from './files.queries';
import { useFilePicker } from './use-file-picker';

const idsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string' && value !== ''
      ? [value]
      : [];

/**
 * The `file` and `files` fields with the file manager: the chosen files with previews (from
 * preview-urls), a button opening the file selector, a remove button per file. A file removed from
 * the file manager shows as removed. Adding a file already chosen to `files` asks first (spec 01 §5).
 */
function ChosenFiles({ props, single }: { props: FieldRendererProps<'file' | 'files'>; single: boolean }) {
  const t = useT();
  const dialogs = useDialogs();
  const format = useFormat();
  const { envKey } = useEnvironment();
  const { open, picker } = useFilePicker();
  const ids = idsOf(props.value);
  // The picker adds one after another; it must see the list as it grows, not the render's copy.
  const current = useRef(ids);
  current.current = ids;
  const previews = useQuery(previewQuery(envKey, ids));
  const store = (next: string[]) => {
    current.current = next;
    props.onChange(single ? (next[next.length - 1] ?? null) : next);
  };

  const add = async (file: { _id: string }) => {
    const now = current.current;
    if (single) return store([file._id]);
    if (now.includes(file._id)) {
      const yes = await dialogs.confirm({
        title: props.label,
        text: t('records.fileAlreadyAdded'),
        confirmLabel: t('records.fileAddAnyway'),
      });
      if (!yes) return;
    }
    store([...current.current, file._id]);
  };

  return (
    <Input.Wrapper
      label={props.hideLabel ? undefined : props.label}
      description={props.hint}
      error={props.error}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <Stack gap={6} mt={4}>
        {ids.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('files.noFileChosen')}
          </Text>
        )}
        {ids.map((id, index) => {
          const file = previews.data?.files[id];
          const removed = previews.isSuccess && !file;
          return (
            <Paper key={`${id}-${index}`} withBorder px="sm" py={6} radius="md">
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  {removed ? (
                    <IconFileOff size={28} stroke={1.5} color="var(--mantine-color-gray-5)" aria-hidden />
                  ) : (
                    <EntryIcon
                      entry={{ type: 'file', mime: file?.type ?? null, system: false }}
                      thumbnail={file && isPreviewableImage(file.type) ? file.url : undefined}
                      size={32}
                    />
                  )}
                  <div style={{ minWidth: 0 }}>
                    {file ? (
                      <Anchor
                        href={file.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        size="sm"
                        fw={500}
                        truncate
                        display="block"
                      >
                        {file.filename}
                      </Anchor>
                    ) : (
                      <Text size="sm" c={removed ? 'dimmed' : undefined} fs={removed ? 'italic' : undefined}>
                        {removed ? t('files.removedFile') : '…'}
                      </Text>
                    )}
                    {file && (
                      <Text size="xs" c="dimmed">
                        {format.bytes(file.size)}
                      </Text>
                    )}
                  </div>
                </Group>
                {!props.readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('files.removeFromField', { name: file?.filename ?? t('files.removedFile') })}
                    onClick={() => store(ids.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          );
        })}
        {previews.isError && (
          <Text size="xs" c="red.7">
            {t('files.previewFailed')}
          </Text>
        )}
        {!props.readOnly && (
          <Group>
            <Button
              variant="light"
              size="sm"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              onClick={() => open({ multiple: !single, chosen: ids, onPick: add })}
            >
              {single ? t('files.choose') : t('files.chooseMore')}
            </Button>
          </Group>
        )}
      </Stack>
      {picker}
    </Input.Wrapper>
  );
}

export function FileField(props: FieldRendererProps<'file'>) {
  return <ChosenFiles props={props} single />;
}

export function FilesField(props: FieldRendererProps<'files'>) {
  return <ChosenFiles props={props} single={false} />;
}
