import { Box, Button, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconRefresh, IconSwitchHorizontal } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { Logo } from '../../ui/logo';
import classes from './environment-notice.module.css';

/** A full page instead of the shell: logo, a card with icon, title, text and actions. */
function NoticePage({
  icon,
  title,
  children,
  actions,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box className={classes.root}>
      <Box component="main" className={classes.column}>
        <Link to="/account" className={classes.logo}>
          <Logo height={32} />
        </Link>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }}>
          <Stack align="center" ta="center" gap="md">
            {icon}
            <Title order={1} fz={24}>
              {title}
            </Title>
            {children}
            {actions}
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}

/** While environments/details loads. */
export function EnvironmentLoading() {
  const t = useT();
  return (
    <Box className={classes.root}>
      <Stack align="center" justify="center" gap="md" mih="100dvh" role="status">
        <Loader size="md" aria-hidden />
        <Text c="dimmed" size="sm">
          {t('shell.loading')}
        </Text>
      </Stack>
    </Box>
  );
}

/** Spec 01 §8: the environment could not be loaded; retry or switch. */
export function EnvironmentInitError({
  message,
  onRetry,
  retrying,
}: {
  message?: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const t = useT();
  return (
    <NoticePage
      icon={
        <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
          <IconAlertTriangle size={32} stroke={1.7} />
        </ThemeIcon>
      }
      title={t('shell.initErrorTitle')}
      actions={
        <Stack gap="xs" w="100%" maw={300} mt="xs">
          <Button onClick={onRetry} loading={retrying} leftSection={<IconRefresh size={16} aria-hidden />}>
            {t('common.retry')}
          </Button>
          <Button
            variant="subtle"
            component={Link}
            to="/account"
            leftSection={<IconSwitchHorizontal size={16} aria-hidden />}
          >
            {t('shell.switchEnvironment')}
          </Button>
        </Stack>
      }
    >
      <Text c="dimmed" role="alert">
        {message ?? t('shell.initErrorText')}
      </Text>
    </NoticePage>
  );
}

/** Spec 02 §4: a blocked environment shows this page instead of any content. */
export function EnvironmentBlocked({ name }: { name?: string }) {
  const t = useT();
  return (
    <NoticePage
      icon={
        <ThemeIcon size={64} radius="xl" variant="light" color="orange" aria-hidden>
          <IconLock size={32} stroke={1.7} />
        </ThemeIcon>
      }
      title={t('environments.blocked')}
      actions={
        <Button
          variant="default"
          mt="xs"
          component={Link}
          to="/account"
          leftSection={<IconSwitchHorizontal size={16} aria-hidden />}
        >
          {t('shell.switchEnvironment')}
        </Button>
      }
    >
      {name && (
        <Text fw={600} size="lg">
          {name}
        </Text>
      )}
      <Text c="dimmed">{t('shell.blockedText')}</Text>
    </NoticePage>
  );
}
