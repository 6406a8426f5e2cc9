import { pageDetails } from '@kontor/contract/api/pages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';

export const pageDetailsQuery = (env: string, type: string, id: string, page: string) =>
  queryOptions({
    queryKey: ['env', env, 'records', type, 'page', id, page] as const,
    queryFn: ({ signal }) => api.call(pageDetails, { _env: env, type, id, page }, { signal }),
    staleTime: 0,
  });
