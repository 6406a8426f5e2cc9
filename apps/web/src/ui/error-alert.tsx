import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A failure shown above a form or list; `role="alert"` so screen readers announce it. */
export function ErrorAlert({
  title,
  children,
  onClose,
}: {
  title?: ReactNode;
  children?: ReactNode;
  onClose?: () => void;
}) {
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle size={20} />}
      withCloseButton={!!onClose}
      onClose={onClose}
    >
      {children}
    </Alert>
  );
}
