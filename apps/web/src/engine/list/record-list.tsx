import { Box, Group, LoadingOverlay, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { hasErrorCode, messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { ErrorAlert } from '../../ui/error-alert';
import { PageSizeSelect, usePageSize } from '../../ui/page-size';
import { PageTitleBar } from '../../ui/page-title-bar';
import { RecordTypeNotFound } from '../record-not-found';
import type { RecordPaths } from '../record-paths';
import { recordListQuery, recordTypeQuery } from '../records.queries';
import { useRecordFormat } from '../use-record-format';
import { ListCards } from './list-cards';
import { ListPagination, pageCount } from './list-pagination';
import { ListSearch } from './list-search';
import { ListSortSelect } from './list-sort-select';
import { ListEmpty, ListSkeleton } from './list-states';
import { ListTable } from './list-table';
import { nextSort, useListParams } from './use-list-params';

/**
 * The list screen of a record type (spec 02 §2.1), used for data types and the settings types:
 * title with '{singular} anlegen', search, sortable columns, pages, formatted cells and buttons.
 */
export function RecordList({
  type,
  paths,
  extraActions,
}: {
  type: string;
  paths: RecordPaths;
  /** A feature's own buttons beside the search (the e-invoice import of incoming invoices). */
  extraActions?: ReactNode;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { envKey, canEdit, recordTypes } = useEnvironment();
  const format = useRecordFormat();
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  const { params, setSearch, setSort, setPage } = useListParams();
  const [pageSize, setPageSize] = usePageSize(`records.${type}`);
  const details = useQuery(recordTypeQuery(envKey, type));
  const list = useQuery({
    ...recordListQuery(envKey, type, { ...params, pageSize }),
    placeholderData: keepPreviousData,
  });

  // A page beyond the last (a stale link, records removed meanwhile) moves to the last page.
  const data = list.data;
  useEffect(() => {
    if (data && data.rows.length === 0 && (data.total ?? 0) > 0 && params.page > 1) setPage(pageCount(data, 1));
  }, [data, params.page, setPage]);

  if (details.isError && hasErrorCode(details.error, 'not_found')) return <RecordTypeNotFound />;

  const summary = recordTypes.find((known) => known.key === type);
  const singular = details.data?.singular ?? summary?.singular ?? '';
  const plural = details.data?.plural ?? summary?.plural ?? '';
  // What the member's role may do with this type (issue 29 item 2); nothing until it is known.
  const rights = details.data?.rights ?? summary?.rights;
  const create = {
    label: t('records.create', { singular }),
    to: paths.edit('new'),
    disabled: !canEdit || !rights?.create,
  };
  const mayEdit = canEdit && Boolean(rights?.edit);

  const body = () => {
    if (list.isError && !data) {
      return <ErrorAlert>{messageOf(list.error, t('records.listLoadFailed'))}</ErrorAlert>;
    }
    if (!data) return <ListSkeleton />;
    if (data.cells.length === 0) return <ErrorAlert>{t('records.missingList')}</ErrorAlert>;
    if (data.rows.length === 0 && (data.total ?? 0) === 0) {
      return <ListEmpty plural={plural} search={params.search} create={create} onClearSearch={() => setSearch('')} />;
    }
    const view = {
      data,
      stages: details.data?.stages ?? [],
      paths,
      canEdit: mayEdit,
      format,
      sort: data.sort,
      onSort: (field: string) => setSort(nextSort(data.sort, field)),
      onOpen: (id: string) => navigate(paths.edit(id)),
    };
    return (
      <>
        <Box pos="relative">
          <LoadingOverlay
            visible={list.isPlaceholderData}
            overlayProps={{ blur: 0, backgroundOpacity: 0.4 }}
            loaderProps={{ size: 'sm' }}
          />
          {phone ? <ListCards {...view} /> : <ListTable {...view} />}
        </Box>
        <ListPagination
          data={data}
          page={params.page}
          onPage={setPage}
          pageSize={
            <PageSizeSelect
              value={pageSize}
              onChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          }
        />
      </>
    );
  };

  return (
    <>
      <PageTitleBar
        title={plural}
        actions={[
          {
            kind: 'link',
            label: create.label,
            to: create.to,
            disabled: create.disabled,
            primary: true,
            icon: <IconPlus size={16} aria-hidden />,
          },
        ]}
      />
      <Stack gap="md">
        <Group gap="sm" justify="space-between" wrap="wrap">
          <ListSearch value={params.search} onSearch={setSearch} />
          {extraActions}
          {phone && data && <ListSortSelect cells={data.cells} sort={data.sort} onSort={setSort} />}
        </Group>
        {list.isError && data && <ErrorAlert>{messageOf(list.error, t('records.listLoadFailed'))}</ErrorAlert>}
        {body()}
      </Stack>
    </>
  );
}
