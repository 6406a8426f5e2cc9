import { Flex } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The buttons under a form or outcome: side by side from `sm` on, on phones full width with the
 * primary action (the last child) on top.
 */
export function FormActions({
  children,
  justify = 'flex-end',
}: {
  children: ReactNode;
  justify?: 'flex-end' | 'center';
}) {
  return (
    <Flex
      direction={{ base: 'column-reverse', sm: 'row' }}
      justify={justify}
      align={{ base: 'stretch', sm: 'center' }}
      gap="sm"
      w={{ base: '100%', sm: 'auto' }}
    >
      {children}
    </Flex>
  );
}
