import { type Cell, optionsMapping, type Stage } from '@kontor/contract/api/record-types';
import type { SimpleTableData } from '@kontor/contract/api/records';
import { Paper, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useT } from '../../i18n/i18n';
import type { RecordPaths } from '../record-paths';
import type { ListParams } from '../records.queries';
import type { RecordFormat } from '../use-record-format';
import { CellButtons } from './cell-buttons';
import { isNumericCell } from './cell-format';
import classes from './list.module.css';
import { ListCellValue } from './list-cell';

export type ListViewProps = Readonly<{
  data: SimpleTableData;
  stages: Stage[];
  paths: RecordPaths;
  canEdit: boolean;
  format: RecordFormat;
  sort: ListParams['sort'];
  onSort: (field: string) => void;
  onOpen: (id: string) => void;
}>;

function SortHeader({ cell, sort, onSort }: { cell: Cell; sort: ListParams['sort']; onSort: (field: string) => void }) {
  const t = useT();
  const active = sort?.field === cell.mapping ? sort.dir : null;
  const Icon = active === 'asc' ? IconArrowUp : active === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton
      className={classes.sort}
      data-active={active !== null || undefined}
      data-numeric={isNumericCell(cell) || undefined}
      onClick={() => onSort(cell.mapping)}
      title={t('records.sortBy', { column: cell.label })}
    >
      <span>{cell.label}</span>
      <Icon size={14} aria-hidden className={classes.sortIcon} />
    </UnstyledButton>
  );
}

/** The list as a table (tablet and desktop): sortable headers, clickable rows, the options column. */
export function ListTable({ data, stages, paths, canEdit, format, sort, onSort, onOpen }: ListViewProps) {
  const t = useT();
  return (
    <Paper withBorder radius="md" className={classes.frame}>
      <Table.ScrollContainer minWidth={600} type="native">
        <Table highlightOnHover verticalSpacing="sm" className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              {data.cells.map((cell) => {
                const active = sort?.field === cell.mapping ? sort.dir : null;
                const numeric = isNumericCell(cell);
                return (
                  <Table.Th
                    key={cell.mapping}
                    ta={numeric ? 'right' : undefined}
                    aria-sort={
                      cell.sortable
                        ? active === 'asc'
                          ? 'ascending'
                          : active === 'desc'
                            ? 'descending'
                            : 'none'
                        : undefined
                    }
                  >
                    {cell.mapping === optionsMapping ? (
                      <span className={classes.srOnly}>{t('records.actions')}</span>
                    ) : cell.sortable ? (
                      <SortHeader cell={cell} sort={sort} onSort={onSort} />
                    ) : (
                      cell.label
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((row) => (
              <Table.Tr
                key={row._id}
                className={classes.row}
                tabIndex={0}
                onClick={() => onOpen(row._id)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(row._id);
                }}
              >
                {data.cells.map((cell) => (
                  <Table.Td
                    key={cell.mapping}
                    ta={isNumericCell(cell) ? 'right' : undefined}
                    className={
                      isNumericCell(cell) ? classes.numeric : cell.format === 'stage' ? classes.stageCell : undefined
                    }
                  >
                    {cell.mapping === optionsMapping ? (
                      <CellButtons cell={cell} row={row} paths={paths} canEdit={canEdit} />
                    ) : (
                      <ListCellValue cell={cell} row={row} stages={stages} format={format} truncate />
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
