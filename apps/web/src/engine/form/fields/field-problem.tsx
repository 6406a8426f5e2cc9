import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A definition the engine cannot render (unknown type, missing field): shown where the field would be. */
export function FieldProblem({ children }: { children: ReactNode }) {
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
      {children}
    </Alert>
  );
}
