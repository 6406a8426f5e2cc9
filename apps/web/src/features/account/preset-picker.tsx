import { noPreset, type Preset } from '@kontor/contract/api/environments';
import { Group, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import classes from './preset-picker.module.css';

/** The template choice as selectable cards: the server's presets plus 'Keine Vorlage'. */
export function PresetPicker({
  presets,
  loading,
  value,
  onChange,
  error,
}: {
  presets: Preset[];
  loading: boolean;
  value: string | null;
  onChange: (key: string) => void;
  error?: string | undefined;
}) {
  const t = useT();
  const options = [
    ...presets,
    { key: noPreset, title: t('account.templateNone'), description: t('account.templateNoneDescription') },
  ];
  return (
    <Radio.Group label={t('account.template')} value={value} onChange={onChange} error={error} size="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
        {loading
          ? [1, 2, 3, 4].map((n) => <Skeleton key={n} height={112} radius="md" />)
          : options.map((o) => (
              <Radio.Card key={o.key} value={o.key} radius="md" className={classes.card}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <Stack gap={4}>
                    <Text fw={600} lh={1.3}>
                      {o.title}
                    </Text>
                    <Text size="sm" c="dimmed" lh={1.45}>
                      {o.description}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
