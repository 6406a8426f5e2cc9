import { Button, Group, Image, Input, Paper, Text } from '@mantine/core';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { previewQuery } from '../files/files.queries';
import { useFilePicker } from '../files/use-file-picker';

/** An image of the file manager, chosen with the file selector (images only); the value is the file id. */
export function ImageInput({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const t = useT();
  const { envKey } = useEnvironment();
  const { open, picker } = useFilePicker();
  const ids = value ? [value] : [];
  const preview = useQuery(previewQuery(envKey, ids));
  const file = value ? preview.data?.files[value] : undefined;
  return (
    <Input.Wrapper label={label} error={error}>
      <Paper withBorder p="xs" radius="md" mt={4}>
        <Group gap="sm" wrap="nowrap">
          {file ? (
            <Image src={file.url} alt="" w={64} h={48} fit="cover" radius="sm" />
          ) : (
            <IconPhoto size={32} color="var(--mantine-color-gray-5)" aria-hidden />
          )}
          <Text size="sm" c={file ? undefined : 'dimmed'} style={{ flex: 1, overflowWrap: 'anywhere' }}>
            {file?.filename ?? t('website.page.noImage')}
          </Text>
          <Button
            size="xs"
            variant="default"
            disabled={disabled}
            onClick={() => open({ multiple: false, chosen: ids, imagesOnly: true, onPick: (f) => onChange(f._id) })}
          >
            {t('website.page.chooseImage')}
          </Button>
          {value && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={disabled}
              onClick={() => onChange(null)}
              leftSection={<IconX size={14} />}
            >
              {t('website.page.clearImage')}
            </Button>
          )}
        </Group>
      </Paper>
      {picker}
    </Input.Wrapper>
  );
}
