import { ActionIcon, Group, List, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import type { PositionRowsProps } from './position-rows';
import classes from './positions.module.css';

/** The warning icon of a position with server messages; the messages show on hover and to screen readers. */
export function PositionWarning({ number, messages }: { number: number; messages: readonly string[] }) {
  const t = useT();
  if (messages.length === 0) return null;
  return (
    <Tooltip
      label={
        <List size="xs" spacing={2}>
          {messages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      }
      multiline
      w={280}
      withArrow
    >
      <ActionIcon
        size="sm"
        variant="subtle"
        color="orange"
        aria-label={t('records.positionHasErrors', { n: number })}
        component="span"
        role="img"
      >
        <IconAlertTriangle size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Edit, move up, move down and remove of one position. */
export function PositionRowActions({
  touch = false,
  number,
  isFirst,
  isLast,
  onEdit,
  onMove,
  onRemove,
}: {
  /** Phones: larger targets for fingers. */
  touch?: boolean;
  number: number;
  isFirst: boolean;
  isLast: boolean;
  onEdit: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const t = useT();
  return (
    <Group gap={0} wrap="nowrap" justify="flex-end" className={classes.actions}>
      <ActionIcon
        size={touch ? 'lg' : 'sm'}
        variant="subtle"
        aria-label={t('records.positionEditN', { n: number })}
        onClick={onEdit}
      >
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon
        size="sm"
        variant="subtle"
        color="gray"
        aria-label={t('records.positionUp', { n: number })}
        disabled={isFirst}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        size="sm"
        variant="subtle"
        color="gray"
        aria-label={t('records.positionDown', { n: number })}
        disabled={isLast}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon
        size="sm"
        variant="subtle"
        color="red"
        aria-label={t('records.positionRemove', { n: number })}
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** The actions of the position at `index` of the editor's rows (table, line rows and phone cards alike). */
export function PositionActionsAt({ rows, index, touch }: { rows: PositionRowsProps; index: number; touch?: boolean }) {
  return (
    <PositionRowActions
      touch={touch}
      number={index + 1}
      isFirst={index === 0}
      isLast={index === rows.positions.length - 1}
      onEdit={() => rows.onEdit(index)}
      onMove={(by) => rows.onMove(index, by)}
      onRemove={() => rows.onRemove(index)}
    />
  );
}
