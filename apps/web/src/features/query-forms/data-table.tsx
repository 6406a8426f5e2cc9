import type { Cell } from '@kontor/contract/api/record-types';
import type { SimpleTableRow } from '@kontor/contract/api/records';
import { formatNumber } from '@kontor/contract/logic/number-format';
import type { ReactNode } from 'react';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { formatDateTime } from '../../ui/format-date';
import { SimpleTable } from '../../ui/simple-table';
import { answersQuery, formListQuery } from './query-forms.queries';

/** A cell's value as plain text: answers are a stranger's text and are never rendered as markup. */
const useCellText = () => {
  const t = useT();
  return (cell: Cell, row: SimpleTableRow): string => {
    const value = row[cell.mapping];
    if (value === null || value === undefined) return '';
    if (cell.format === 'boolean') return value ? t('queryForms.yes') : t('queryForms.no');
    if (cell.format === 'datetime' && typeof value === 'string') return formatDateTime(value);
    if (cell.format === 'number' && typeof value === 'number') return formatNumber(value, 0);
    return typeof value === 'string' ? value : String(value);
  };
};

type DataTableProps = Readonly<{
  /** The forms (model QueryForm) or one form's answers (model QueryFormAnswer). */
  source: { model: 'QueryForm' } | { model: 'QueryFormAnswer'; formular: string };
  /** Remembers the page size per table. */
  listKey: string;
  searchable?: boolean;
  label: string;
  /** The first column's content (e.g. a link); the rest are text. */
  renderCell?: (cell: Cell, row: SimpleTableRow, text: string) => ReactNode;
  actions?: (row: SimpleTableRow) => ReactNode;
  empty: string;
  loadFailed: string;
}>;

/**
 * A simpletable/data list: server cells as columns, sortable headers, search, pages and page size;
 * a table from tablets on, cards on phones. Every value is text.
 */
export function DataTable(props: DataTableProps) {
  const { source, listKey, searchable, label, renderCell, actions, empty, loadFailed } = props;
  const text = useCellText();
  const { envKey } = useEnvironment();
  const common = {
    listKey,
    searchable,
    label,
    renderCell: (cell: Cell, row: SimpleTableRow) => {
      const value = text(cell, row);
      return renderCell ? renderCell(cell, row, value) : value;
    },
    actions,
    empty,
    loadFailed,
  };
  return source.model === 'QueryForm' ? (
    <SimpleTable query={(params) => formListQuery(envKey, params)} {...common} />
  ) : (
    <SimpleTable query={(params) => answersQuery(envKey, source.formular, params)} {...common} />
  );
}
