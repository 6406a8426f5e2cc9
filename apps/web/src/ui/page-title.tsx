import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of an account page, a size smaller on phones so long German words fit. */
export function PageTitle({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.25}>
        {title}
      </Title>
      {intro && <Text c="dimmed">{intro}</Text>}
    </Stack>
  );
}
