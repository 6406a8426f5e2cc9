import type { FunctionKey } from '@kontor/contract/api/environments';
import { Alert, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInfoCircle, IconRocket } from '@tabler/icons-react';
import { useEnvironment } from '../../environment/environment-context';
import { type MessageKey, useT } from '../../i18n/i18n';
import { PageTitleBar } from '../../ui/page-title-bar';

/**
 * PLACEHOLDER: the module screens (website manager, bookings manager, file manager, query forms,
 * settings root) arrive with later issues; until then their routes show this "coming soon" card.
 */
export function ModulePlaceholderPage({ title, module }: { title: MessageKey; module?: FunctionKey }) {
  const t = useT();
  const { environment } = useEnvironment();
  const inactive = module !== undefined && environment.functions[module]?.active !== true;
  return (
    <>
      <PageTitleBar title={t(title)} />
      {inactive && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} mb="lg">
          {t('shell.moduleInactive')}
        </Alert>
      )}
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
        <Stack align="center" ta="center" gap="sm" maw={460} mx="auto">
          <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden>
            <IconRocket size={32} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} fz="lg" mt="xs">
            {t('shell.comingSoonTitle')}
          </Title>
          <Text c="dimmed">{t('shell.comingSoonText')}</Text>
        </Stack>
      </Paper>
    </>
  );
}
