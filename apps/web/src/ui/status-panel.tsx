import { Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Tone = 'loading' | 'success' | 'error';

/** A centred outcome card: a spinner, a check or a cross, a title, a text and actions. */
export function StatusPanel({
  tone,
  title,
  children,
  actions,
}: {
  tone: Tone;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
      <Stack align="center" ta="center" gap="md" role={tone === 'error' ? 'alert' : 'status'} mih={180}>
        {tone === 'loading' ? (
          <Loader size={48} type="oval" aria-hidden />
        ) : (
          <ThemeIcon size={64} radius="xl" variant="light" color={tone === 'success' ? 'teal' : 'red'} aria-hidden>
            {tone === 'success' ? <IconCheck size={32} stroke={2.2} /> : <IconX size={32} stroke={2.2} />}
          </ThemeIcon>
        )}
        <Title order={1} fz={24}>
          {title}
        </Title>
        {children && <Text c="dimmed">{children}</Text>}
        {actions}
      </Stack>
    </Paper>
  );
}
