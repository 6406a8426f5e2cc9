import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * The one not-found view, in three variants: `page` (an unknown app path: a 404 heading and text),
 * `area` (an unknown path inside a frame that stays, e.g. the environment shell) and `alert` (an
 * unknown thing a screen was asked for, e.g. a record type: one line, announced as an alert).
 * Texts come from the caller's catalog.
 */
export function NotFoundView({
  variant,
  title,
  text,
  back,
}: {
  variant: 'page' | 'area' | 'alert';
  title: string;
  text?: string;
  back: { to: string; label: string };
}) {
  return (
    <Stack
      align="center"
      gap="md"
      py={variant === 'page' ? 48 : 64}
      ta="center"
      role={variant === 'alert' ? 'alert' : undefined}
    >
      <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden={variant === 'page' ? undefined : true}>
        <IconMapSearch size={32} stroke={1.6} />
      </ThemeIcon>
      {variant === 'alert' ? (
        <Text fz={22} fw={650}>
          {title}
        </Text>
      ) : (
        <Title order={1} fz={variant === 'page' ? 26 : 24}>
          {title}
        </Title>
      )}
      {text && <Text c="dimmed">{text}</Text>}
      <Button component={Link} to={back.to} variant="light" mt={variant === 'alert' ? undefined : 'sm'}>
        {back.label}
      </Button>
    </Stack>
  );
}
