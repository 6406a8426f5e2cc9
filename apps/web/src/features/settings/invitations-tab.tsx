import { inviteUser, removeInvitation } from '@kontor/contract/api/environments';
import { type Role, roleSchema } from '@kontor/contract/api/roles';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { useDialogs } from '../../ui/confirm';
import { formatDate, formatDateTime } from '../../ui/format-date';
import { ModelList, textOf } from './model-list';
import { settingsKeys } from './settings.queries';

const pending = { status: 'pending' } as const;

/** The pending invitations (model EnvironmentUserInvitation, status pending): re-send or remove each. */
export function InvitationsTab() {
  const t = useT();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const { envKey, canEdit: envActive, permissions } = useEnvironment();
  // Re-sending and removing manage members (issue 29 item 4): owners and administrators only.
  const canEdit = envActive && permissions.has('members');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: settingsKeys.lists(envKey) });

  const remove = useMutation({
    mutationFn: (id: string) => api.send(removeInvitation, { _env: envKey, id }),
    onSuccess: ({ message }) => {
      if (message) alertBar.push({ id: 'settings-invitation', kind: 'success', message });
      refresh();
    },
    onError: (error) =>
      alertBar.push({
        id: 'settings-invitation',
        kind: 'danger',
        message: messageOf(error, t('settings.removeInvitationFailed')),
      }),
  });
  const resend = useMutation({
    mutationFn: ({ email, role }: { email: string; role: Role }) => api.send(inviteUser, { _env: envKey, email, role }),
    onSuccess: ({ message }, { email }) => {
      alertBar.push({
        id: 'settings-invitation',
        kind: 'success',
        message: message ?? t('environments.inviteSent', { email }),
      });
      refresh();
    },
    onError: (error) =>
      alertBar.push({
        id: 'settings-invitation',
        kind: 'danger',
        message: messageOf(error, t('environments.inviteFailed')),
      }),
  });

  const ask = async (id: string, email: string) => {
    const yes = await dialogs.confirm({
      title: t('settings.removeInvitation'),
      text: t('settings.removeInvitationQuestion', { email }),
      confirmLabel: t('settings.removeInvitation'),
      danger: true,
    });
    if (yes) remove.mutate(id);
  };

  return (
    <ModelList
      model="EnvironmentUserInvitation"
      listKey="settings.invitations"
      filter={pending}
      empty={t('settings.noInvitations')}
      renderCell={(cell, row) => {
        const text = textOf(cell, row);
        if (cell.mapping === 'created_at') return formatDateTime(text);
        if (cell.mapping === 'expires_at') {
          return row.expired ? (
            <Badge color="orange" variant="dot" radius="sm" tt="none">
              {t('settings.expired')}
            </Badge>
          ) : (
            formatDate(text)
          );
        }
        return (
          <Text span inherit title={text}>
            {text}
          </Text>
        );
      }}
      actions={(row) => {
        const email = String(row.email ?? '');
        // The invitation's own role goes out again (an older answer without one: the least rights).
        const parsed = roleSchema.safeParse(row.role);
        const role = parsed.success ? parsed.data : 'readonly';
        return (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              disabled={!canEdit || resend.isPending}
              onClick={() => resend.mutate({ email, role })}
              aria-label={`${t('settings.resend')}: ${email}`}
            >
              {t('settings.resend')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              disabled={!canEdit || remove.isPending}
              onClick={() => void ask(row._id, email)}
              aria-label={`${t('settings.removeInvitation')}: ${email}`}
            >
              {t('settings.removeInvitation')}
            </Button>
          </Group>
        );
      }}
    />
  );
}
