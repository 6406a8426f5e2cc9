import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Spec 01 §2 "Page title bar": title, subtitle, back link and actions of three kinds. The download
 * kind calls its source (POST unless `method` says otherwise) and opens the returned url.
 * (Interface fixed; the environment-shell work completes the download behaviour and preview modal.)
 */
export type TitleAction =
  | { kind: 'link'; label: string; to: string; icon?: ReactNode; disabled?: boolean; primary?: boolean }
  | { kind: 'external'; label: string; href: string; icon?: ReactNode }
  | {
      kind: 'download';
      label: string;
      source: string;
      data?: Record<string, unknown>;
      method?: 'POST' | 'GET';
      icon?: ReactNode;
    };

export type PageTitleBarProps = Readonly<{
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label?: string };
  actions?: TitleAction[];
}>;

export const PageTitleBar = ({ title, subtitle, actions = [] }: PageTitleBarProps) => (
  <Group justify="space-between" align="flex-start" mb="lg">
    <Stack gap={2}>
      <Title order={2}>{title}</Title>
      {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
    </Stack>
    <Group>
      {actions.map((a) =>
        a.kind === 'link' ? (
          <Button key={a.label} component={Link} to={a.to} disabled={a.disabled} leftSection={a.icon}>
            {a.label}
          </Button>
        ) : null,
      )}
    </Group>
  </Group>
);
