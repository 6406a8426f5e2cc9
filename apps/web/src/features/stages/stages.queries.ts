import { stageDetails } from '@kontor/contract/api/stages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';

/** The change-stage screen's loading check: loaded fresh on every visit, never retried blindly. */
export const stageDetailsQuery = (env: string, type: string, id: string, stage: string) =>
  queryOptions({
    queryKey: ['env', env, 'stage-change', type, id, stage] as const,
    queryFn: ({ signal }) => api.call(stageDetails, { _env: env, type, id, stage }, { signal }),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
