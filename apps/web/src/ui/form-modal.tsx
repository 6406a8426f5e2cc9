import { Button, type ButtonProps, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useT } from '../i18n/i18n';
import { FormActions } from './form-actions';

/** A dialog of the back office: Mantine's modal with its close button named ("Schließen"). */
export function FormModal(props: Omit<ModalProps, 'closeButtonProps'>) {
  const t = useT();
  return <Modal {...props} closeButtonProps={{ 'aria-label': t('common.close') }} />;
}

type ModalFormProps = Readonly<{
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  submitLabel: string;
  /** The submit button's look and state (a red delete button, disabled until typed, loading). */
  submitProps?: Omit<ButtonProps, 'children'>;
  children: ReactNode;
}>;

/**
 * The form in such a dialog: its fields, then "Abbrechen" and the submit button. The browser's own
 * checks are off (`noValidate`): the form shows its own messages, in German, after a first submit.
 */
export function ModalForm({ onSubmit, onCancel, submitLabel, submitProps, children }: ModalFormProps) {
  const t = useT();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <FormActions>
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" {...submitProps}>
            {submitLabel}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
