import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useEnvironment } from '../app/environment-context';
import { useT } from '../i18n/i18n';

/** An unknown record type (spec 02 §2.1): 'Seite nicht gefunden ...' with a way back. */
export function RecordTypeNotFound() {
  const t = useT();
  const { envKey } = useEnvironment();
  return (
    <Stack align="center" gap="md" py={64} ta="center" role="alert">
      <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
        <IconMapSearch size={32} stroke={1.6} />
      </ThemeIcon>
      <Text fz={22} fw={650}>
        {t('records.unknownType')}
      </Text>
      <Button component={Link} to={`/env/${encodeURIComponent(envKey)}`} variant="light">
        {t('shell.toDashboard')}
      </Button>
    </Stack>
  );
}

/** Whether a type is one of the environment's own data types (system types live under settings). */
export const useIsKnownType = (type: string): boolean =>
  useEnvironment().recordTypes.some((known) => known.key === type);
