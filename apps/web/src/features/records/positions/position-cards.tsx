import { Group, Paper, Stack, Text } from '@mantine/core';
import { useRecordFormat } from '../../../engine/field-kit';
import { unitOptions } from './position-labels';
import { PositionRowActions, PositionWarning } from './position-row-actions';
import type { PositionRowsProps } from './position-rows';
import { TaxChips } from './position-taxes';
import { priceFullCents, taxesOf } from './position-values';
import classes from './positions.module.css';

/** The positions as cards on phones: read at a glance, edited in the modal. */
export function PositionCards(p: PositionRowsProps) {
  const format = useRecordFormat();
  const units = unitOptions(p.definition);
  return (
    <Stack gap="xs">
      {p.positions.map((position, index) => {
        const n = index + 1;
        const messages = p.messagesOf(index);
        const full = priceFullCents(position);
        const unit = units.find((option) => option.value === position.unit)?.label ?? '';
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
                    {n}. {typeof position.title === 'string' ? position.title : ''}
                  </Text>
                </Group>
                <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {full === null ? '–' : format.cents(full)}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {format.number(position.quantity)} {unit} × {format.euros(position.price_single) || '–'}
              </Text>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <TaxChips taxes={taxesOf(position)} />
                {!p.readOnly && (
                  <PositionRowActions
                    touch
                    number={n}
                    isFirst={index === 0}
                    isLast={index === p.positions.length - 1}
                    onEdit={() => p.onEdit(index)}
                    onMove={(by) => p.onMove(index, by)}
                    onRemove={() => p.onRemove(index)}
                  />
                )}
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
