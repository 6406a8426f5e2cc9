import { Button, Paper, Stack, Text, ThemeIcon, Title, Transition } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';

/** Spec 01 §2: the notice that a confirmation e-mail was sent, with a link to the login. */
export function RegisterSuccess() {
  const t = useT();
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  return (
    <Transition mounted={shown} transition="pop" duration={220}>
      {(style) => (
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }} style={style} role="status">
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={64} radius="xl" color="teal" variant="light">
              <IconMailCheck size={32} stroke={1.6} />
            </ThemeIcon>
            <Title order={1} fz={24}>
              {t('auth.registerSuccessTitle')}
            </Title>
            <Text c="dimmed">{t('auth.registerSuccessText')}</Text>
            <Button component={Link} to="/" size="md" mt="xs">
              {t('auth.goToLogin')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Transition>
  );
}
