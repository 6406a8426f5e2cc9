import type { Cell } from '@kontor/contract/api/record-types';
import type { ListModel, SimpleTableRow } from '@kontor/contract/api/records';
import type { ReactNode } from 'react';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { SimpleTable } from '../../ui/simple-table';
import { modelListQuery } from './settings.queries';

/** A plain text cell of a settings list. */
export const textOf = (cell: Cell, row: SimpleTableRow): string => {
  const value = row[cell.mapping];
  return typeof value === 'string' ? value : '';
};

type ModelListProps = Readonly<{
  model: ListModel;
  /** Remembers the page size per list. */
  listKey: string;
  filter?: Record<string, string | boolean>;
  /** A cell's content; the server's cells give the columns and headers. */
  renderCell: (cell: Cell, row: SimpleTableRow) => ReactNode;
  /** Buttons at the end of each row. */
  actions?: (row: SimpleTableRow) => ReactNode;
  empty: string;
}>;

/** A settings list (users, invitations) over simpletable/data, searchable. */
export function ModelList({ model, listKey, filter, renderCell, actions, empty }: ModelListProps) {
  const t = useT();
  const { envKey } = useEnvironment();
  return (
    <SimpleTable
      query={(params) => modelListQuery(envKey, model, { ...params, ...(filter ? { filter } : {}) })}
      listKey={listKey}
      searchable
      renderCell={renderCell}
      actions={actions}
      empty={empty}
      loadFailed={t('records.listLoadFailed')}
    />
  );
}
