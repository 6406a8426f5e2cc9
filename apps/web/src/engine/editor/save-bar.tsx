import { Button, Group, Paper, Text } from '@mantine/core';
import { IconCircleCheck, IconDeviceFloppy, IconPointFilled, IconTrash } from '@tabler/icons-react';
import { useT } from '../../i18n/i18n';
import classes from './save-bar.module.css';

/** The form's actions, sticky at the bottom: remove on the left, the save state and 'Speichern' on the right. */
export function SaveBar({
  dirty,
  saved,
  saving,
  removing,
  canSave,
  canRemove,
  onSave,
  onRemove,
}: {
  dirty: boolean;
  saved: boolean;
  saving: boolean;
  removing: boolean;
  canSave: boolean;
  canRemove: boolean;
  onSave: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  return (
    <Paper className={classes.bar} shadow="sm" withBorder>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <div>
          {canRemove && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={removing}
              disabled={saving}
              onClick={onRemove}
            >
              {t('records.remove')}
            </Button>
          )}
        </div>
        <Group gap="md" wrap="nowrap">
          <Text size="sm" c="dimmed" className={classes.state} aria-live="polite">
            {dirty ? (
              <>
                <IconPointFilled size={14} color="var(--mantine-color-orange-6)" aria-hidden />
                {t('records.unsavedChanges')}
              </>
            ) : saved ? (
              <>
                <IconCircleCheck size={14} color="var(--mantine-color-teal-7)" aria-hidden />
                {t('records.allSaved')}
              </>
            ) : null}
          </Text>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            loading={saving}
            disabled={!canSave || removing}
            onClick={onSave}
            title={t('records.saveShortcutHint')}
          >
            {t('common.save')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
