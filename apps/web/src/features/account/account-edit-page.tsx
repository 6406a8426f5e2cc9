import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconUserEdit } from '@tabler/icons-react';
import { useT } from '../../i18n/i18n';
import { BackLink } from '../../ui/back-link';

/** Spec 01 §2 /account/edit: a placeholder only. */
export function AccountEditPage() {
  const t = useT();
  return (
    <Stack gap="lg">
      <BackLink to="/account">{t('common.back')}</BackLink>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
            <IconUserEdit size={28} stroke={1.6} />
          </ThemeIcon>
          <Text c="dimmed">{t('account.editPlaceholder')}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
