import { me } from '@kontor/contract/api/auth';
import { listEnvironments, listInvitations, listPresets } from '@kontor/contract/api/environments';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  environments: () => [...accountKeys.all, 'environments'] as const,
  invitations: () => [...accountKeys.all, 'invitations'] as const,
  presets: () => [...accountKeys.all, 'presets'] as const,
};

/** The session user as the server knows it now (names, last password change). */
export const meQuery = () =>
  queryOptions({ queryKey: accountKeys.me(), queryFn: ({ signal }) => api.call(me, undefined, { signal }) });

export const environmentsQuery = () =>
  queryOptions({
    queryKey: accountKeys.environments(),
    queryFn: ({ signal }) => api.call(listEnvironments, undefined, { signal }),
  });

export const invitationsQuery = () =>
  queryOptions({
    queryKey: accountKeys.invitations(),
    queryFn: ({ signal }) => api.call(listInvitations, undefined, { signal }),
  });

export const presetsQuery = () =>
  queryOptions({
    queryKey: accountKeys.presets(),
    queryFn: ({ signal }) => api.call(listPresets, undefined, { signal }),
    staleTime: 10 * 60_000,
  });
