import { logoutEverywhere } from '@kontor/contract/api/account';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDevicesOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, messageOf } from '../../api/api';
import { session, useSession } from '../../api/session';
import { useT } from '../../i18n/i18n';
import { useDialogs } from '../../ui/confirm';
import { ErrorAlert } from '../../ui/error-alert';
import { formatDateTime } from '../../ui/format-date';
import classes from './settings-general-page.module.css';

/** Spec 01 §2 /account/settings: the user's data and "log out everywhere". */
export function SettingsGeneralPage() {
  const t = useT();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const { user } = useSession();

  const logoutAll = useMutation({
    mutationFn: () => api.call(logoutEverywhere),
    onSuccess: () => {
      session.clear();
      navigate('/', { replace: true });
    },
  });

  const ask = () =>
    void dialogs
      .confirm({
        title: t('account.logoutEverywhere'),
        text: t('account.logoutEverywhereQuestion'),
        confirmLabel: t('account.logoutEverywhere'),
        danger: true,
      })
      .then((yes) => yes && logoutAll.mutate());

  const changedAt = user?.password_changed_at ? formatDateTime(user.password_changed_at) : '';
  const rows = [
    { label: t('auth.firstname'), value: user?.firstname ?? '' },
    { label: t('auth.lastname'), value: user?.name ?? '' },
    { label: t('auth.email'), value: user?.email ?? '' },
    { label: t('account.passwordChangedAt'), value: changedAt || t('account.passwordNeverChanged') },
  ];

  return (
    <Stack gap="lg">
      <Card padding="lg">
        <Title order={2} fz="lg" mb="xs">
          {t('account.profileTitle')}
        </Title>
        <dl className={classes.list}>
          {rows.map((row) => (
            <div key={row.label} className={classes.row}>
              <Text component="dt" size="sm" c="dimmed">
                {row.label}
              </Text>
              <Text component="dd" fw={500}>
                {row.value}
              </Text>
            </div>
          ))}
        </dl>
      </Card>

      <Card padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('account.sessionsTitle')}
          </Title>
          {logoutAll.isError && <ErrorAlert>{messageOf(logoutAll.error, t('common.genericError'))}</ErrorAlert>}
          <Text size="sm" c="dimmed">
            {t('account.logoutEverywhereText')}
          </Text>
          <Group>
            <Button
              color="red"
              variant="light"
              leftSection={<IconDevicesOff size={18} />}
              onClick={ask}
              loading={logoutAll.isPending}
            >
              {t('account.logoutEverywhere')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
