import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutDashboard, IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { PageTitleBar } from '../../ui/page-title-bar';
import { environmentKeys } from './environments.queries';
import { envBase } from './sidebar-items';

/** Spec 01 §9: polling starts 1.5 s after entering the dashboard. */
const dashboardPollDelayMs = 1500;
/** Then a quiet details refresh now and then, so the dashboard shows current data. */
const dashboardPollIntervalMs = 60_000;

/**
 * Keeps the environment fresh while the dashboard is shown; stops on leaving it. A quiet refresh:
 * a changed configuration still raises the heartbeat's reload warning.
 */
const useDashboardPolling = (envKey: string) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const refresh = () =>
      void queryClient
        .refetchQueries({ queryKey: environmentKeys.details(envKey), exact: true })
        .catch(() => undefined);
    const start = setTimeout(() => {
      refresh();
      interval = setInterval(refresh, dashboardPollIntervalMs);
    }, dashboardPollDelayMs);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [queryClient, envKey]);
};

/** Spec 02 §2.3: the dashboard placeholder at the environment's root. */
export function DashboardPage() {
  const t = useT();
  const { environment, envKey } = useEnvironment();
  useDashboardPolling(envKey);
  return (
    <>
      <PageTitleBar title={t('shell.dashboard')} subtitle={t('shell.dashboardIntro', { name: environment.name })} />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
        <Stack align="center" ta="center" gap="sm" maw={460} mx="auto">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconLayoutDashboard size={32} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} fz="lg" mt="xs">
            {t('shell.dashboardPlaceholderTitle')}
          </Title>
          <Text c="dimmed">{t('shell.dashboardPlaceholder')}</Text>
          <Button
            component={Link}
            to={`${envBase(envKey)}/settings`}
            variant="light"
            mt="sm"
            leftSection={<IconSettings size={16} aria-hidden />}
          >
            {t('shell.toSettings')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
