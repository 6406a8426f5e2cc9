import { listStructures, structureDetails } from '@kontor/contract/api/data-structures';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';

/** Keys start with the environment, so one environment never sees another's cache. */
export const structureKeys = {
  all: (env: string) => ['env', env, 'data-structures'] as const,
  list: (env: string) => [...structureKeys.all(env), 'list'] as const,
  details: (env: string, type: string) => [...structureKeys.all(env), 'details', type] as const,
};

export const structuresQuery = (env: string) =>
  queryOptions({
    queryKey: structureKeys.list(env),
    queryFn: ({ signal }) => api.call(listStructures, { _env: env }, { signal }),
  });

/** Loaded fresh on every visit: the editor must start from the stored version. */
export const structureQuery = (env: string, type: string) =>
  queryOptions({
    queryKey: structureKeys.details(env, type),
    queryFn: ({ signal }) => api.call(structureDetails, { _env: env, type }, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
