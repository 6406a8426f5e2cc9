import { type ListModel, simpleTableData } from '@kontor/contract/api/records';
import { portalDetails, usersAudit } from '@kontor/contract/api/settings';
import { numberRanges } from '@kontor/contract/api/stages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';
import type { SimpleTableParams } from '../../ui/simple-table';

type ModelListParams = SimpleTableParams & Readonly<{ filter?: Record<string, string | boolean> }>;

/** Every key starts with the environment, so one environment never sees another's cache. */
export const settingsKeys = {
  all: (env: string) => ['env', env, 'settings'] as const,
  list: (env: string, model: ListModel, params: ModelListParams) =>
    ['env', env, 'settings', 'list', model, params] as const,
  lists: (env: string) => ['env', env, 'settings', 'list'] as const,
  portal: (env: string) => ['env', env, 'settings', 'portal'] as const,
  audit: (env: string) => ['env', env, 'settings', 'audit'] as const,
  numberRanges: (env: string) => ['env', env, 'settings', 'number-ranges'] as const,
};

/** A settings list (users, invitations) through the generic simpletable/data call. */
export const modelListQuery = (env: string, model: ListModel, params: ModelListParams) =>
  queryOptions({
    queryKey: settingsKeys.list(env, model, params),
    queryFn: ({ signal }) =>
      api.call(
        simpleTableData,
        {
          _env: env,
          model,
          ...(params.search ? { search: params.search } : {}),
          ...(params.sort ? { sort: params.sort } : {}),
          ...(params.filter ? { filter: params.filter } : {}),
          page: params.page,
          pageSize: params.pageSize,
        },
        { signal },
      ),
  });

export const portalQuery = (env: string) =>
  queryOptions({
    queryKey: settingsKeys.portal(env),
    queryFn: ({ signal }) => api.call(portalDetails, { _env: env }, { signal }),
  });

/** The members' history (issue 29 item 5): owners and administrators only. */
export const usersAuditQuery = (env: string) =>
  queryOptions({
    queryKey: settingsKeys.audit(env),
    queryFn: ({ signal }) => api.call(usersAudit, { _env: env }, { signal }),
  });

/** The environment's number ranges (issue 31). */
export const numberRangesQuery = (env: string) =>
  queryOptions({
    queryKey: settingsKeys.numberRanges(env),
    queryFn: ({ signal }) => api.call(numberRanges, { _env: env }, { signal }),
  });
