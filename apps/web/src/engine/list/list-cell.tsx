import type { Cell, Stage } from '@kontor/contract/api/record-types';
import { getPath } from '@kontor/contract/logic/conditions';
import { useT } from '../../i18n/i18n';
import { StageBadge } from '../../ui/stage-badge';
import type { RecordFormat } from '../use-record-format';
import { cellText } from './cell-format';

/** One cell's content: a stage badge, or its formatted text. */
export function ListCellValue({
  cell,
  row,
  stages,
  format,
}: {
  cell: Cell;
  row: Record<string, unknown>;
  stages: Stage[];
  format: RecordFormat;
}) {
  const t = useT();
  if (cell.format === 'stage') {
    const value = getPath(row, cell.mapping);
    return <StageBadge stage={typeof value === 'string' ? value : null} stages={stages} />;
  }
  return <>{cellText(cell, row, format, { yes: t('records.yes'), no: t('records.no') })}</>;
}
