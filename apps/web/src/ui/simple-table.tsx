import type { Cell } from '@kontor/contract/api/record-types';
import type { SimpleTableData, SimpleTableRow } from '@kontor/contract/api/records';
import { formatNumber } from '@kontor/contract/logic/number-format';
import {
  Box,
  Group,
  LoadingOverlay,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconSearch } from '@tabler/icons-react';
import {
  type DefaultError,
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  useQuery,
} from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { messageOf } from '../api/api';
import { useT } from '../i18n/i18n';
import classes from './data-table.module.css';
import { ErrorAlert } from './error-alert';
import { PageSizeSelect, usePageSize } from './page-size';

/** What a simpletable/data list asks for: the search, the sort, the page and its size. */
export type SimpleTableParams = Readonly<{
  search: string;
  sort: { field: string; dir: 'asc' | 'desc' } | null;
  page: number;
  pageSize: number;
}>;

type Sort = SimpleTableParams['sort'];

type SimpleTableProps<K extends QueryKey> = Readonly<{
  /** The query for one page; the caller binds its environment, model and filter. */
  query: (params: SimpleTableParams) => UseQueryOptions<SimpleTableData, DefaultError, SimpleTableData, K>;
  /** Remembers the page size per list. */
  listKey: string;
  searchable?: boolean;
  /** The table's accessible name. */
  label?: string;
  /** A cell's content; the server's cells give the columns and headers. */
  renderCell: (cell: Cell, row: SimpleTableRow) => ReactNode;
  /** Buttons at the end of each row. */
  actions?: (row: SimpleTableRow) => ReactNode;
  empty: string;
  loadFailed: string;
}>;

function SortButton({ cell, sort, onSort }: { cell: Cell; sort: Sort; onSort: (s: NonNullable<Sort>) => void }) {
  const active = sort?.field === cell.mapping ? sort.dir : null;
  const Icon = active === 'asc' ? IconArrowUp : active === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton
      className={classes.sort}
      data-active={active !== null || undefined}
      onClick={() => onSort({ field: cell.mapping, dir: active === 'asc' ? 'desc' : 'asc' })}
    >
      {cell.label}
      <Icon size={14} aria-hidden />
    </UnstyledButton>
  );
}

/**
 * A settings list over simpletable/data (users, invitations): search, sortable columns, pages and
 * the page size; a table from tablets on, cards on phones.
 */
/**
 * A list over simpletable/data (settings' users and invitations, query forms and their answers):
 * server cells as columns, sortable headers, search, pages and the page size; a table from tablets
 * on, cards on phones.
 */
export function SimpleTable<K extends QueryKey>(props: SimpleTableProps<K>) {
  const { query, listKey, searchable, label, renderCell, actions, empty, loadFailed } = props;
  const t = useT();
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<Sort>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePageSize(listKey);
  const list = useQuery({ ...query({ search: debounced, sort, page, pageSize }), placeholderData: keepPreviousData });
  const data = list.data;

  const body = () => {
    if (list.isError && !data) return <ErrorAlert>{messageOf(list.error, loadFailed)}</ErrorAlert>;
    if (!data) return <Skeleton height={160} radius="md" />;
    if (data.rows.length === 0) {
      return (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text c="dimmed">{empty}</Text>
        </Paper>
      );
    }
    const cells = data.cells;
    return (
      <Box pos="relative">
        <LoadingOverlay visible={list.isPlaceholderData} overlayProps={{ blur: 0, backgroundOpacity: 0.4 }} />
        {phone ? (
          <Stack gap="sm" component="ul" className={classes.cards} aria-label={label}>
            {data.rows.map((row) => (
              <Paper key={row._id} component="li" withBorder radius="md" p="md">
                <Stack gap={6}>
                  {cells.map((cell) => (
                    <div key={cell.mapping}>
                      <Text size="xs" c="dimmed" fw={600}>
                        {cell.label}
                      </Text>
                      <Box className={classes.cardValue}>{renderCell(cell, row)}</Box>
                    </div>
                  ))}
                  {actions && (
                    <Group gap="xs" justify="flex-end" mt={4}>
                      {actions(row)}
                    </Group>
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Paper withBorder radius="md" className={classes.frame}>
            <Table.ScrollContainer minWidth={560} type="native">
              <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
                <Table.Thead>
                  <Table.Tr>
                    {cells.map((cell) => (
                      <Table.Th
                        key={cell.mapping}
                        aria-sort={
                          cell.sortable
                            ? sort?.field === cell.mapping
                              ? sort.dir === 'asc'
                                ? 'ascending'
                                : 'descending'
                              : 'none'
                            : undefined
                        }
                      >
                        {cell.sortable ? (
                          <SortButton
                            cell={cell}
                            sort={sort}
                            onSort={(next) => {
                              setSort(next);
                              setPage(1);
                            }}
                          />
                        ) : (
                          cell.label
                        )}
                      </Table.Th>
                    ))}
                    {actions && (
                      <Table.Th>
                        <span className={classes.srOnly}>{t('settings.actions')}</span>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((row) => (
                    <Table.Tr key={row._id}>
                      {cells.map((cell) => (
                        <Table.Td key={cell.mapping} className={classes.cell}>
                          {renderCell(cell, row)}
                        </Table.Td>
                      ))}
                      {actions && (
                        <Table.Td className={classes.actions}>
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            {actions(row)}
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </Box>
    );
  };

  const total = data?.total ?? 0;
  const pages = data ? Math.max(1, Math.ceil(total / data.pageSize)) : 1;
  const from = data && data.rows.length > 0 ? (page - 1) * data.pageSize + 1 : 0;
  const to = data ? from + data.rows.length - (data.rows.length > 0 ? 1 : 0) : 0;
  return (
    <Stack gap="md">
      {searchable && (
        <TextInput
          aria-label={t('settings.search')}
          placeholder={t('records.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
        />
      )}
      {list.isError && data && <ErrorAlert>{messageOf(list.error, loadFailed)}</ErrorAlert>}
      {body()}
      {data && total > 0 && (
        <Group justify="space-between" gap="sm">
          <Group gap="md" wrap="wrap">
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('records.range', {
                from: formatNumber(from, 0),
                to: formatNumber(to, 0),
                total: formatNumber(total, 0),
              })}
            </Text>
            <PageSizeSelect
              value={pageSize}
              onChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </Group>
          {pages > 1 && (
            <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label={t('records.pagination')} />
          )}
        </Group>
      )}
    </Stack>
  );
}
