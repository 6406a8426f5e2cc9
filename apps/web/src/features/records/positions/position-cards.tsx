import { Group, Paper, Stack, Text } from '@mantine/core';
import { useRecordFormat } from '../../../engine/field-kit';
import { unitOptions } from './position-labels';
import { useLineLabel } from './position-line-row';
import { PositionActionsAt, PositionWarning } from './position-row-actions';
import type { PositionRowsProps } from './position-rows';
import { TaxChips } from './position-taxes';
import { itemNumbers, kindOf, priceFullCents, subtotalsOf, taxesOf } from './position-values';
import classes from './positions.module.css';

/** The positions as cards on phones: read at a glance, edited in the modal. */
export function PositionCards(p: PositionRowsProps) {
  const format = useRecordFormat();
  const units = unitOptions(p.definition);
  const lineLabel = useLineLabel();
  const numbers = itemNumbers(p.positions);
  const subtotals = subtotalsOf(p.positions);
  return (
    <Stack gap="xs">
      {p.positions.map((position, index) => {
        const n = index + 1;
        const messages = p.messagesOf(index);
        const full = priceFullCents(position);
        const unit = units.find((option) => option.value === position.unit)?.label ?? '';
        const kind = kindOf(position);
        const actions = !p.readOnly && <PositionActionsAt rows={p} index={index} touch />;
        if (kind !== 'item') {
          // A title, text or subtotal line: its text (and a subtotal's amount), no taxes.
          const subtotal = subtotals[index];
          return (
            <Paper
              key={position._id ?? index}
              withBorder
              p="sm"
              radius="md"
              bg={kind === 'text' ? undefined : 'gray.0'}
              className={classes.card}
              data-error={messages.length > 0 || undefined}
            >
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Group gap={6} wrap="nowrap" align="flex-start" miw={0}>
                    <PositionWarning number={n} messages={messages} />
                    <Text size="sm" fw={kind === 'text' ? 400 : 600} className={classes.lineText}>
                      {typeof position.title === 'string' ? position.title : ''}
                    </Text>
                  </Group>
                  {kind === 'subtotal' && (
                    <Text size="sm" fw={600} className={classes.amount}>
                      {format.cents(subtotal ?? 0)}
                    </Text>
                  )}
                </Group>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="xs" c="dimmed">
                    {lineLabel(position)}
                  </Text>
                  {actions}
                </Group>
              </Stack>
            </Paper>
          );
        }
        return (
          <Paper
            key={position._id ?? index}
            withBorder
            p="sm"
            radius="md"
            className={classes.card}
            data-error={messages.length > 0 || undefined}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Group gap={6} wrap="nowrap" align="flex-start" miw={0}>
                  <PositionWarning number={n} messages={messages} />
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {numbers[index]}. {typeof position.title === 'string' ? position.title : ''}
                  </Text>
                </Group>
                <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {full === null ? '–' : format.cents(full)}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                <span className={classes.unit}>
                  {format.number(position.quantity)} {unit}
                </span>{' '}
                × <span className={classes.unit}>{format.euros(position.price_single) || '–'}</span>
              </Text>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <TaxChips taxes={taxesOf(position)} />
                {actions}
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
