import { Table, Text, Textarea } from '@mantine/core';
import { useRecordFormat } from '../../../engine/field-kit';
import { useT } from '../../../i18n/i18n';
import { PositionActionsAt, PositionWarning } from './position-row-actions';
import type { PositionRowsProps } from './position-rows';
import { kindOf, type PositionValue } from './position-values';
import classes from './positions.module.css';

/** The label of a title, text or subtotal line's text, as the inline field and the cards name it. */
export const useLineLabel = () => {
  const t = useT();
  return (position: PositionValue) =>
    ({
      item: '',
      title: t('records.positionKindTitle'),
      text: t('records.positionKindText'),
      subtotal: t('records.positionKindSubtotal'),
    })[kindOf(position)];
};

/**
 * A title, text or subtotal line in the position table (issue 31 item 3): its text across the
 * columns of quantity, unit and price, a subtotal's amount where the line totals stand, no taxes.
 */
export function PositionLineRow({
  p,
  index,
  subtotalCents,
}: {
  p: PositionRowsProps;
  index: number;
  subtotalCents: number | null;
}) {
  const format = useRecordFormat();
  const lineLabel = useLineLabel();
  const position = p.positions[index] as PositionValue;
  const kind = kindOf(position);
  const n = index + 1;
  const messages = p.messagesOf(index);
  const text = typeof position.title === 'string' ? position.title : '';
  const strong = kind !== 'text';
  return (
    <Table.Tr data-kind={kind} data-error={messages.length > 0 || undefined}>
      <Table.Td>
        <PositionWarning number={n} messages={messages} />
      </Table.Td>
      <Table.Td colSpan={4}>
        {p.readOnly ? (
          <Text size="sm" fw={strong ? 600 : 400} className={classes.lineText}>
            {text}
          </Text>
        ) : (
          <Textarea
            size="sm"
            autosize
            minRows={1}
            maxRows={kind === 'text' ? 12 : 3}
            aria-label={`${lineLabel(position)} ${n}`}
            value={text}
            error={p.errorAt(index, 'title')}
            classNames={{ input: strong ? classes.strongInput : undefined }}
            onChange={(event) => p.onUpdate(index, 'title', event.currentTarget.value)}
            onKeyDown={(event) => {
              // Only a text line runs over several lines; a title or subtotal is one.
              if (event.key === 'Enter' && kind !== 'text') event.preventDefault();
            }}
          />
        )}
      </Table.Td>
      <Table.Td ta="right" fw={600} className={classes.amount}>
        {kind === 'subtotal' ? format.cents(subtotalCents ?? 0) : ''}
      </Table.Td>
      <Table.Td />
      {!p.readOnly && (
        <Table.Td>
          <PositionActionsAt rows={p} index={index} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}
