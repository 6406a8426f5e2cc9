import {
  designBlocks,
  designDetails,
  designsList,
  pageDetails,
  websiteDetails,
  websiteInterfaces,
  websitePages,
  websiteStats,
} from '@kontor/contract/api/website';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';

/** Every key starts with the environment, so one environment never sees another's cache. */
export const websiteKeys = {
  all: (env: string) => ['env', env, 'website'] as const,
  stats: (env: string) => ['env', env, 'website', 'stats'] as const,
  details: (env: string) => ['env', env, 'website', 'details'] as const,
  designs: (env: string) => ['env', env, 'website', 'designs'] as const,
  design: (env: string, key: string) => ['env', env, 'website', 'design', key] as const,
  pages: (env: string) => ['env', env, 'website', 'pages'] as const,
  page: (env: string, id: string) => ['env', env, 'website', 'page', id] as const,
  blocks: (env: string) => ['env', env, 'website', 'blocks'] as const,
  interfaces: (env: string) => ['env', env, 'website', 'interfaces'] as const,
};

export const statsQuery = (env: string) =>
  queryOptions({
    queryKey: websiteKeys.stats(env),
    queryFn: ({ signal }) => api.call(websiteStats, { _env: env }, { signal }),
  });
export const websiteQuery = (env: string) =>
  queryOptions({
    queryKey: websiteKeys.details(env),
    queryFn: ({ signal }) => api.call(websiteDetails, { _env: env }, { signal }),
  });
export const designsQuery = (env: string) =>
  queryOptions({
    queryKey: websiteKeys.designs(env),
    queryFn: ({ signal }) => api.call(designsList, { _env: env }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const designQuery = (env: string, key: string) =>
  queryOptions({
    queryKey: websiteKeys.design(env, key),
    queryFn: ({ signal }) => api.call(designDetails, { _env: env, design: key }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const pagesQuery = (env: string) =>
  queryOptions({
    queryKey: websiteKeys.pages(env),
    queryFn: ({ signal }) => api.call(websitePages, { _env: env }, { signal }),
  });
export const pageQuery = (env: string, id: string) =>
  queryOptions({
    queryKey: websiteKeys.page(env, id),
    queryFn: ({ signal }) => api.call(pageDetails, { _env: env, id }, { signal }),
  });
export const blocksQuery = (env: string) =>
  queryOptions({
    queryKey: websiteKeys.blocks(env),
    queryFn: ({ signal }) => api.call(designBlocks, { _env: env }, { signal }),
  });
export const interfacesQuery = (env: string) =>
  queryOptions({
    queryKey: websiteKeys.interfaces(env),
    queryFn: ({ signal }) => api.call(websiteInterfaces, { _env: env }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
