import { acceptInvitation, declineInvitation, type Invitation } from '@kontor/contract/api/environments';
import { Button, Flex, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, messageOf } from '../../api/api';
import { useT } from '../../i18n/i18n';
import { useDialogs } from '../../ui/confirm';
import { ErrorAlert } from '../../ui/error-alert';
import { formatDate } from '../../ui/format-date';
import { accountKeys } from './account.queries';

type Failure = { title: string; message: string | undefined };

/** Spec 01 §2 /account: pending invitations, accepted (→ the environment) or declined after asking. */
export function InvitationList({ invitations }: { invitations: Invitation[] }) {
  const t = useT();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<Failure | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.invitations() });

  // Spec 01 §8: the fixed wording, with the server's reason below it when it sent one.
  const fail = (title: string) => (error: unknown) => {
    setFailure({ title, message: messageOf(error, '') || undefined });
    void refresh();
  };

  const accept = useMutation({
    mutationFn: (id: string) => api.call(acceptInvitation, { id }),
    onMutate: () => setFailure(null),
    onSuccess: ({ url_slug }) => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      navigate(`/env/${encodeURIComponent(url_slug)}`);
    },
    onError: fail(t('account.acceptFailed')),
  });

  const decline = useMutation({
    mutationFn: (id: string) => api.call(declineInvitation, { id }),
    onMutate: () => setFailure(null),
    onSuccess: () => refresh(),
    onError: fail(t('account.declineFailed')),
  });

  const askDecline = (invitation: Invitation) =>
    void dialogs
      .confirm({
        title: t('account.declineTitle'),
        text: t('account.declineQuestion', { name: invitation.environment.name }),
        confirmLabel: t('account.decline'),
        danger: true,
      })
      .then((yes) => yes && decline.mutate(invitation._id));

  if (invitations.length === 0 && !failure) return null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="invitations-title">
      <Title order={2} fz="lg" id="invitations-title">
        {t('account.invitationsTitle')}
      </Title>
      {failure && (
        <ErrorAlert title={failure.message ? failure.title : undefined} onClose={() => setFailure(null)}>
          {failure.message ?? failure.title}
        </ErrorAlert>
      )}
      {invitations.map((invitation) => {
        const busy =
          (accept.isPending && accept.variables === invitation._id) ||
          (decline.isPending && decline.variables === invitation._id);
        const inviter = `${invitation.created_by.firstname} ${invitation.created_by.name}`.trim();
        return (
          <Paper
            key={invitation._id}
            component="article"
            aria-label={invitation.environment.name}
            withBorder
            radius="md"
            p="md"
            style={{ borderLeft: '3px solid var(--mantine-color-indigo-5)' }}
          >
            <Flex
              direction={{ base: 'column', sm: 'row' }}
              gap="md"
              justify="space-between"
              align={{ base: 'stretch', sm: 'center' }}
            >
              <Group gap="md" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                  <IconMailOpened size={22} stroke={1.7} />
                </ThemeIcon>
                <Stack gap={2} miw={0}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {invitation.environment.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('account.invitationFrom', { name: inviter, date: formatDate(invitation.created_at) })}
                  </Text>
                </Stack>
              </Group>
              <Group gap="sm" wrap="nowrap" grow={false} justify="flex-end">
                <Button
                  variant="default"
                  onClick={() => askDecline(invitation)}
                  disabled={busy}
                  loading={decline.isPending && decline.variables === invitation._id}
                >
                  {t('account.decline')}
                </Button>
                <Button
                  onClick={() => accept.mutate(invitation._id)}
                  disabled={busy}
                  loading={accept.isPending && accept.variables === invitation._id}
                >
                  {t('account.accept')}
                </Button>
              </Group>
            </Flex>
          </Paper>
        );
      })}
    </Stack>
  );
}
