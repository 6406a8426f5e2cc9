import { CloseButton, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useT } from '../../i18n/i18n';

/** Spec 01 §1: the help panel is a placeholder until the help is published. */
export function HelpPanel({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Stack gap={0} h="100%" component="section" aria-labelledby="help-panel-title">
      <Group justify="space-between" px="md" h={52} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Title order={2} fz="md" id="help-panel-title">
          {t('shell.help')}
        </Title>
        <CloseButton onClick={onClose} aria-label={t('shell.helpClose')} />
      </Group>
      <Stack align="center" ta="center" gap="sm" px="lg" py={48}>
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconBook2 size={28} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>{t('shell.helpPlaceholderTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('shell.helpPlaceholder')}
        </Text>
      </Stack>
    </Stack>
  );
}
