import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useEnvironment } from '../../app/environment-context';
import { useT } from '../../i18n/i18n';
import { envBase } from './sidebar-items';

/** An unknown path inside the environment: the shell stays, the content says so. */
export function EnvironmentNotFound() {
  const t = useT();
  const { envKey } = useEnvironment();
  return (
    <Stack align="center" gap="md" py={64} ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
        <IconMapSearch size={32} stroke={1.6} />
      </ThemeIcon>
      <Title order={1} fz={24}>
        {t('common.notFoundTitle')}
      </Title>
      <Text c="dimmed">{t('shell.notFoundText')}</Text>
      <Button component={Link} to={envBase(envKey)} variant="light" mt="sm">
        {t('shell.toDashboard')}
      </Button>
    </Stack>
  );
}
