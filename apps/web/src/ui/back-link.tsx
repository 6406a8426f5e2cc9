import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A quiet "← Zurück"-style link to another route. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      fw={500}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, alignSelf: 'flex-start' }}
    >
      <IconArrowLeft size={16} aria-hidden />
      {children}
    </Anchor>
  );
}
