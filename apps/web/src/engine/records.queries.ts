import type { Selector } from '@kontor/contract/api/record-types';
import {
  loadRecordForm,
  modelSelectorResult,
  modelSelectorSearch,
  recordTypeDetails,
  simpleTableData,
} from '@kontor/contract/api/records';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/api';

/** Keys start with the environment, so one environment never sees another's cache. */
export const recordKeys = {
  all: (env: string) => ['env', env, 'records'] as const,
  type: (env: string, type: string) => [...recordKeys.all(env), type] as const,
  details: (env: string, type: string) => [...recordKeys.type(env, type), 'details'] as const,
  form: (env: string, type: string, id: string) => [...recordKeys.type(env, type), 'form', id] as const,
  lists: (env: string, type: string) => [...recordKeys.type(env, type), 'list'] as const,
  list: (env: string, type: string, params: ListParams) => [...recordKeys.lists(env, type), params] as const,
  selector: (env: string) => [...recordKeys.all(env), 'selector'] as const,
};

export type ListParams = Readonly<{
  search: string;
  sort: { field: string; dir: 'asc' | 'desc' } | null;
  page: number;
  /** Rows per page; the server's default when absent. */
  pageSize?: number;
}>;

export const recordTypeQuery = (env: string, type: string) =>
  queryOptions({
    queryKey: recordKeys.details(env, type),
    queryFn: ({ signal }) => api.call(recordTypeDetails, { _env: env, type }, { signal }),
    staleTime: 60_000,
  });

/** A form is loaded fresh on every visit: a cached `new` form or an old version must not come back. */
export const recordFormQuery = (env: string, type: string, id: string) =>
  queryOptions({
    queryKey: recordKeys.form(env, type, id),
    queryFn: ({ signal }) => api.call(loadRecordForm, { _env: env, type, id }, { signal }),
    gcTime: 0,
    staleTime: 0,
  });

export const recordListQuery = (env: string, type: string, params: ListParams) =>
  queryOptions({
    queryKey: recordKeys.list(env, type, params),
    queryFn: ({ signal }) =>
      api.call(
        simpleTableData,
        {
          _env: env,
          model: 'DynamicRecord',
          type,
          ...(params.search ? { search: params.search } : {}),
          ...(params.sort ? { sort: params.sort } : {}),
          page: params.page,
          ...(params.pageSize ? { pageSize: params.pageSize } : {}),
        },
        { signal },
      ),
    staleTime: 10_000,
  });

export const selectorSearchQuery = (env: string, selector: Selector, search: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...recordKeys.selector(env), 'search', selector, search] as const,
    queryFn: ({ signal }) =>
      api.call(modelSelectorSearch, { _env: env, selector, ...(search ? { search } : {}) }, { signal }),
    enabled,
    staleTime: 15_000,
  });

export const selectorLabelsQuery = (env: string, selector: Selector, ids: readonly string[]) =>
  queryOptions({
    queryKey: [...recordKeys.selector(env), 'result', selector, ids] as const,
    queryFn: async ({ signal }) => {
      const result = await api.call(modelSelectorResult, { _env: env, selector, value: [...ids] }, { signal });
      const items = Array.isArray(result) ? result : result ? [result] : [];
      return new Map(items.map((item) => [item._id, item.label]));
    },
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
