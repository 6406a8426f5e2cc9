import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';

type OrderActionsProps = Readonly<{
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  labels: { up: string; down: string; remove: string };
  /** The row's name, added to each button's label so a screen reader tells the rows apart. */
  name?: string;
}>;

/** Move up, move down and remove for a row of an ordered list (menu entries, page blocks). */
export function OrderActions({ index, count, disabled, onMove, onRemove, labels, name }: OrderActionsProps) {
  const named = (label: string) => (name ? `${label}: ${name}` : label);
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={labels.up}>
        <ActionIcon
          variant="subtle"
          disabled={index === 0 || disabled}
          onClick={() => onMove(index, index - 1)}
          aria-label={named(labels.up)}
        >
          <IconArrowUp size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={labels.down}>
        <ActionIcon
          variant="subtle"
          disabled={index === count - 1 || disabled}
          onClick={() => onMove(index, index + 1)}
          aria-label={named(labels.down)}
        >
          <IconArrowDown size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={labels.remove}>
        <ActionIcon
          variant="subtle"
          color="red"
          disabled={disabled}
          onClick={onRemove}
          aria-label={named(labels.remove)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
