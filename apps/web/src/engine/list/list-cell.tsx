import type { Cell, Stage } from '@kontor/contract/api/record-types';
import { getPath } from '@kontor/contract/logic/conditions';
import { useT } from '../../i18n/i18n';
import { StageBadge } from '../../ui/stage-badge';
import type { RecordFormat } from '../use-record-format';
import { cellText } from './cell-format';
import classes from './list.module.css';

/** One cell's content: a stage badge, or its formatted text. */
export function ListCellValue({
  cell,
  row,
  stages,
  format,
  truncate = false,
}: {
  cell: Cell;
  row: Record<string, unknown>;
  stages: Stage[];
  format: RecordFormat;
  /** In table rows: long text stays on one line, cut with an ellipsis, whole in the tooltip. */
  truncate?: boolean;
}) {
  const t = useT();
  if (cell.format === 'stage') {
    const value = getPath(row, cell.mapping);
    return <StageBadge stage={typeof value === 'string' ? value : null} stages={stages} />;
  }
  const text = cellText(cell, row, format, { yes: t('records.yes'), no: t('records.no') });
  if (!truncate) return <>{text}</>;
  return (
    <span className={classes.truncate} title={text}>
      {text}
    </span>
  );
}
