import * as filesApi from '@kontor/contract/api/files';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';

/** Query keys of the file manager; they start with the environment (STYLE.md §4). */
export const fileKeys = {
  all: (env: string) => ['env', env, 'files'] as const,
  tree: (env: string) => [...fileKeys.all(env), 'tree'] as const,
  directory: (env: string, id: string | null, page: number) =>
    [...fileKeys.all(env), 'directory', id ?? 'main', page] as const,
  previews: (env: string, ids: readonly string[]) => [...fileKeys.all(env), 'previews', ...ids] as const,
};

export const treeQuery = (env: string) =>
  queryOptions({ queryKey: fileKeys.tree(env), queryFn: () => api.call(filesApi.directoryTree, { _env: env }) });

export const directoryQuery = (env: string, id: string | null, page: number) =>
  queryOptions({
    queryKey: fileKeys.directory(env, id, page),
    queryFn: () => api.call(filesApi.directoryListing, { _env: env, id: id ?? undefined, page }),
  });

/** Signed links live five minutes; refetch well before they expire. */
export const previewQuery = (env: string, ids: readonly string[]) =>
  queryOptions({
    queryKey: fileKeys.previews(env, ids),
    queryFn: () => api.call(filesApi.previewUrls, { _env: env, files: [...ids] }),
    enabled: ids.length > 0,
    staleTime: 120_000,
    refetchInterval: 240_000,
  });

export const createFolder = (env: string, location: string, name: string) =>
  api.call(filesApi.createDirectory, { _env: env, location, name });

export const renameEntry = (env: string, type: filesApi.EntryType, id: string, name: string) =>
  api.call(filesApi.renameEntry, { _env: env, type, id, name });

export const deleteEntry = (env: string, type: filesApi.EntryType, id: string) =>
  api.call(filesApi.deleteEntry, { _env: env, type, id });

/** Asks for a short-lived link and lets the browser save the file (the answer is an attachment). */
export const downloadFile = async (env: string, id: string) => {
  const { url } = await api.call(filesApi.downloadFile, { _env: env, id });
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
};
