import type { SimpleTableData } from '@kontor/contract/api/records';
import { totalCap } from '@kontor/contract/api/records';
import { formatNumber } from '@kontor/contract/logic/number-format';
import { Group, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type MessageKey, useT } from '../../i18n/i18n';

const controlLabels: Record<string, MessageKey> = {
  first: 'records.pageFirst',
  previous: 'records.pagePrevious',
  next: 'records.pageNext',
  last: 'records.pageLast',
};

/** Page count: counted totals give the exact number; beyond the 10,000 cap we go on while there is a next page. */
export const pageCount = (
  data: Pick<SimpleTableData, 'total' | 'totalCapped' | 'pageSize' | 'nextCursor'>,
  page: number,
) => {
  const counted = Math.max(1, Math.ceil((data.total ?? 0) / data.pageSize));
  if (!data.totalCapped) return counted;
  return Math.max(counted, page + (data.nextCursor ? 1 : 0));
};

/** "1–25 von 312" (or "von mehr als 10.000") and the page numbers. */
export function ListPagination({
  data,
  page,
  onPage,
  pageSize,
}: {
  data: SimpleTableData;
  page: number;
  onPage: (page: number) => void;
  /** The page size choice, shown next to the range. */
  pageSize?: ReactNode;
}) {
  const t = useT();
  const from = (page - 1) * data.pageSize + 1;
  const to = from + data.rows.length - 1;
  const total = pageCount(data, page);
  const range = data.totalCapped
    ? t('records.rangeCapped', {
        from: formatNumber(from, 0),
        to: formatNumber(to, 0),
        total: formatNumber(totalCap, 0),
      })
    : t('records.range', {
        from: formatNumber(from, 0),
        to: formatNumber(to, 0),
        total: formatNumber(data.total ?? 0, 0),
      });
  return (
    <Group justify="space-between" gap="sm" mt="md">
      <Group gap="md" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {range}
        </Text>
        {pageSize}
      </Group>
      {total > 1 && (
        <Pagination
          total={total}
          value={page}
          onChange={onPage}
          size="sm"
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': t(controlLabels[control] ?? 'records.pageNext') })}
          getItemProps={(n) => ({ 'aria-label': t('records.pageN', { n }) })}
          aria-label={t('records.pagination')}
        />
      )}
    </Group>
  );
}
