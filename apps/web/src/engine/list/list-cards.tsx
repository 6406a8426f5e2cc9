import { optionsMapping } from '@kontor/contract/api/record-types';
import { Paper, Stack, Text } from '@mantine/core';
import { CellButtons } from './cell-buttons';
import classes from './list.module.css';
import { ListCellValue } from './list-cell';
import type { ListViewProps } from './list-table';

/** The list on phones: one card per record, the first column as its title, the rest as label and value. */
export function ListCards({ data, stages, paths, canEdit, format, onOpen }: ListViewProps) {
  const content = data.cells.filter((cell) => cell.mapping !== optionsMapping);
  const options = data.cells.find((cell) => cell.mapping === optionsMapping);
  const [first, ...rest] = content;
  return (
    <Stack gap="sm" component="ul" className={classes.cards}>
      {data.rows.map((row) => (
        <Paper
          key={row._id}
          component="li"
          withBorder
          radius="md"
          p="md"
          className={classes.card}
          tabIndex={0}
          onClick={() => onOpen(row._id)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(row._id);
          }}
        >
          {first && (
            <Text fw={650} mb={6} style={{ overflowWrap: 'anywhere' }}>
              <ListCellValue cell={first} row={row} stages={stages} format={format} />
            </Text>
          )}
          <dl className={classes.pairs}>
            {rest.map((cell) => (
              <div key={cell.mapping} className={classes.pair}>
                <Text component="dt" size="xs" c="dimmed">
                  {cell.label}
                </Text>
                <Text component="dd" size="sm">
                  <ListCellValue cell={cell} row={row} stages={stages} format={format} />
                </Text>
              </div>
            ))}
          </dl>
          {options && (
            <div className={classes.cardActions}>
              <CellButtons cell={options} row={row} paths={paths} canEdit={canEdit} />
            </div>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
