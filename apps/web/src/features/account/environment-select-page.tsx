import { logout } from '@kontor/contract/api/auth';
import { Button, EmptyState, Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconBuildingSkyscraper, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, messageOf } from '../../api/api';
import { session } from '../../api/session';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { environmentsQuery, invitationsQuery } from './account.queries';
import { CreateEnvironmentTile, EnvironmentCard, EnvironmentCardSkeleton } from './environment-card';
import { InvitationList } from './invitation-list';

/** Spec 01 §4: after a failed environment list the page reloads 150 ms after the redirect. */
const reloadDelayMs = 150;

/** Spec 01 §4: a failed environment list logs the user out, goes to / and reloads. */
const useLogoutOnFailure = (failed: boolean) => {
  const navigate = useNavigate();
  useEffect(() => {
    if (!failed || !session.isLoggedIn()) return;
    void api.call(logout).catch(() => undefined); // reads the token before the session is cleared
    session.clear();
    navigate('/', { replace: true });
    setTimeout(() => window.location.reload(), reloadDelayMs);
  }, [failed, navigate]);
};

/** Spec 01 §2 /account: choose a company environment, answer invitations, or create one. */
export function EnvironmentSelectPage() {
  const t = useT();
  const environments = useQuery(environmentsQuery());
  const invitations = useQuery(invitationsQuery());
  useLogoutOnFailure(environments.isError);

  return (
    <Stack gap="xl">
      <PageTitle title={t('account.selectTitle')} intro={t('account.selectIntro')} />

      {invitations.isError && <ErrorAlert>{messageOf(invitations.error, t('common.genericError'))}</ErrorAlert>}
      {invitations.data && <InvitationList invitations={invitations.data} />}

      {environments.isPending || environments.isError ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" aria-busy aria-label={t('common.loading')}>
          <EnvironmentCardSkeleton />
          <EnvironmentCardSkeleton />
          <EnvironmentCardSkeleton />
        </SimpleGrid>
      ) : environments.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <EmptyState
            icon={<IconBuildingSkyscraper size={30} stroke={1.6} />}
            variant="light"
            title={t('account.emptyTitle')}
            description={t('account.noEnvironments')}
          >
            <EmptyState.Actions>
              <Button component={Link} to="/account/create-environment" leftSection={<IconPlus size={18} />}>
                {t('account.createTile')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {environments.data.map((env) => (
            <EnvironmentCard key={env._id} environment={env} />
          ))}
          <CreateEnvironmentTile />
        </SimpleGrid>
      )}
    </Stack>
  );
}
