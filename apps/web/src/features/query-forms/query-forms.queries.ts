import { exportQueryFormAnswers, queryFormDetails } from '@kontor/contract/api/query-forms';
import { simpleTableData } from '@kontor/contract/api/records';
import { functionSettings } from '@kontor/contract/api/settings';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';
import type { SimpleTableParams } from '../../ui/simple-table';

/** Where the query-form screens live: /env/{env}/query-forms (spec 02 §2.7). */
export const queryFormsBase = (envKey: string) => `/env/${encodeURIComponent(envKey)}/query-forms`;
export const formEditPath = (envKey: string, id: string) =>
  `${queryFormsBase(envKey)}/form/${encodeURIComponent(id)}/edit`;
export const formDetailsPath = (envKey: string, id: string) =>
  `${queryFormsBase(envKey)}/form/${encodeURIComponent(id)}/details`;

type TableParams = SimpleTableParams;

/** Every key starts with the environment, so one environment never sees another's cache. */
export const queryFormKeys = {
  all: (env: string) => ['env', env, 'query-forms'] as const,
  list: (env: string, params: TableParams) => ['env', env, 'query-forms', 'list', params] as const,
  details: (env: string, id: string) => ['env', env, 'query-forms', 'details', id] as const,
  answers: (env: string, id: string, params: TableParams) =>
    ['env', env, 'query-forms', 'answers', id, params] as const,
  htmlSettings: (env: string) => ['env', env, 'query-forms', 'settings', 'html'] as const,
};

const tableBody = (env: string, params: TableParams) => ({
  _env: env,
  ...(params.search ? { search: params.search } : {}),
  ...(params.sort ? { sort: params.sort } : {}),
  page: params.page,
  pageSize: params.pageSize,
});

/** The form list (simpletable/data, model QueryForm). */
export const formListQuery = (env: string, params: TableParams) =>
  queryOptions({
    queryKey: queryFormKeys.list(env, params),
    // Answers arrive from the public page and the portal at any time: always ask again on mount.
    staleTime: 0,
    queryFn: ({ signal }) => api.call(simpleTableData, { ...tableBody(env, params), model: 'QueryForm' }, { signal }),
  });

/** A form's answers (simpletable/data, model QueryFormAnswer, filter formular). */
export const answersQuery = (env: string, id: string, params: TableParams) =>
  queryOptions({
    queryKey: queryFormKeys.answers(env, id, params),
    staleTime: 0,
    queryFn: ({ signal }) =>
      api.call(
        simpleTableData,
        { ...tableBody(env, { ...params, search: '' }), model: 'QueryFormAnswer', filter: { formular: id } },
        { signal },
      ),
  });

export const formDetailsQuery = (env: string, id: string) =>
  queryOptions({
    queryKey: queryFormKeys.details(env, id),
    staleTime: 0,
    queryFn: ({ signal }) => api.call(queryFormDetails, { _env: env, id }, { signal }),
  });

export const htmlSettingsQuery = (env: string) =>
  queryOptions({
    queryKey: queryFormKeys.htmlSettings(env),
    queryFn: ({ signal }) =>
      api.call(functionSettings, { _env: env, function: 'queryForms', qualifier: 'html' }, { signal }),
  });

/** Downloads the answers as CSV: the server builds the text (BOM, semicolons), the browser saves it. */
export const downloadAnswersCsv = async (env: string, id: string) => {
  const { filename, csv } = await api.call(exportQueryFormAnswers, { _env: env, id });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
