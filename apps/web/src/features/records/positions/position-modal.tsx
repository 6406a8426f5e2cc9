import type { DataField } from '@kontor/contract/api/record-types';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { FormModal } from '../../../ui/form-modal';
import { PositionForm } from './position-form';
import { kindOf, type PositionValue } from './position-values';

export type PositionModalState =
  | Readonly<{ mode: 'edit'; id: string; index: number }>
  | Readonly<{ mode: 'new'; draft: PositionValue }>;

/**
 * The edit modal of one position (spec 01 §2): every column, the taxes to tick and the computed
 * amounts. Enter applies, except in selects and textareas. If the position vanished meanwhile
 * (the form was reloaded), it says so instead of editing a ghost.
 */
export function PositionModal({
  state,
  position,
  definition,
  serverError,
  onApply,
  onClose,
}: {
  state: PositionModalState | null;
  /** The position being edited as it is now in the form; undefined if it is gone. */
  position: PositionValue | undefined;
  definition: readonly DataField[];
  serverError: (relativePath: string) => string | undefined;
  onApply: (position: PositionValue) => void;
  onClose: () => void;
}) {
  const t = useT();
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  const newTitles = {
    item: t('records.positionNew'),
    title: t('records.positionNewTitle'),
    text: t('records.positionNewText'),
    subtotal: t('records.positionKindSubtotal'),
  };
  const title = state?.mode === 'new' ? newTitles[kindOf(state.draft)] : t('records.positionEdit');
  return (
    <FormModal opened={state !== null} onClose={onClose} title={title} size="lg" fullScreen={phone} centered>
      {state &&
        (position ? (
          <PositionForm
            key={state.mode === 'edit' ? state.id : 'new'}
            initial={position}
            definition={definition}
            serverError={serverError}
            onApply={onApply}
            onCancel={onClose}
          />
        ) : (
          <Stack>
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={t('records.positionNotFound')}
              role="alert"
            >
              {t('records.positionNotFoundHint')}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.close')}
              </Button>
            </Group>
          </Stack>
        ))}
    </FormModal>
  );
}
