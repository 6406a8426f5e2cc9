import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The white card of the public pages: a title, an optional intro line and the content. */
export function AuthCard({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={26}>
            {title}
          </Title>
          {intro && (
            <Text c="dimmed" size="sm">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
