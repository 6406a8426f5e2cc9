import { logout } from '@kontor/contract/api/auth';
import { Button, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { api } from '../../api/api';
import { session } from '../../api/session';
import { useT } from '../../i18n/i18n';
import { delay } from '../../ui/delay';
import { FormActions } from '../../ui/form-actions';

/** Spec 01 §9: the redirect to / follows 1.5 s after the logout. */
const redirectDelayMs = 1500;

/**
 * Spec 01 §2 "Logout": asks first; the token is revoked on the server, then the session cleared.
 * Arriving with `{ confirmed: true }` (the shell's menu already asked 'Wirklich ausloggen?') it
 * does not ask a second time and logs out at once.
 */
export function LogoutPage() {
  const t = useT();
  const navigate = useNavigate();
  const confirmedBefore = (useLocation().state as { confirmed?: boolean } | null)?.confirmed === true;
  const [pending, setPending] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const started = useRef(false);
  // Runs once on entry, when the shell already asked.
  useEffect(() => {
    if (confirmedBefore && !started.current) {
      started.current = true;
      void confirm();
    }
  }, []);

  async function confirm() {
    setPending(true);
    // A failed server call still ends the session here: the user asked to leave.
    await api.call(logout).catch(() => undefined);
    await delay(redirectDelayMs);
    session.clear();
    if (mounted.current) navigate('/', { replace: true });
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
      <Stack align="center" ta="center" gap="lg">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconLogout size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={22}>
          {confirmedBefore ? t('auth.loggingOut') : t('auth.logoutQuestion')}
        </Title>
        {confirmedBefore ? null : (
          <FormActions justify="center">
            <Button variant="default" size="md" component={Link} to="/account" disabled={pending}>
              {t('common.cancel')}
            </Button>
            <Button size="md" onClick={confirm} loading={pending}>
              {t('auth.logoutConfirm')}
            </Button>
          </FormActions>
        )}
      </Stack>
    </Paper>
  );
}
