import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../i18n/i18n';

/** The 404 content; the router frames it, the account area shows it inside its layout. */
export function NotFound() {
  const t = useT();
  return (
    <Stack align="center" gap="md" py={48} ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color="gray">
        <IconMapSearch size={32} stroke={1.6} />
      </ThemeIcon>
      <Title order={1} fz={26}>
        {t('common.notFoundTitle')}
      </Title>
      <Text c="dimmed">{t('common.notFoundText')}</Text>
      <Button component={Link} to="/" variant="light" mt="sm">
        {t('common.toStart')}
      </Button>
    </Stack>
  );
}
