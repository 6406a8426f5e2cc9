import type { Cell } from '@kontor/contract/api/record-types';
import { Select } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import type { ListParams } from '../records.queries';

/** On phones the cards have no headers: the sort order is chosen here. */
export function ListSortSelect({
  cells,
  sort,
  onSort,
}: {
  cells: readonly Cell[];
  sort: ListParams['sort'];
  onSort: (sort: NonNullable<ListParams['sort']>) => void;
}) {
  const t = useT();
  const sortable = cells.filter((cell) => cell.sortable);
  if (sortable.length === 0) return null;
  const data = sortable.flatMap((cell) => [
    { value: `${cell.mapping}:asc`, label: t('records.sortAsc', { column: cell.label }) },
    { value: `${cell.mapping}:desc`, label: t('records.sortDesc', { column: cell.label }) },
  ]);
  return (
    <Select
      size="sm"
      w="100%"
      aria-label={t('records.sortLabel')}
      data={data}
      value={sort ? `${sort.field}:${sort.dir}` : null}
      placeholder={t('records.sortLabel')}
      allowDeselect={false}
      onChange={(value) => {
        const match = /^(.+):(asc|desc)$/.exec(value ?? '');
        if (match) onSort({ field: match[1] as string, dir: match[2] as 'asc' | 'desc' });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
