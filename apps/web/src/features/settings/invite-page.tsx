import { inviteUser } from '@kontor/contract/api/environments';
import { mayGiveRole, type Role, roleLabelKeys, roleSchema, roles } from '@kontor/contract/api/roles';
import { Button, Card, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { PageTitleBar } from '../../ui/page-title-bar';
import { RoleNotice } from '../../ui/role-notice';
import { useFieldErrors } from '../../ui/use-field-errors';
import { settingsKeys } from './settings.queries';

/** Spec 02 §2.2 /settings/users/invite: an e-mail input; the button stays disabled while it is blank (§5). */
export function InvitePage() {
  const t = useT();
  const queryClient = useQueryClient();
  const { envKey, canEdit: envActive, role: ownRole, permissions } = useEnvironment();
  const canEdit = envActive && permissions.has('members');
  const [email, setEmail] = useState('');
  // The invitee's role (issue 29 item 4): only roles the inviter may give; Mitarbeiter unless chosen.
  const offered = roles.filter((r) => mayGiveRole(ownRole, r));
  const [role, setRole] = useState<Role>(offered.includes('staff') ? 'staff' : (offered.at(-1) ?? 'readonly'));
  const errors = useFieldErrors();
  const usersPath = `/env/${encodeURIComponent(envKey)}/settings/users`;

  const invite = useMutation({
    mutationFn: (address: string) => api.send(inviteUser, { _env: envKey, email: address, role }),
    onMutate: () => errors.reset(),
    onSuccess: ({ message }, address) => {
      alertBar.push({
        id: 'settings-invite',
        kind: 'success',
        message: message ?? t('environments.inviteSent', { email: address }),
      });
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: settingsKeys.lists(envKey) });
    },
    onError: (error) => errors.fromError(error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() !== '') invite.mutate(email.trim());
  };
  const fieldError = errors.get('email');

  return (
    <>
      <PageTitleBar title={t('settings.inviteTitle')} back={{ to: usersPath, label: t('settings.backToUsers') }} />
      {!permissions.has('members') && (
        <RoleNotice>{t('settings.membersReadOnly', { role: t(roleLabelKeys[ownRole]) })}</RoleNotice>
      )}
      <Card padding="lg" maw={560}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('settings.inviteText')}
            </Text>
            {invite.isError && !fieldError && (
              <ErrorAlert>{messageOf(invite.error, t('environments.inviteFailed'))}</ErrorAlert>
            )}
            <TextInput
              type="email"
              label={t('settings.inviteEmail')}
              autoComplete="off"
              value={email}
              onChange={(event) => {
                errors.clear('email');
                setEmail(event.currentTarget.value);
              }}
              error={fieldError}
              required
              data-autofocus
            />
            <NativeSelect
              label={t('settings.userRole')}
              description={t('settings.inviteRoleHint')}
              value={role}
              data={offered.map((r) => ({ value: r, label: t(roleLabelKeys[r]) }))}
              onChange={(event) => {
                const next = roleSchema.safeParse(event.currentTarget.value);
                if (next.success) setRole(next.data);
              }}
              error={errors.get('role')}
              disabled={!canEdit}
            />
            <FormActions>
              <Button
                type="submit"
                leftSection={<IconSend size={16} aria-hidden />}
                disabled={email.trim() === '' || !canEdit}
                loading={invite.isPending}
              >
                {t('settings.inviteSubmit')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      </Card>
    </>
  );
}
