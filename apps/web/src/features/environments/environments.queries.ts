import { environmentDetails } from '@kontor/contract/api/environments';
import type { DataOf } from '@kontor/contract/call';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';

export type EnvironmentDetails = DataOf<typeof environmentDetails>;

/** Every key of an environment starts with it, so one environment never sees another's cache. */
export const environmentKeys = {
  all: (env: string) => ['env', env] as const,
  details: (env: string) => ['env', env, 'details'] as const,
};

export const detailsQuery = (env: string) =>
  queryOptions({
    queryKey: environmentKeys.details(env),
    queryFn: ({ signal }) => api.call(environmentDetails, { _env: env }, { signal }),
    // Fresh on every entry; afterwards the heartbeat tells when it must be reloaded.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

type DetailsVerdict = 'ready' | 'blocked' | 'invalid';

/**
 * Spec 01 §4 "Environment load": usable only with an id, a status and an active environment user;
 * a blocked one shows the blocked page instead of being used.
 */
export const judgeDetails = (details: EnvironmentDetails | undefined): DetailsVerdict => {
  const environment = details?.environment;
  if (!environment?._id || !environment.status || details?.environmentUser?.is_active !== true) return 'invalid';
  return environment.status === 'blocked' ? 'blocked' : 'ready';
};
