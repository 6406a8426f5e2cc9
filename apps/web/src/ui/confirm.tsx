import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import classes from './confirm.module.css';

/** A question with cancel and confirm; on phones the buttons stack full width, confirm on top. */
export const confirm = (o: {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  onConfirm: () => void;
}): void => {
  modals.openConfirmModal({
    title: o.title,
    children: <Text size="sm">{o.text}</Text>,
    labels: { confirm: o.confirmLabel, cancel: o.cancelLabel },
    confirmProps: o.danger ? { color: 'red' } : {},
    groupProps: { className: classes.actions },
    onConfirm: o.onConfirm,
  });
};
