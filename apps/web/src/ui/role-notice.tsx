import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A calm note that the member's role allows less here (issue 29 item 4): what is shown, and why
 * its buttons are missing or disabled. A note, not an alert: nothing went wrong.
 */
export function RoleNotice({ children }: { children: ReactNode }) {
  return (
    <Alert role="note" variant="light" color="gray" icon={<IconLock size={18} aria-hidden />} mb="md">
      {children}
    </Alert>
  );
}
