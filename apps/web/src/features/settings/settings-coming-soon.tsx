import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapSearch, IconRocket } from '@tabler/icons-react';
import { type MessageKey, useT } from '../../i18n/i18n';
import { PageTitleBar } from '../../ui/page-title-bar';

/** A settings section that is not built yet: its title and a clear "coming soon" note. */
export function SettingsComingSoon({ section }: { section: MessageKey }) {
  const t = useT();
  return (
    <>
      <PageTitleBar title={t(section)} />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
        <Stack align="center" ta="center" gap="sm" maw={480} mx="auto">
          <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden>
            <IconRocket size={32} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} fz="lg" mt="xs">
            {t('settings.soonTitle')}
          </Title>
          <Text c="dimmed">{t('settings.soonText', { section: t(section) })}</Text>
        </Stack>
      </Paper>
    </>
  );
}

/** An unknown settings path (spec 02 §2.2): 'Seite nicht gefunden'. */
export function SettingsNotFound() {
  const t = useT();
  return (
    <Stack align="center" py={48} role="alert">
      <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
        <IconMapSearch size={32} stroke={1.6} />
      </ThemeIcon>
      <Title order={1} fz={22}>
        {t('settings.notFound')}
      </Title>
    </Stack>
  );
}
