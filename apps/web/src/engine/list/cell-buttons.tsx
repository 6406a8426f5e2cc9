import type { Cell, CellButton } from '@kontor/contract/api/record-types';
import { listConditionsHold } from '@kontor/contract/logic/conditions';
import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { AppIcon } from '../../ui/icons';
import type { RecordPaths } from '../record-paths';

/** The buttons a row shows: page buttons only where their conditions hold for the row (spec 02 §3). */
export const visibleButtons = (cell: Cell, row: Record<string, unknown>): CellButton[] =>
  (cell.buttons ?? []).filter((button) => button.kind === 'edit' || listConditionsHold(button.conditions, row));

// The row opens the record on click; its buttons must not trigger that as well.
const stop = (event: MouseEvent) => event.stopPropagation();

/** The ___options___ column: the edit button (disabled unless the environment is active) and page buttons. */
export function CellButtons({
  cell,
  row,
  paths,
  canEdit,
}: {
  cell: Cell;
  row: Record<string, unknown> & { _id: string };
  paths: RecordPaths;
  canEdit: boolean;
}) {
  const t = useT();
  const buttons = visibleButtons(cell, row);
  // Beside page buttons the edit button is an icon with its name as tooltip and label: the row
  // itself opens the record too, and the list must fit 1280 px without scrolling sideways.
  const compact = buttons.length > 1;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {buttons.map((button) =>
        button.kind === 'edit' && compact ? (
          <Tooltip key="edit" label={button.label ?? t('records.edit')}>
            {canEdit ? (
              <ActionIcon
                component={Link}
                to={paths.edit(row._id)}
                onClick={stop}
                size="md"
                variant="default"
                aria-label={button.label ?? t('records.edit')}
              >
                <IconPencil size={14} aria-hidden />
              </ActionIcon>
            ) : (
              <ActionIcon
                disabled
                onClick={stop}
                size="md"
                variant="default"
                aria-label={button.label ?? t('records.edit')}
              >
                <IconPencil size={14} aria-hidden />
              </ActionIcon>
            )}
          </Tooltip>
        ) : button.kind === 'edit' ? (
          canEdit ? (
            <Button
              key="edit"
              component={Link}
              to={paths.edit(row._id)}
              onClick={stop}
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} aria-hidden />}
            >
              {button.label ?? t('records.edit')}
            </Button>
          ) : (
            <Button
              key="edit"
              size="xs"
              variant="default"
              disabled
              onClick={stop}
              leftSection={<IconPencil size={14} aria-hidden />}
            >
              {button.label ?? t('records.edit')}
            </Button>
          )
        ) : (
          <Button
            key={`page-${button.page}`}
            component={Link}
            to={paths.page(row._id, button.page)}
            onClick={stop}
            size="xs"
            variant="light"
            leftSection={button.icon ? <AppIcon name={button.icon} size={14} /> : undefined}
          >
            {button.label ?? t('records.openPage')}
          </Button>
        ),
      )}
    </Group>
  );
}
